"""Scoring a Pitch hand from its scoresheet line alone (no cards).

The line names the pitcher (seat), the bid, trump, the side (0: seats 1 and 3,
1: seats 2 and 4) that took High, Low, Jack and Game (null: nobody, for Jack and
Game), and whether the bid was made. "made" is checked against the points: a bid of
2 to 4 is made exactly when the pitcher's side took that many points; a smudge
needs all four points (its six tricks are not on the sheet, so a smudge written
as made with four points is taken on trust).
"""

from __future__ import annotations

from games.engine.text import N_, Card, Text
from games.pitch.rules import BID_TEXT, SMUDGE, hand_scores
from games.shared import all_fours
from games.shared.wording import seat_choices, side_choices

BIDS = {text: value for value, text in BID_TEXT.items()}
# jack and game may be left out: nobody took them
REQUIRED = ("pitcher", "bid", "trump", "high", "low", "made")


def problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}


def _side(summary, point, problems, required, teams):
    value = summary.get(point)
    if value is None and not required:
        return None
    if type(value) is not int or value not in (0, 1):
        need = side_choices(teams, or_null=not required)
        problems.append(problem(None, point, "side-range", Text(N_("%(point)s must name the side that took it, written %(need)s; not %(value)s"), point=point, need=need, value=repr(value))))
    return value


def read_summary(game, state, summary) -> tuple[list[int] | None, list[dict]]:
    missing = [field for field in REQUIRED if field not in summary]
    if missing:
        return None, [problem(None, field, "missing-field", Text(N_("a %(game)s scoresheet line needs %(field)s"), game="Pitch", field=field)) for field in missing]
    problems: list[dict] = []
    pitcher = summary.get("pitcher")
    if type(pitcher) is not int or not 0 <= pitcher < state.n:
        problems.append(problem(None, "pitcher", "pitcher-range", Text(N_("pitcher must be a seat, written %(choices)s; not %(pitcher)s"), choices=seat_choices(state.n), pitcher=repr(pitcher))))
    written = summary.get("bid")
    bid = BIDS.get(written) if isinstance(written, str) else None
    bidder = pitcher if type(pitcher) is int else None
    if bid == SMUDGE and bid not in game.bid_values():
        problems.append(problem(bidder, "bid", "no-smudge",
                                Text(N_("smudge is not played at this table (option smudge)"))))
    elif bid is None or bid not in game.bid_values():
        allowed = ", ".join(BID_TEXT[v] for v in game.bid_values())
        problems.append(problem(bidder, "bid", "bid-value",
                                Text(N_("bid must be one of %(allowed)s, not %(written)s"), allowed=allowed, written=repr(written))))
    if summary.get("trump") not in ("S", "H", "D", "C"):
        problems.append(problem(None, "trump", "trump-value", Text(N_("trump must be S, H, D or C"))))
    taken = {point: _side(summary, point, problems, point in ("high", "low"), game.teams)
             for point in all_fours.POINTS}
    made = summary.get("made")
    if not isinstance(made, bool):
        problems.append(problem(None, "made", "missing-field", Text(N_("made must be true or false"))))
    if problems:
        return None, problems
    side = game.team_of[pitcher]
    points = all_fours.points_taken(taken, 2)
    # a smudge written as made is trusted to have taken every trick
    scores, really = hand_scores(bid, side, points, made)
    if really != made:
        want = "made" if really else "set"
        problems.append(problem(pitcher, "made", "made-mismatch", Text(N_("the pitching side took %(points)s points on a bid of %(bid)s: it was made") if want == "made" else N_("the pitching side took %(points)s points on a bid of %(bid)s: it was set"), points=points[side], bid=Card(BID_TEXT[bid]))))
    state.vars["made_by"] = side if really else None
    return scores, problems
