"""Checking a match record: a scoresheet or a card-by-card record (docs/records.md).

`check_record(record)` never raises on bad input; it returns a `CheckReport` whose
errors each name the hand, seat and field and carry a stable code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.bluke.record_hands import HandChecker
from games.engine.errors import RecordError, RulesError
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
        return _unreadable(report, "bad-shape", "options", "options must be an object")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        return _unreadable(report, "bad-shape", "seats", "seats must be a list of names")
    given = dict(options)
    players = given.pop("players", len(seats))
    if loaded is not None and loaded.name == report.game and loaded.options == {
            **loaded.options, **options, "players": players}:
        return loaded  # (as the caller loaded it from this record: not built twice)
    try:
        return load(report.game, players=players, **given)
    except (RulesError, TypeError) as exc:
        return _unreadable(report, "bad-options", "options", str(exc))


def check_record(record, *, game=None) -> CheckReport:
    """Check a record; see `CheckReport` and docs/records.md for the error codes.

    `game`: the configured rules when the caller has loaded them from this record
    already (used only if they are the record's game and options)."""
    from games.rules import GAMES

    report = CheckReport()
    if not isinstance(record, dict):
        _unreadable(report, "bad-shape", None, "the record must be a JSON object")
        return report
    depth, path = deepest(record)
    if depth > MAX_DEPTH:
        hand, where = place_of(path)
        report.readable = False
        report.errors.append(RecordError(
            hand, None, where, "bad-shape",
            (f"hand {hand}: " if hand else "") + f"{where} nests lists or objects more "
            f"than {MAX_DEPTH} deep, which no record does"))
        return report
    report.game = record.get("game")
    if not isinstance(report.game, str) or report.game not in GAMES:
        _unreadable(report, "unknown-game", "game",
                    f"unknown game {report.game!r}; known: {', '.join(sorted(GAMES))}")
        return report
    game = report.rules = _load_game(record, report, game)
    if game is None:
        return report
    hands = record.get("hands")
    if not isinstance(hands, list):
        _unreadable(report, "bad-shape", "hands", "hands must be a list")
        return report
    first_dealer = record.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
            or not 0 <= first_dealer < game.num_players:
        _unreadable(report, "bad-shape", "first_dealer",
                    f"first_dealer must be a seat, written {seat_choices(game.num_players)}")
        return report
    if len(record["seats"]) != game.num_players:
        report.errors.append(RecordError(
            None, None, "seats", "seat-count",
            f"the record names {len(record['seats'])} seats but the game is for "
            f"{game.num_players} players"))
    from games.engine.checker import check_engine_record

    if game.record_shape == "summary":
        check_engine_record(game, record, report)
    else:  # flat hands: the Bluke family's table-driven checker (games/bluke/record_hands.py)
        _check_hands(game, record, hands, first_dealer, report)
    return report


def _check_hands(game, record, hands, first_dealer, report) -> None:
    schedule = game.schedule
    report.hands_expected = len(schedule)
    for number in range(len(schedule) + 1, len(hands) + 1):
        report.errors.append(RecordError(
            number, None, "hands", "too-many-hands",
            f"hand {number}: the record has {len(hands)} hands but this game has "
            f"{len(schedule)}, so hand {number} is beyond the schedule"))
    checker = HandChecker(game, record["seats"], first_dealer, report.errors)
    totals = [0] * len(game.teams)
    all_scored = True  # after a hand that cannot be scored, totals cannot be compared
    for index, hand in enumerate(hands[:len(schedule)]):
        hand = flat_hand(game, hand, (first_dealer + index) % game.num_players)
        scores = checker.check(index, hand)
        report.scores.append(scores)
        report.tricks.append(checker.tricks)
        if scores is None:
            all_scored = False
            continue
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        if all_scored:
            checker.check_running(index, hand, totals)
    report.totals = totals
    report.complete = len(hands) >= len(schedule)
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
            f"totals must list {len(totals)} numbers, one per {checker.unit_word}"))
        return
    for unit, (want, have) in enumerate(zip(totals, given, strict=True)):
        if have != want:
            report.errors.append(RecordError(
                None, unit, "totals", "total-mismatch",
                f"{checker.unit_name(unit)}'s total is written as {have} but the hands "
                f"add up to {want}"))
