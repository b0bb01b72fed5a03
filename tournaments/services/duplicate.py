"""Duplicate nights: the movement, the boards of each round, and who may see them.

A night whose format is `duplicate` is planned like any other (`event_plan_seating`,
from the organiser's page, the API or a task), but:

- every table of a round has the same number of seats (the preferred size; the others
  sit out), individual games seated by the seat rotation, partnership games in fixed
  partnerships moving like a Mitchell movement (`tournaments.formats.duplicate`);
- each round gets its boards, dealt by the rules core from the night's stored board seed
  (the first plan's seed, kept by re-plans) and the round's number (`rules.deal_boards`), as many as `Event.boards_per_round` (empty:
  the game's natural match length), stored as `Board` rows with a short checksum;
- the stored plan's report says how often each pair of players was compared.

Results of a duplicate table are checked against its round's boards and bots play them
(`table_boards`). The boards of a night that is not closed are for its organisers only
(`visible_boards`): anyone else gets a 404 from pages and API alike.
"""

from __future__ import annotations

import hashlib
import json
import zlib

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from league.models import Player
from league.permissions import MANAGE, can
from league.services.audit import audit_record
from league.table_sizes import TableSizes
from tournaments.formats import duplicate as movement
from tournaments.models import Board, Event, EventFormat, EventStatus, Round, Table

# A game with neither a schedule nor a number of hands as an option plays to a target
# score: its match has no fixed length, so a duplicate round deals this many boards.
TARGET_GAME_BOARDS = 8
MAX_BOARDS = 60
ALGORITHM = "tournaments.formats.duplicate: rotation / fixed partnerships, same boards"


def is_duplicate(event: Event) -> bool:
    return event.format == EventFormat.DUPLICATE


def _match_hands(game) -> int | None:
    """Hands in a match of `game` when it has a set number (Bluke's schedule, Mighty's
    option), else None (a game played to a target score)."""
    ending = getattr(game, "ending", None)
    hands = ending.hands() if ending is not None and hasattr(ending, "hands") else None
    if hands:
        return int(hands)
    schedule = getattr(game, "schedule", None)
    return len(schedule) if schedule else None


def _most_boards(game) -> int:
    """The most boards one match can hold: its hands, else the ending's limit, else ours."""
    limit = getattr(getattr(game, "ending", None), "limit", None)
    return _match_hands(game) or (int(limit) if isinstance(limit, int) and limit > 0
                                  else MAX_BOARDS)


def natural_boards(game) -> int:
    """The game's natural match length in hands: its set number of hands (Bluke's 25 of
    13…1…13, Mighty's option), else `TARGET_GAME_BOARDS` for a game played to a target."""
    return _match_hands(game) or min(TARGET_GAME_BOARDS, _most_boards(game))


def check_board_count(count, game=None) -> None:
    """Refuse a board count no table could play, naming the field."""
    if count is None:
        return
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_BOARDS:
        raise ValidationError({"boards_per_round": _(
            "Boards per round must be a whole number from 1 to %(most)d.") % {"most": MAX_BOARDS}})
    most = _most_boards(game) if game is not None else MAX_BOARDS
    if count > most:
        raise ValidationError({"boards_per_round": _(
            "A match of this game has at most %(hands)d hands: deal at most %(hands)d boards.")
            % {"hands": most}})


def check_on_boards(record, game, boards: list[dict]):
    """`tournaments.services.records.check` holding the record to its table's boards: a
    hand whose cards, turned card, widow or stock differ from its board is refused
    (`board-mismatch`, naming hand and seat)."""
    from tournaments.services.records import error, error_dicts

    report = rules.check_record(record, game=game, boards=boards) if game is not None \
        else rules.check_record(record, boards=boards)
    if getattr(report, "valid", False):
        return report, []
    problems = error_dicts(getattr(report, "errors", ()))
    return report, problems or [error("invalid", _("The record breaks the rules."))]


def board_checksum(deal) -> str:
    """Six hexadecimal digits of the board's canonical JSON: printed on the slip."""
    canonical = json.dumps(deal, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:6].upper()


def round_seed(seed, number: int) -> int:
    """The boards' seed of round `number` from the night's stored seed."""
    return zlib.crc32(f"duplicate/{seed}/{number}".encode())


def duplicate_sizes(sizes: TableSizes) -> TableSizes:
    """Every table of a round the same size: the preferred one."""
    return TableSizes(preferred=sizes.preferred, allowed=(sizes.preferred,))


def _event_game(event: Event, players: int):
    return rules.load(event.game, players=players, **(event.options or {}))


def round_make_boards(*, rnd: Round, seed, players: int, count: int | None = None) -> list[Board]:
    """Deal and store the round's boards (a round that has them keeps them)."""
    existing = list(rnd.boards.order_by("number"))
    if existing:
        return existing
    event = rnd.event
    game = _event_game(event, players)
    count = count or event.boards_per_round or natural_boards(game)
    deals = rules.deal_boards(event.game, players, round_seed(seed, rnd.number), count,
                              **(event.options or {}))
    return Board.objects.bulk_create(
        Board(round=rnd, number=number, deal=deal, checksum=board_checksum(deal))
        for number, deal in enumerate(deals, start=1))


