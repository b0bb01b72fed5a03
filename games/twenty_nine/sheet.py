"""Reading a Twenty-Nine scoresheet line: a hand scored from its summary alone.

Every problem names the field (``summary.bid``) and, where one seat is at fault,
the seat. The hand is still scored when the written numbers can be read, so a club
sees every mistake of a line at once; the record is then invalid all the same.
"""

from __future__ import annotations

from games.shared.wording import seat_choices
from games.twenty_nine.rules import CARDS, HIGHEST_BID, LOWEST_BID, SUITS, adjusted_contract

REQUIRED = ("bidder", "bid", "points")


def _problem(field, code, message, seat=None) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}


def _is_int(value) -> bool:
    return type(value) is int


def read_sheet(game, summary) -> tuple[list[int] | None, list[dict]]:
    missing = [name for name in REQUIRED if name not in summary]
    if missing:
        return None, [_problem(name, "missing-field", f"a Twenty-Nine scoresheet line "
                               f"needs {name}") for name in missing]
    problems = _basic(game, summary)
    if problems:
        return None, problems
    bidder, bid, points = summary["bidder"], summary["bid"], summary["points"]
    problems += _optional(game, summary)
    royals = summary.get("royals")
    shown = _is_int(royals) and 0 <= royals < game.num_players
    by_bidders = game.team_of[royals] == game.team_of[bidder] if shown else None
    contract = adjusted_contract(bid, by_bidders)
    if "contract" in summary and summary["contract"] != contract:
        problems.append(_problem("contract", "contract-mismatch", f"bid {bid} and the royals "
                                 f"give a contract of {contract}, not {summary['contract']!r}"))
    scores = game.side_scores(bidder, contract, points)
    result = scores[game.team_of[bidder]]
    if "game_point" in summary and summary["game_point"] != result:
        problems.append(_problem("game_point", "game-point-mismatch",
                                 f"{points[game.team_of[bidder]]} card points against a "
                                 f"contract of {contract} give {result:+d}, not "
                                 f"{summary['game_point']!r}", seat=bidder))
    return scores, problems


def _basic(game, summary) -> list[dict]:
    """The fields the score is computed from."""
    problems = []
    bidder, bid, points = summary["bidder"], summary["bid"], summary["points"]
    if not _is_int(bidder) or not 0 <= bidder < game.num_players:
        problems.append(_problem("bidder", "seat-range", f"the bidder {bidder!r} is not a "
                                 f"seat, written {seat_choices(game.num_players)}"))
    if not _is_int(bid) or not LOWEST_BID <= bid <= HIGHEST_BID:
        problems.append(_problem("bid", "bid-range", f"the bid {bid!r} is not a number from "
                                 f"{LOWEST_BID} to {HIGHEST_BID}",
                                 seat=bidder if _is_int(bidder) else None))
    total = 28 + (1 if game.options["last_trick"] else 0)
    if not isinstance(points, list) or len(points) != len(game.teams) \
            or not all(_is_int(p) for p in points):
        problems.append(_problem("points", "bad-shape", "points lists the card points of "
                                 "each side (seats 0 and 2, then seats 1 and 3)"))
    elif any(p < 0 for p in points) or sum(points) != total:
        problems.append(_problem("points", "points-sum", f"the card points {points} must "
                                 f"add up to {total}"))
    return problems


def _optional(game, summary) -> list[dict]:
    """Fields that do not change the score but must be possible."""
    problems = []
    trump = summary.get("trump")
    if "trump" in summary and trump not in tuple(SUITS):
        problems.append(_problem("trump", "trump-suit", f"trump {trump!r} is not one of "
                                 "S, H, D, C"))
    revealed = summary.get("revealed", 0)
    if not _is_int(revealed) or not 0 <= revealed <= CARDS:
        problems.append(_problem("revealed", "reveal-range", f"revealed {revealed!r} is not "
                                 f"a trick from 1 to {CARDS} (0: never)"))
        revealed = 0
    royals = summary.get("royals")
    if royals is None:
        return problems
    if not _is_int(royals) or not 0 <= royals < game.num_players:
        problems.append(_problem("royals", "seat-range", f"royals {royals!r} is not a seat, "
                                 f"written {seat_choices(game.num_players, or_null=True)}"))
    elif revealed == 0 and "revealed" in summary:
        problems.append(_problem("royals", "royals-without-reveal", "the royals are shown "
                                 "only once trump is revealed", seat=royals))
    elif revealed > CARDS - 2:
        problems.append(_problem("royals", "royals-too-late", f"trump revealed in trick "
                                 f"{revealed}: nobody holds two cards after it",
                                 seat=royals))
    return problems
