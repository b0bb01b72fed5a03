"""Checking a submitted record against the rules core and against the table it is for.

Seat names: the record's `seats` are labels written on the scoresheet (display names,
nicknames or "Seat 1"). The table's Seat rows decide who played where. A label that is the
display name of a *different* player seated at the same table is refused
(`seat-mismatch`): it means the sheet was written in another seat order.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import rules
from games.rules.record_shape import flat_hand
from league.safe_json import UnsafeJSON, check_json
from tournaments.checker_messages import translated


def error(code: str, message: str, *, field: str = "", hand=None, seat=None) -> dict:
    return {"hand": hand, "seat": seat, "field": field, "code": code, "message": message}


def record_hash(record) -> str:
    """sha256 of the canonical JSON (sorted keys, no spaces): equal records, equal hashes."""
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def error_dicts(errors) -> list[dict]:
    """The checker's errors as plain dicts with hand, seat, field, code and message (in
    the active language: `tournaments.checker_messages`)."""
    result = []
    for item in errors or ():
        if hasattr(item, "to_dict"):
            item = item.to_dict()
        elif not isinstance(item, dict):
            item = {name: getattr(item, name, None)
                    for name in ("hand", "seat", "field", "code", "message")}
        result.append({
            "hand": item.get("hand"), "seat": item.get("seat"), "field": item.get("field") or "",
            "code": item.get("code") or "invalid", "message": translated(item.get("message")),
        })
    return result


def table_game_options(table, players: int) -> dict:
    """The table's full option set as the rules core normalizes it."""
    return rules.load(table.game, **{**(table.options or {}), "players": players}).options


def _record_options(record: dict, players: int) -> dict:
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise rules.RulesError(rules.Text(gettext_noop("options must be an object")))
    return rules.load(record["game"], **{"players": players, **options}).options


@cache
def _known_fields(game: str) -> tuple[frozenset, frozenset]:
    """(record fields, hand fields) the game's record JSON Schema describes."""
    schema = rules.record_schema(game)
    hand = schema["properties"]["hands"]["items"]
    shapes = [hand, *hand.get("anyOf", ()), *hand.get("oneOf", ())]  # flat or engine shape
    return (frozenset(schema["properties"]),
            frozenset(key for shape in shapes for key in shape.get("properties", ())))


def input_errors(record) -> list[dict]:
    """Refusals before any rule is checked: text no database stores, and unknown fields.

    Unknown fields are refused, not dropped: a misspelt "trumps" would otherwise vanish
    silently, and nothing outside the documented record (docs/records.md) is stored.
    """
    try:
        check_json(record)
    except UnsafeJSON as problem:
        return [error("unsafe-text", _("The record is refused: %(problem)s.") % {
            "problem": problem})]
    if not isinstance(record, dict) or record.get("game") not in rules.GAMES:
        return []  # the table and the rules core name these mistakes
    top, per_hand = _known_fields(record["game"])
    problems = [error("unknown-field", _("%(field)r is not a field of a record") % {
        "field": key}, field=str(key)) for key in record if key not in top]
    hands = record.get("hands")
    for number, hand in enumerate(hands if isinstance(hands, list) else [], start=1):
        if isinstance(hand, dict):
            problems += [error("unknown-field", _("hand %(hand)s: %(field)r is not a field "
                                                  "of a hand") % {"hand": number, "field": key},
                               field=str(key), hand=number)
                         for key in hand if key not in per_hand]
    return problems


def match_errors(table, record, seat_names: list[str | None]) -> list[dict]:
    """Why `record` cannot be this table's result (empty when it fits)."""
    if not isinstance(record, dict):
        return [error("not-a-record", _("A record must be a JSON object."))]
    if record.get("game") != table.game:
        return [error("game-mismatch", _("This table plays %(table)r, the record is for "
                                         "%(record)r.") % {"table": table.game,
                                                           "record": record.get("game")},
                      field="game")]
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != len(seat_names):
        count = len(seats) if isinstance(seats, list) else _("no")
        return [error("seat-count", _("This table has %(table)s seats, the record has "
                                      "%(record)s.") % {"table": len(seat_names),
                                                        "record": count}, field="seats")]
    if not _same_options(table, record, len(seat_names)):
        return _options_errors(table, record, seat_names)
    return _seat_order_errors(seats, seat_names)


def _same_options(table, record: dict, players: int) -> bool:
    """Whether the record's options normalize to the table's, without building the game
    (the checker builds it once, from the record)."""
    options = record.get("options") or {}
    try:
        return isinstance(options, dict) and rules.options_of(
            table.game, **{**(table.options or {}), "players": players}) == rules.options_of(
            record["game"], **{"players": players, **options})
    except (rules.RulesError, TypeError):  # the slow path below names the problem
        return False


