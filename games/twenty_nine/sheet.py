"""Reading a Twenty-Nine scoresheet line: a hand scored from its summary alone.

Every problem names the field (``summary.bid``) and, where one seat is at fault,
the seat. The hand is still scored when the written numbers can be read, so a club
sees every mistake of a line at once; the record is then invalid all the same.
"""

from __future__ import annotations

from games.engine.text import N_, Text
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
        return None, [_problem(name, "missing-field",
                               Text(N_("a %(game)s scoresheet line needs %(field)s"),
                                    game="Twenty-Nine", field=name)) for name in missing]
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
        problems.append(_problem("contract", "contract-mismatch",
                                 Text(N_("bid %(bid)s and the royals give a contract of "
                                         "%(contract)s, not %(written)s"), bid=bid,
                                      contract=contract, written=repr(summary["contract"]))))
    scores = game.side_scores(bidder, contract, points)
    result = scores[game.team_of[bidder]]
    if "game_point" in summary and summary["game_point"] != result:
        problems.append(_problem("game_point", "game-point-mismatch",
                                 Text(N_("%(points)s card points against a contract of "
                                         "%(contract)s give %(result)s, not %(written)s"),
                                      points=points[game.team_of[bidder]], contract=contract,
                                      result=f"{result:+d}",
                                      written=repr(summary["game_point"])), seat=bidder))
    return scores, problems


def _basic(game, summary) -> list[dict]:
    """The fields the score is computed from."""
    problems = []
    bidder, bid, points = summary["bidder"], summary["bid"], summary["points"]
    if not _is_int(bidder) or not 0 <= bidder < game.num_players:
        problems.append(_problem("bidder", "seat-range",
                                 Text(N_("the bidder %(bidder)s is not a seat, written "
                                         "%(choices)s"), bidder=repr(bidder),
                                      choices=seat_choices(game.num_players))))
    if not _is_int(bid) or not LOWEST_BID <= bid <= HIGHEST_BID:
        problems.append(_problem("bid", "bid-range",
                                 Text(N_("the bid %(bid)s is not a number from %(low)s to "
                                         "%(high)s"), bid=repr(bid), low=LOWEST_BID,
                                      high=HIGHEST_BID),
                                 seat=bidder if _is_int(bidder) else None))
    total = 28 + (1 if game.options["last_trick"] else 0)
    if not isinstance(points, list) or len(points) != len(game.teams) \
            or not all(_is_int(p) for p in points):
        problems.append(_problem("points", "bad-shape",
                                 Text(N_("points lists the card points of each side (seats 0 "
                                         "and 2, then seats 1 and 3)"))))
    elif any(p < 0 for p in points) or sum(points) != total:
        problems.append(_problem("points", "points-sum",
                                 Text(N_("the card points %(points)s must add up to "
                                         "%(total)s"), points=str(points), total=total)))
    return problems


def _optional(game, summary) -> list[dict]:
    """Fields that do not change the score but must be possible."""
    problems = []
    trump = summary.get("trump")
    if "trump" in summary and trump not in tuple(SUITS):
        problems.append(_problem("trump", "trump-suit",
                                 Text(N_("trump %(trump)s is not one of S, H, D, C"),
                                      trump=repr(trump))))
    revealed = summary.get("revealed", 0)
    if not _is_int(revealed) or not 0 <= revealed <= CARDS:
        problems.append(_problem("revealed", "reveal-range",
                                 Text(N_("revealed %(revealed)s is not a trick from 1 to "
                                         "%(cards)s (0: never)"), revealed=repr(revealed),
                                      cards=CARDS)))
        revealed = 0
    royals = summary.get("royals")
    if royals is None:
        return problems
    if not _is_int(royals) or not 0 <= royals < game.num_players:
        problems.append(_problem("royals", "seat-range",
                                 Text(N_("royals %(royals)s is not a seat, written "
                                         "%(choices)s"), royals=repr(royals),
                                      choices=seat_choices(game.num_players, or_null=True))))
    elif revealed == 0 and "revealed" in summary:
        problems.append(_problem("royals", "royals-without-reveal",
                                 Text(N_("the royals are shown only once trump is revealed")),
                                 seat=royals))
    elif revealed > CARDS - 2:
        problems.append(_problem("royals", "royals-too-late",
                                 Text(N_("trump revealed in trick %(trick)s: nobody holds two "
                                         "cards after it"), trick=revealed),
                                 seat=royals))
    return problems