def event_plan_duplicate(*, event: Event, players: list[int], rounds: int, kept: list[Round],
                         seed: int, sizes: TableSizes, user, time_budget=None) -> Event:
    """The seating service's plan for a duplicate night (inside its transaction, the event
    locked, unkept rounds deleted): seat the rounds after the kept ones, deal every
    round's boards, store the plan with its comparison report."""
    from tournaments.services.seating import _rotation_plan, _tables_of, _write_rounds

    sizes = duplicate_sizes(sizes)
    game = _event_game(event, sizes.preferred)
    check_board_count(event.boards_per_round, game)
    to_plan = rounds - len(kept)
    kept_tables = [_tables_of([rnd]) for rnd in kept]
    units, spare, rotation_report = [], [], {}
    if game.partnership:
        units, spare = movement.partnership_units(players, len(game.teams[0]), seed)
        if len(units) < len(game.teams):
            raise ValidationError({"players": _(
                "%(n)d players make %(units)d partnerships; a table needs %(need)d.")
                % {"n": len(players), "units": len(units), "need": len(game.teams)}})
        planned, sit_outs = movement.partnership_movement(units, game.teams, rounds)
        planned, sit_outs = planned[len(kept):], [sorted(o + spare) for o in sit_outs[len(kept):]]
    elif to_plan:
        if len(players) < sizes.preferred:
            raise ValidationError({"players": _(
                "%(n)d players are here; every table of a duplicate round seats %(size)d.")
                % {"n": len(players), "size": sizes.preferred}})
        plan = _rotation_plan(event, players, to_plan, kept_tables, seed, time_budget, sizes)
        planned, sit_outs, rotation_report = plan["rounds"], plan["sit_outs"], plan["report"]
    else:
        planned, sit_outs = [], []
    first = max((r.number for r in kept), default=0) + 1
    if planned:
        _write_rounds(event, planned, first, user)
    every = list(event.rounds.prefetch_related("tables__seats"))
    # The boards keep the first plan's seed: a re-plan (someone arrived) re-seats rounds
    # but deals them the same boards, so slips printed already stay good.
    board_seed = (event.seating or {}).get("board_seed", seed)
    for rnd in every:
        round_make_boards(rnd=rnd, seed=board_seed, players=sizes.preferred)
    _store_plan(event, every, players, seed, kept, sit_outs, units, game, rotation_report)
    audit_record(club=event.club, action="event.plan-seating", target=event, subject=user,
                 after={"seed": seed, "rounds": rounds, "kept": len(kept), "players": players,
                        "format": event.format,
                        "boards": event.boards_per_round or natural_boards(game)})
    return event


def _store_plan(event, every, players, seed, kept, sit_outs, units, game,
                rotation_report: dict) -> None:
    """The plan's JSON as the other formats write it (the night's page reads the same
    fairness report), with the comparisons and the partnerships added."""
    from tournaments.formats import Night, night_report
    from tournaments.sit_outs import round_sit_outs

    seated = [[[s.player_id for s in t.seats.all()] for t in rnd.tables.all()] for rnd in every]
    kept_outs = [list(out) for number, out in round_sit_outs(event.seating)
                 if number <= len(kept)]
    outs = kept_outs + [list(o) for o in sit_outs]
    report = night_report(Night(rounds=seated, places=seated,
                                sit_outs=(outs + [[]] * len(seated))[:len(seated)]), players)
    report.update({k: v for k, v in (rotation_report or {}).items() if k in report
                   or k in ("certificate", "season_max_meetings")})
    report["comparisons"] = movement.comparison_report(seated, game.teams, players)
    seating = dict(event.seating or {})
    seating.update({
        "seed": seed, "players": players, "rounds": len(every), "kept_rounds": [],
        "kept_sit_outs": [], "sit_outs": outs,
        "algorithm": ALGORITHM, "version": "1", "units": units, "report": report,
        "board_seed": (event.seating or {}).get("board_seed", seed),
        "planned_at": timezone.now().isoformat(),
    })
    event.seating = seating
    if event.status == EventStatus.DRAFT:
        event.status = EventStatus.SEATED
    event.save(update_fields=["seating", "status"])


# --- reading the boards -----------------------------------------------------------------------

def table_boards(table: Table) -> list[dict] | None:
    """The written deals the table's match is dealt from (None: not a duplicate table)."""
    event = table.round.event
    if not is_duplicate(event):
        return None
    return [board.deal for board in Board.objects.filter(round_id=table.round_id)
            .order_by("number")]


def may_see_boards(user, event: Event) -> bool:
    """Everyone once the night is closed; its organisers before."""
    return event.status == EventStatus.CLOSED or (user is not None and can(user, MANAGE, event))


def visible_boards(user, event: Event):
    """The night's boards the user may see, round by round (None: a 404 for them)."""
    if not is_duplicate(event) or not may_see_boards(user, event):
        return None
    return Board.objects.filter(round__event=event).select_related("round") \
        .order_by("round__number", "number")


def comparison_report_named(event: Event) -> dict | None:
    """The stored plan's comparison report with names for ids (None: no such report)."""
    report = ((event.seating or {}).get("report") or {}).get("comparisons")
    if not is_duplicate(event) or not report:
        return None
    pairs = report.get("pairs") or []
    ids = {p for a, b, _n in pairs for p in (a, b)} | set(report.get("never_compared") or [])
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    return {**report, "pairs": [(names.get(a, "?"), names.get(b, "?"), n) for a, b, n in pairs],
            "never_compared": [names.get(p, "?") for p in report.get("never_compared") or []]}