def _options_errors(table, record: dict, seat_names: list[str | None]) -> list[dict]:
    try:
        expected = table_game_options(table, len(seat_names))
        given = _record_options(record, len(seat_names))
    except rules.RulesError as problem:
        return [error("bad-options", translated(problem.message), field="options")]
    if given != expected:
        differing = sorted(k for k in expected if expected.get(k) != given.get(k))
        return [error("options-mismatch", _("The record's options differ from the table's: ")
                      + ", ".join(_("%(option)s=%(given)r (table: %(table)r)") % {
                                      "option": k, "given": given.get(k),
                                      "table": expected.get(k)} for k in differing),
                      field="options")]
    return _seat_order_errors(record["seats"], seat_names)


def _seat_order_errors(seats: list, seat_names: list[str | None]) -> list[dict]:
    def norm(name):
        return str(name).strip().casefold() if name else None

    owners = {norm(name): pos for pos, name in enumerate(seat_names) if name}
    problems = []
    for position, label in enumerate(seats):
        seated_at = owners.get(norm(label))
        if seated_at is not None and seated_at != position:
            problems.append(error(
                "seat-mismatch", _("%(name)r sits at seat %(seat)s at this table, not seat "
                                   "%(position)s.") % {"name": label, "seat": seated_at + 1,
                                                       "position": position + 1},
                field="seats", seat=position))
    return problems


@dataclass(frozen=True)
class Verdict:
    """What a valid record means for the table: status, per-hand scores, per-seat totals."""

    complete: bool
    seat_totals: list
    seat_ranks: list[int]
    hand_scores: list
    hand_tricks: list  # per hand: tricks per seat as the rules core derived them, or None
    schedule: list[int]  # cards per player, hand by hand (empty: no fixed schedule)
    hands: list  # the record's hands laid out flat (a hand may be in the engine's shape)
    # engine games, per hand: the facts a replay found (dealer, cards, summary, tricks)
    played: list = ()
    game: object = None  # the configured rules the record was checked with


def check(record: dict, game=None) -> tuple[object, list[dict]]:
    """Run the rules core's checker (with the rules already loaded from `record`, if
    given); returns (report, errors as dicts)."""
    report = rules.check_record(record, game=game) if game is not None \
        else rules.check_record(record)
    if getattr(report, "valid", False):
        return report, []
    problems = error_dicts(getattr(report, "errors", ()))
    return report, problems or [error("invalid", _("The record breaks the rules."))]


def ranks_of(totals: list, ranking=None) -> list[int]:
    """Competition ranking, 1 is best, ties share a place; by the game's own `ranking`
    (the lowest total wins in Buck Euchre), else higher is better."""
    if ranking is not None:
        return list(ranking.places(list(totals)))
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def verdict(record: dict, report, players: int) -> Verdict:
    """What the checked record means for the table. The checker's report carries the game
    it loaded and what its replay found, so a submission loads and replays once."""
    if getattr(report, "rules", None) is None:  # (a report made elsewhere: check here)
        report = rules.check_record(record)
    game = report.rules
    unit_totals = list(getattr(report, "totals", None) or [0] * len(game.teams))
    played, places = (list(report.played), report.places) if rules.writes_summaries(game) \
        else ([], None)
    unit_ranks = places if places and len(places) == len(unit_totals) \
        else ranks_of(unit_totals, getattr(game, "ranking", None))
    if len(unit_totals) == len(game.teams) and len(game.teams) != players:
        team_of = {seat: index for index, team in enumerate(game.teams) for seat in team}
        seat_totals = [unit_totals[team_of[s]] for s in range(players)]
        seat_ranks = [unit_ranks[team_of[s]] for s in range(players)]
    else:
        seat_totals, seat_ranks = unit_totals, unit_ranks
    return Verdict(
        complete=bool(getattr(report, "complete", False)),
        seat_totals=seat_totals,
        seat_ranks=seat_ranks,
        hand_scores=list(getattr(report, "scores", None) or []),
        hand_tricks=list(getattr(report, "tricks", None) or []),
        schedule=list(game.schedule or []),
        hands=_flat_hands(game, record),
        played=played,
        game=game,
    )


def _flat_hands(game, record: dict) -> list:
    first_dealer = record.get("first_dealer", 0)
    first_dealer = first_dealer if isinstance(first_dealer, int) else 0
    return [flat_hand(game, hand, (first_dealer + index) % game.num_players)
            for index, hand in enumerate(record.get("hands") or [])]
