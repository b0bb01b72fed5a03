"""The single way a result enters the database: `result_submit`.

Admin, entry form, API, bots and imports all call it. It authorizes, checks the record
against the table and the rules, and stores TableResult + Hand rows in one transaction, with an
audit entry. Nothing is written when anything is refused.

Who may call it:
- a user who scores for the table's club (scorekeeper, organiser, owner) or a superuser;
- an active API token of the table's club;
- trusted server code (bots, imports): pass `user=SYSTEM`, or no user and no token with
  source "bot" or "import". Front doors facing people (API, form, admin) always pass the
  request's user or token, so an anonymous request can never reach the trusted path.

A table has one result. Submitting the same record again returns the stored game
(created=False). A different record is refused (ResultConflict) unless
- the stored game is in progress and its record is a prefix of the new one (more hands
  played, same seats and options): it is extended; or
- an organiser corrects it with a non-empty `correction_reason`.

A match ended before its schedule (an organiser ends an online table: `ended_early`) is
stored as complete with the hands played, ranked by the game's match ranking on the
totals so far; it needs one hand at least, and only trusted code or an organiser ends one.

Every seat must hold a player (or a bot) before a result is entered. Once the event is
closed, only an organiser's correction with a reason may change its results.

`result_remove` is the one way a result leaves: an organiser, with a reason, on a night that
is not closed. It is audited, and the season's standings and the rating pool are rebuilt
after commit, like after a submission.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from league.models import ApiToken
from league.permissions import CORRECT, MANAGE, SCORE, SYSTEM, can, club_of
from league.services.audit import audit_record
from tournaments.models import EventStatus, Hand, ResultSource, ResultStatus, Table, TableResult
from tournaments.models.events import Event
from tournaments.services import brackets, followups, next_round, player_notices, webhook_events
from tournaments.services.duplicate import check_on_boards, table_boards
from tournaments.services.hands import engine_hand_row_fields, hand_row_fields
from tournaments.services.record_limits import limit_errors, loaded_game
from tournaments.services.records import (
    Verdict,
    check,
    error,
    input_errors,
    match_errors,
    record_hash,
    verdict,
)

TRUSTED_SOURCES = (ResultSource.BOT, ResultSource.IMPORT)


class ResultRejected(Exception):
    """The record cannot be stored; `errors` say why (hand, seat, field, code, message)."""

    def __init__(self, errors: list[dict]):
        super().__init__("; ".join(e["message"] for e in errors) or "invalid record")
        self.errors = errors


class ResultConflict(Exception):
    """The table already has a different result."""

    def __init__(self, game: TableResult, message: str):
        super().__init__(message)
        self.game = game


@dataclass(frozen=True)
class SubmitOutcome:
    game: TableResult
    created: bool


@dataclass(frozen=True)
class _Entry:
    table: Table
    record: dict
    digest: str
    verdict: Verdict
    source: str
    subject: object
    reason: str
    played_at: datetime | None
    ended_early: bool = False


def _subject(user, token, source: str):
    if token is not None:
        if not isinstance(token, ApiToken):
            raise PermissionDenied(_("Not an API token."))
        return token
    if user is SYSTEM or (user is None and source in TRUSTED_SOURCES):
        return SYSTEM
    if user is None or not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in or use an API token to enter results."))
    return user


def result_submit(
    *,
    table: Table,
    record: dict,
    source: str,
    user=None,
    token: ApiToken | None = None,
    correction_reason: str = "",
    played_at: datetime | None = None,
    ended_early: bool = False,
) -> SubmitOutcome:
    """Store `record` as the table's result (see the module docstring for the rules)."""
    subject = _subject(user, token, source)
    table = Table.objects.select_related("round__event__club").get(pk=table.pk)
    if not can(subject, SCORE, table):
        raise PermissionDenied(_("You may not enter results for this club."))
    if ended_early:
        _check_ended_early(subject, table, record)
    report, names = result_check(table=table, record=record)
    entry = _Entry(table, record, record_hash(record), verdict(record, report, len(names)),
                   source, subject, (correction_reason or "").strip(), played_at,
                   ended_early)
    existing = TableResult.objects.filter(table=table).first()
    if table.round.event.status == EventStatus.CLOSED:
        if existing is not None and existing.record_hash == entry.digest:
            return SubmitOutcome(existing, created=False)  # a retry changes nothing
        _refuse_unless_correction(entry)
    if existing is None:
        try:
            return SubmitOutcome(_create(entry), created=True)
        except IntegrityError:
            # Another request stored a result between our read and our insert.
            existing = TableResult.objects.get(table=table)
    return _against_existing(existing, entry)


