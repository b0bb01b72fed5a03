"""Checking a match record: a scoresheet or a card-by-card record (docs/records.md).

`check_record(record)` never raises on bad input; it returns a `CheckReport` whose
errors each name the hand, seat and field and carry a stable code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.bluke.record_hands import HandChecker
from games.engine.errors import RecordError, RulesError
from games.engine.text import N_, Text
from games.rules.record_depth import MAX_DEPTH, deepest, place_of
from games.rules.record_shape import flat_hand
from games.shared.wording import seat_choices


@dataclass
class CheckReport:
    """Outcome of `check_record`. Scores and totals are per seat, or per team."""

    game: str | None = None
    readable: bool = True
    complete: bool = False
    errors: list[RecordError] = field(default_factory=list)
    scores: list[list[int] | None] = field(default_factory=list)
    # Per hand: tricks won per seat, derived from the plays (card by card) or as written
    # (a team's tricks on its first seat); None for a hand that could not be scored.
    tricks: list[list[int] | None] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    winner: list[int] | None = None
    hands_expected: int = 0
    # What the check found on the way, so a submission need not load or replay again
    # (none of it is in `to_dict`): the configured game it loaded; for a game whose
    # hands are summaries, per hand the referee's facts (dealer, cards, summary, tricks
    # per seat, None for a hand written without plays) and, once the match is over,
    # the places per unit.
    rules: object = None
    played: list[dict] = field(default_factory=list)
    places: list[int] | None = None

    @property
    def valid(self) -> bool:
        return self.readable and not self.errors

    def to_dict(self) -> dict:
        return {
            "game": self.game, "valid": self.valid, "complete": self.complete,
            "readable": self.readable, "errors": [e.to_dict() for e in self.errors],
            "scores": self.scores, "totals": self.totals, "winner": self.winner,
            "hands_expected": self.hands_expected,
        }


def _unreadable(report: CheckReport, code: str, fld: str | None, message: str):
    report.readable = False
    report.errors.append(RecordError(None, None, fld, code, message))
    return None


def _load_game(record: dict, report: CheckReport, loaded=None):
    from games.rules import load

    options = record.get("options", {})
    seats = record.get("seats")
    if not isinstance(options, dict):
        return _unreadable(report, "bad-shape", "options",
                           Text(N_("options must be an object")))
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        return _unreadable(report, "bad-shape", "seats", Text(N_("seats must be a list of names")))
    given = dict(options)
    players = given.pop("players", len(seats))
    if loaded is not None and loaded.name == report.game and loaded.options == {
            **loaded.options, **options, "players": players}:
        return loaded  # (as the caller loaded it from this record: not built twice)
    try:
        return load(report.game, players=players, **given)
    except RulesError as exc:
        return _unreadable(report, "bad-options", "options", exc.message)
    except TypeError:  # (Python's own text is English and for programmers)
        return _unreadable(report, "bad-options", "options",
                           Text(N_("an option has a value of the wrong type")))


def check_record(record, *, game=None, boards=None) -> CheckReport:
    """Check a record; see `CheckReport` and docs/records.md for the error codes.

    `game`: the configured rules when the caller has loaded them from this record
    already (used only if they are the record's game and options).
    `boards`: the boards the match was played on (`rules.deal_boards`): each hand is
    also held to its board (`board-mismatch`); the match is over after the last board.
    Boards that are not boards of this game raise RulesError (they are the caller's,
    not the record's)."""
    from games.rules import GAMES

    report = CheckReport()
    if not isinstance(record, dict):
        _unreadable(report, "bad-shape", None, Text(N_("the record must be a JSON object")))
        return report
    depth, path = deepest(record)
    if depth > MAX_DEPTH:
        hand, where = place_of(path)
        report.readable = False
        report.errors.append(RecordError(
            hand, None, where, "bad-shape",
            Text(N_("hand %(hand)s: %(where)s nests lists or objects more than %(depth)s "
                    "deep, which no record does") if hand else
                 N_("%(where)s nests lists or objects more than %(depth)s deep, which no "
                    "record does"), hand=hand, where=where, depth=MAX_DEPTH)))
        return report
    report.game = record.get("game")
    if not isinstance(report.game, str) or report.game not in GAMES:
        _unreadable(report, "unknown-game", "game",
                    Text(N_("unknown game %(game)s; known: %(known)s"),
                         game=repr(report.game), known=", ".join(sorted(GAMES))))
        return report
    game = report.rules = _load_game(record, report, game)
    if game is None:
        return report
    hands = record.get("hands")
    if not isinstance(hands, list):
        _unreadable(report, "bad-shape", "hands", Text(N_("hands must be a list")))
        return report
    first_dealer = record.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
            or not 0 <= first_dealer < game.num_players:
        _unreadable(report, "bad-shape", "first_dealer",
                    Text(N_("first_dealer must be a seat, written %(choices)s"),
                         choices=seat_choices(game.num_players)))
        return report
    if len(record["seats"]) != game.num_players:
        report.errors.append(RecordError(
            None, None, "seats", "seat-count",
            Text(N_("the record names %(seats)s seats but the game is for %(players)s "
                    "players"), seats=len(record["seats"]), players=game.num_players)))
    from games.engine.checker import check_engine_record

    if boards is not None:
        boards = game.prepare_boards(boards)
    if game.record_shape == "summary":
        check_engine_record(game, record, report, boards)
    else:  # flat hands: the Bluke family's table-driven checker (games/bluke/record_hands.py)
        _check_hands(game, record, hands, first_dealer, report, boards)
    return report


def _check_hands(game, record, hands, first_dealer, report, boards=None) -> None:
    schedule = game.schedule
    length = report.hands_expected = len(schedule) if boards is None else len(boards)
    for number in range(len(schedule) + 1 if boards is None else length + 1,
                        len(hands) + 1):
        if boards is not None:
            report.errors.append(RecordError(
                number, None, "hands", "too-many-hands",
                Text(N_("hand %(hand)s: the record has %(count)s hands but the match was "
                        "played on %(boards)s boards"), hand=number, count=len(hands),
                     boards=length)))
            continue
        report.errors.append(RecordError(
            number, None, "hands", "too-many-hands",
            Text(N_("hand %(hand)s: the record has %(count)s hands but this game has "
                    "%(scheduled)s, so hand %(hand)s is beyond the schedule"),
                 hand=number, count=len(hands), scheduled=len(schedule))))
    checker = HandChecker(game, record["seats"], first_dealer, report.errors)
    totals = [0] * len(game.teams)
    all_scored = True  # after a hand that cannot be scored, totals cannot be compared
    for index, hand in enumerate(hands[:length]):
        hand = flat_hand(game, hand, (first_dealer + index) % game.num_players)
        scores = checker.check(index, hand)
        if boards is not None and isinstance(hand, dict):
            from games.bluke.boards import hold_flat_hand

            hold_flat_hand(checker, boards[index], hand, index, scores is not None)
        report.scores.append(scores)
        report.tricks.append(checker.tricks)
        if scores is None:
            all_scored = False
            continue
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        if all_scored:
            checker.check_running(index, hand, totals)
    report.totals = totals
    report.complete = len(hands) >= length
    if report.complete:
        best = max(totals)
        report.winner = [unit for unit, total in enumerate(totals) if total == best]
    if all_scored:
        _check_totals(record, totals, checker, report)


def _check_totals(record, totals, checker, report) -> None:
    given = record.get("totals")
    if given is None:
        return
    if not isinstance(given, list) or len(given) != len(totals):
        report.errors.append(RecordError(
            None, None, "totals", "total-count",
            Text(N_("totals must list %(count)s numbers, one per team")
                 if checker.unit_word == "team" else
                 N_("totals must list %(count)s numbers, one per player"),
                 count=len(totals))))
        return
    for unit, (want, have) in enumerate(zip(totals, given, strict=True)):
        if have != want:
            report.errors.append(RecordError(
                None, unit, "totals", "total-mismatch",
                Text(N_("%(who)s's total is written as %(have)s but the hands add up to "
                        "%(want)s"), who=checker.unit_name(unit), have=have, want=want)))
