"""Ribs scoresheets: scoring a hand from its summary alone (games/rules/ribs.py).

A club writes per hand the points each player captured (required), who won the hand
and, per trick, the high bid, its bidder and the outcome (both optional, checked
when written). The hand is scored from the points: 1 to each player with the most.
"""

from __future__ import annotations

from games.engine.text import N_, Text
from games.shared.wording import seat_choices

MADE, MISSED, CRACKED = "made", "missed", "cracked"
POINTS_PER_PLAYER = 10  # each suit holds K Q J (2 each) and T 9 8 7 (1 each)
TRICKS = 4


def hand_scores(points: list[int]) -> list[int]:
    """1 to each player with the most captured points (ties share), else 0."""
    best = max(points)
    return [1 if p == best else 0 for p in points]


def problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": field, "code": code, "message": message}


def is_int(value) -> bool:
    return type(value) is int


def read_points(summary, n: int) -> list[dict]:
    points = summary.get("points")
    if not isinstance(points, list) or len(points) != n:
        return [problem(None, "summary.points", "bad-shape",
                        Text(N_("points must list the points captured by each of the %(n)s players"), n=n))]
    most = POINTS_PER_PLAYER * n
    problems = [problem(seat, "summary.points", "points-range",
                        Text(N_("seat %(seat)s's points %(value)s are not a number from 0 to %(most)s"), seat=seat + 1, value=repr(value), most=most))
                for seat, value in enumerate(points) if not is_int(value) or not 0 <= value <= most]
    if not problems and sum(points) > most:
        problems.append(problem(None, "summary.points", "points-sum",
                                Text(N_("the points add up to %(total)s; the pack holds %(most)s"), total=sum(points), most=most)))
    return problems


def read_winners(summary, scores: list[int]) -> list[dict]:
    won = summary.get("won")
    if won is None:
        return []
    if not isinstance(won, list) or len(won) != len(scores) \
            or any(not isinstance(w, bool) for w in won):
        return [problem(None, "summary.won", "bad-shape",
                        Text(N_("won must say true or false for each player")))]
    return [problem(seat, "summary.won", "winner-mismatch",
                    Text(N_("seat %(seat)s won the hand by the points, but won is written as %(flag)s") if score else N_("seat %(seat)s did not win the hand by the points, but won is written as %(flag)s"), seat=seat + 1, flag=flag))
            for seat, (flag, score) in enumerate(zip(won, scores, strict=True))
            if flag != bool(score)]


def read_row(row, n: int, top: int) -> list[dict]:
    field = "summary.trick_results"
    if not isinstance(row, dict):
        return [problem(None, field, "bad-shape", Text(N_("each trick result must be an object")))]
    bidder, bid, outcome = row.get("bidder"), row.get("bid"), row.get("outcome")
    cracker = row.get("cracker")
    if not is_int(bidder) or not 0 <= bidder < n:
        return [problem(None, field, "bidder-range", Text(N_("bidder %(bidder)s is not a seat, written %(choices)s"), bidder=repr(bidder), choices=seat_choices(n)))]
    problems = []
    if not is_int(bid) or not 2 <= bid <= top:
        problems.append(problem(bidder, field, "bid-range",
                                Text(N_("bid %(bid)s is not a number from 2 to %(top)s"), bid=repr(bid), top=top)))
    if outcome not in (MADE, MISSED, CRACKED):
        problems.append(problem(bidder, field, "bad-outcome",
                                Text(N_("outcome %(outcome)s is not made, missed or cracked"), outcome=repr(outcome))))
    elif outcome == CRACKED and (not is_int(cracker) or not 0 <= cracker < n
                                 or cracker == bidder):
        problems.append(problem(bidder, field, "cracker-range", Text(N_("a cracked trick names "
                                "the seat that cracked the ribs (not the bidder)"))))
    elif outcome != CRACKED and cracker is not None:
        problems.append(problem(cracker if is_int(cracker) else None, field, "cracker-range",
                                Text(N_("only a cracked trick names a cracker (%(outcome)s)"), outcome=outcome)))
    return problems


def read_rows(summary, points: list[int], n: int, top: int) -> list[dict]:
    rows = summary.get("trick_results")
    if rows is None:
        return []
    if not isinstance(rows, list) or len(rows) != TRICKS:
        return [problem(None, "summary.trick_results", "bad-shape",
                        Text(N_("trick_results must list the %(tricks)s tricks"), tricks=TRICKS))]
    problems = [p for row in rows for p in read_row(row, n, top)]
    if problems:
        return problems
    made = [0] * n  # a bid made captures at least its bid in points, kept to the end
    for row in rows:
        if row["outcome"] == MADE:
            made[row["bidder"]] += row["bid"]
    return [problem(seat, "summary.points", "points-below-bids",
                    Text(N_("seat %(seat)s made bids of %(made)s points in all but is written with %(points)s"), seat=seat + 1, made=made[seat], points=points[seat]))
            for seat in range(n) if points[seat] < made[seat]]


def read_summary(summary, n: int, top: int) -> tuple[list[int] | None, list[dict]]:
    """Scores of a scoresheet hand and the problems found (seat, field, code)."""
    if not isinstance(summary, dict):
        return None, [problem(None, "summary", "bad-shape", Text(N_("the summary must be an object")))]
    problems = read_points(summary, n)
    if problems:
        return None, problems
    points = summary["points"]
    scores = hand_scores(points)
    problems = read_winners(summary, scores) + read_rows(summary, points, n, top)
    return scores, problems