def _check_ended_early(subject, table: Table, record) -> None:
    """Ending a match early decides its places: the organisers' call, on a hand at least."""
    if subject is not SYSTEM and not can(subject, MANAGE, table):
        raise PermissionDenied(_("Only the club's organisers may end a match early."))
    hands = record.get("hands") if isinstance(record, dict) else None
    if not hands:
        raise ResultRejected([error("no-hands", _(
            "Table %(n)d: no hand was completed, so an ended match has nothing to "
            "store.") % {"n": table.number}, field="hands")])


def result_check(*, table: Table, record: dict):
    """Refuse (ResultRejected) what storing `record` at `table` would refuse; write nothing.

    Returns the checker's report and the seated players' names, in seat order.
    """
    seats = list(table.seats.order_by("position").select_related("player"))
    problems = empty_seat_errors(seats)
    if problems:
        raise ResultRejected(problems)
    names = [seat.player.display_name for seat in seats]
    game = loaded_game(record)  # once: the limits, the checker and the verdict share it
    problems = (input_errors(record) or limit_errors(record, game)
                or match_errors(table, record, names))
    if problems:
        raise ResultRejected(problems)
    boards = table_boards(table)  # a duplicate table: its hands must be its round's boards
    report, problems = check(record, game) if boards is None \
        else check_on_boards(record, game, boards)
    if problems:
        raise ResultRejected(problems)
    return report, names


def empty_seat_errors(seats) -> list[dict]:
    """A result needs everyone seated: an empty seat would leave a score without a player."""
    # The message counts seats from 1 like the table cards; the `seat` field stays an index.
    return [error("empty-seat", f"seat {seat.position + 1} is empty: seat a player or a bot "
                  "before entering the result", field="seats", seat=seat.position)
            for seat in seats if seat.player_id is None]


def _refuse_unless_correction(entry: _Entry) -> None:
    """A closed event's results change only by an organiser's correction with a reason."""
    if entry.reason and can(entry.subject, CORRECT, entry.table):
        return
    raise ResultRejected([error(
        "event-closed", "This event is closed: its results can only be changed by an "
        "organiser's correction with a reason.", field="table")])


def _against_existing(game: TableResult, entry: _Entry) -> SubmitOutcome:
    if game.record_hash == entry.digest:
        return SubmitOutcome(game, created=False)
    if game.status == ResultStatus.IN_PROGRESS and is_prefix(game.record, entry.record):
        return SubmitOutcome(_replace(game, entry, "result.extend"), created=False)
    if not entry.reason:
        raise ResultConflict(game, _("This table already has a different result; an "
                                     "organiser can correct it with a reason."))
    if not can(entry.subject, CORRECT, entry.table):
        raise PermissionDenied(_("Only the club's organisers may correct a result."))
    return SubmitOutcome(_replace(game, entry, "result.correct"), created=False)


def is_prefix(old: dict, new: dict) -> bool:
    """Is `old` an earlier state of `new`: same header, its hands the first hands of `new`?"""
    derived = {"hands", "totals"}
    header_old = {k: v for k, v in old.items() if k not in derived}
    header_new = {k: v for k, v in new.items() if k not in derived}
    old_hands, new_hands = old.get("hands") or [], new.get("hands") or []
    return (
        header_old == header_new
        and len(new_hands) >= len(old_hands)
        and new_hands[: len(old_hands)] == old_hands
    )


def _is_person(subject) -> bool:
    return subject is not SYSTEM and not isinstance(subject, ApiToken)


def _fields(entry: _Entry) -> dict:
    subject = entry.subject
    return {
        "status": ResultStatus.COMPLETE if entry.verdict.complete or entry.ended_early
        else ResultStatus.IN_PROGRESS,
        "source": entry.source,
        "record": entry.record,
        "record_hash": entry.digest,
        "totals": entry.verdict.seat_totals,
        "ranks": entry.verdict.seat_ranks,
        "entered_by": subject if _is_person(subject) else None,
        "entered_with_token": subject if isinstance(subject, ApiToken) else None,
    }


def default_played_at(table: Table) -> datetime:
    """Evening of the event day, half an hour per round: games order by round, not entry time."""
    event = table.round.event
    start = timezone.make_aware(datetime.combine(event.date, time(18, 0)))
    return start + timedelta(minutes=30 * max(table.round.number - 1, 0))


def _lock_open_event(entry: _Entry) -> None:
    """Inside the storing transaction: take the event's row lock, then re-read its status.

    `event_close` takes the same lock before it lists the open tables, so a close and a
    submission run one after the other: a submission that waited finds the night closed
    and is refused (unless it is an organiser's correction), and a close that waited sees
    the stored result. select_for_update does nothing on SQLite, where the immediate
    transaction already holds the database's write lock while the status is re-read.
    """
    status = (Event.objects.select_for_update().filter(pk=entry.table.round.event_id)
              .values_list("status", flat=True).first())
    if status == EventStatus.CLOSED:
        _refuse_unless_correction(entry)


def _create(entry: _Entry) -> TableResult:
    with transaction.atomic():
        _lock_open_event(entry)
        game = TableResult.objects.create(
            table=entry.table, played_at=entry.played_at or default_played_at(entry.table),
            **_fields(entry),
        )
        _write_hands(game, entry)
        _mark_event_playing(entry.table.round.event_id)
        brackets.bracket_after_result(entry.table)  # a knockout's winner moves on
        audit_record(club=club_of(entry.table), action="result.submit", target=game,
                     subject=entry.subject, after=_summary(game) | _ended(entry))
        followups.after_result_saved(game.id)  # owed recomputes commit with the result
        next_round.after_result_stored(entry.table.round.event_id)
        webhook_events.result_stored(game, corrected=False)
    return game


def _replace(game: TableResult, entry: _Entry, action: str) -> TableResult:
    before = _summary(game) | {"record": game.record}
    with transaction.atomic():
        _lock_open_event(entry)
        # Conditional update: replace only the result we looked at, not one stored meanwhile.
        changed = TableResult.objects.filter(pk=game.pk, record_hash=game.record_hash).update(
            **_fields(entry), updated_at=timezone.now())
        if not changed:
            raise ResultConflict(game, _("The result changed while you were submitting; reload."))
        game.refresh_from_db()
        game.hands.all().delete()
        _write_hands(game, entry)
        brackets.bracket_after_result(entry.table)  # a corrected winner re-draws what follows
        audited = audit_record(club=club_of(entry.table), action=action, target=game,
                               subject=entry.subject, before=before,
                               after=_summary(game) | {"record": game.record} | _ended(entry),
                               reason=entry.reason)
        followups.after_result_saved(game.id)  # owed recomputes commit with the result
        next_round.after_result_stored(entry.table.round.event_id)
        webhook_events.result_stored(game, corrected=action == "result.correct",
                                     reason=entry.reason)
        if action == "result.correct":
            player_notices.result_changed(table=entry.table, reason=entry.reason,
                                          removed=False, change_id=audited.pk)
    return game


def _summary(game: TableResult) -> dict:
    return {"status": game.status, "record_hash": game.record_hash, "totals": game.totals,
            "ranks": game.ranks, "hands": len(game.record.get("hands") or [])}


def _ended(entry: _Entry) -> dict:
    return {"ended_early": True} if entry.ended_early else {}


def _mark_event_playing(event_id: int) -> None:
    Event.objects.filter(
        pk=event_id, status__in=[EventStatus.DRAFT, EventStatus.SEATED]
    ).update(status=EventStatus.PLAYING)


def _write_hands(game: TableResult, entry: _Entry) -> None:
    """One Hand row per hand, in the stored form of `tournaments.services.hands`."""
    record, players = entry.record, len(entry.verdict.seat_totals)
    first_dealer = record.get("first_dealer", entry.table.first_dealer)
    if not isinstance(first_dealer, int):
        first_dealer = entry.table.first_dealer
    verdict = entry.verdict
    if verdict.played:  # an engine game: the replay knows each hand's facts
        game_rules = verdict.game or rules.load(
            record["game"], **{**(record.get("options") or {}), "players": players})
        Hand.objects.bulk_create(
            Hand(game=game, number=index + 1, has_plays=bool(hand.get("events")),
                 **engine_hand_row_fields(game=game_rules, played=played,
                                          scores=_hand_scores(verdict.hand_scores, index,
                                                              hand)))
            for index, (hand, played) in enumerate(zip(
                record.get("hands") or [], verdict.played, strict=False)))
        return
    Hand.objects.bulk_create(
        Hand(game=game, number=index + 1, **hand_row_fields(
            hand=hand, index=index, schedule=verdict.schedule, players=players,
            first_dealer=first_dealer, scores=_hand_scores(verdict.hand_scores, index, hand),
            derived_tricks=_at(verdict.hand_tricks, index)))
        for index, hand in enumerate(verdict.hands))


def _at(items: list, index: int):
    return items[index] if index < len(items) else None


def _hand_scores(checked: list, index: int, hand: dict) -> list:
    """The checker's scores for the hand when it computed them, else the record's."""
    if index < len(checked) and checked[index] is not None:
        return checked[index]
    return hand.get("scores") or []


def result_correct(*, game: TableResult, record: dict, reason: str, user=None,
                   token: ApiToken | None = None,
                   source: str = ResultSource.ADMIN) -> SubmitOutcome:
    """An organiser replaces a stored result; the reason is required and kept in the audit."""
    if not (reason or "").strip():
        raise ResultRejected([{"hand": None, "seat": None, "field": "reason",
                               "code": "reason-required",
                               "message": _("A correction needs a reason.")}])
    subject = token or user
    if subject is None or not can(subject, CORRECT, game):
        raise PermissionDenied(_("Only the club's organisers may correct a result."))
    return result_submit(table=game.table, record=record, source=source, user=user,
                         token=token, correction_reason=reason)


# --- Removal ---------------------------------------------------------------------------------


class ResultMissing(Exception):
    """The table has no stored result to remove (never entered, or removed already)."""


@dataclass(frozen=True)
class RemoveOutcome:
    table: Table
    game_id: int
    season_id: int | None


def _removal_target(table: Table | None, game: TableResult | None) -> Table:
    if (table is None) == (game is None):
        raise TypeError("result_remove needs exactly one of table= or game=")
    table_id = table.pk if table is not None else game.table_id
    return Table.objects.select_related("round__event__club").get(pk=table_id)


def _authorize_removal(actor, table: Table) -> None:
    if isinstance(actor, ApiToken):
        raise PermissionDenied(_("API tokens may not remove results: an organiser of the club "
                               "must log in to do it."))
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise PermissionDenied(_("Log in as an organiser of the club to remove a result."))
    if not can(actor, CORRECT, table):
        raise PermissionDenied(_("Only the club's organisers may remove a result."))


def result_remove_check(*, actor, reason: str, table: Table | None = None,
                        game: TableResult | None = None) -> TableResult:
    """Validate and authorize a removal without changing anything; returns the stored game.

    Raises PermissionDenied (not an organiser of the club), ResultRejected (no reason, or
    the night is closed) or ResultMissing (nothing stored).
    """
    table = _removal_target(table, game)
    _authorize_removal(actor, table)
    if not (reason or "").strip():
        raise ResultRejected([error("reason-required", _("Removing a result needs a reason."),
                                    field="reason")])
    stored = TableResult.objects.filter(table=table).first()
    if stored is None:
        raise ResultMissing(_("%(table)s has no result to remove (it may have been removed "
                              "already).") % {"table": table})
    if table.round.event.status == EventStatus.CLOSED:
        raise ResultRejected([error(
            "event-closed", _("%(night)s is closed: its results can no longer be removed, "
                              "only corrected by an organiser with a reason.") % {
                "night": table.round.event}, field="table")])
    return stored


def result_remove(*, actor, reason: str, table: Table | None = None,
                  game: TableResult | None = None) -> RemoveOutcome:
    """An organiser deletes a table's stored result (game and hands), with a reason.

    Audited with the removed record. After commit the season's standings are recomputed
    (the season is captured here: once the game is gone nothing leads back to it) and the
    rating pool replays from the orphaned history rows.
    """
    event_id = _removal_target(table, game).round.event_id
    with transaction.atomic():
        # Row locks (PostgreSQL; SQLite serialises writers anyway): the night cannot close
        # between the check and the delete, and a second removal waits, then finds nothing.
        list(Event.objects.select_for_update().filter(pk=event_id).values_list("pk"))
        stored = result_remove_check(actor=actor, reason=reason, table=table, game=game)
        table = _removal_target(None, stored)
        season_id = table.round.event.season_id
        locked = TableResult.objects.select_for_update().filter(pk=stored.pk).first()
        if locked is None:
            raise ResultMissing(_("%(table)s has no result to remove (it was removed "
                                  "meanwhile).") % {"table": table})
        audited = audit_record(club=club_of(table), action="result.remove", target=locked,
                               subject=actor, before=_summary(locked) | {"record": locked.record},
                               reason=reason.strip())
        TableResult.objects.filter(pk=locked.pk).delete()
        brackets.bracket_after_result(table)  # refused if the winner already played on
        game_id = locked.pk
        followups.after_result_removed(game_id=game_id, season_id=season_id)
        webhook_events.result_removed(table=table, game_id=game_id, reason=reason.strip())
        player_notices.result_changed(table=table, reason=reason.strip(), removed=True,
                                      change_id=audited.pk)
    return RemoveOutcome(table=table, game_id=game_id, season_id=season_id)
