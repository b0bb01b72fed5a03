"""Table entry: a seated player submits the table's result, a player of another side confirms.

Every way in (seat link page, logged-in player, seat token on the API, the organiser's
pages) calls these functions, which validate, authorize and write in one transaction with
an audit entry. A pending result is never counted: only confirming, approving or resolving
stores a `TableResult`, and it does so through `result_submit`, so the rows are exactly
those of a scorekeeper's submission of the same record.

Who may do what:
- submit: the player of a seat at the table (not on a closed night);
- confirm / dispute: a seated player of another side than the submitter's; in an
  individual game any other seat, in a partnership game not the submitter's partner;
  in a club whose organisers approve, no seat confirms;
- approve (a pending result) / resolve (a disputed one): the club's organisers, who pick
  the submitted or the disputed version, or enter a third.

Retries change nothing: the same submission, confirmation or dispute again returns what
is there. A second submission that differs opens a dispute (EntryConflict, 409), so a
table never has two stored results.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from league.permissions import CORRECT, SYSTEM, can, club_of
from league.services.audit import audit_record
from tournaments.models import (
    ClubEntrySetting,
    EntryMode,
    EventStatus,
    PendingResult,
    PendingState,
    ResultSource,
    Seat,
    Table,
    TableResult,
    WayIn,
)
from tournaments.services import player_notices
from tournaments.services.records import record_hash
from tournaments.services.results import ResultRejected, result_check, result_submit


@dataclass(frozen=True)
class SeatActor:
    """A player acting for their seat: through its seat link, a login, or a seat token."""

    seat: Seat
    via: str
    user: object = None  # the logged-in person, when there is one


@dataclass(frozen=True)
class EntryOutcome:
    pending: PendingResult
    changed: bool  # False for a retry that found it done already
    game: TableResult | None = None


class EntryConflict(Exception):
    """The table's pending result is not in a state that allows this (HTTP 409)."""

    def __init__(self, pending: PendingResult | None, message: str):
        super().__init__(message)
        self.pending = pending


class EntryMissing(Exception):
    """The table has no pending result to confirm, dispute or approve (HTTP 404)."""


def entry_mode(club) -> str:
    setting = ClubEntrySetting.objects.filter(club=club).first()
    return setting.mode if setting else EntryMode.CONFIRM


def entry_mode_set(*, club, mode: str, user) -> ClubEntrySetting:
    if mode not in EntryMode.values:
        raise ResultRejected([{"hand": None, "seat": None, "field": "mode", "code": "bad-mode",
                               "message": _("Unknown table entry mode %(mode)s.") % {
                                   "mode": mode}}])
    if not can(user, CORRECT, club):
        raise PermissionDenied(_("Only the club's organisers may change how tables enter "
                                 "results."))
    with transaction.atomic():
        setting, _created = ClubEntrySetting.objects.update_or_create(
            club=club, defaults={"mode": mode})
        audit_record(club=club, action="entry-mode.set", target=setting, subject=user,
                     after={"mode": mode})
    return setting


# --- Who is asking ------------------------------------------------------------------------


def _table(table: Table) -> Table:
    return Table.objects.select_related("round__event__club").get(pk=table.pk)


def _seat_of(table: Table, actor: SeatActor) -> Seat:
    seat = Seat.objects.select_related("player").get(pk=actor.seat.pk)
    if seat.table_id != table.pk:
        raise PermissionDenied(_("This seat is at another table: you may enter results for "
                                 "your own table only."))
    if seat.player_id is None:
        raise PermissionDenied(_("Nobody sits in this seat."))
    if actor.user is not None and seat.player.user_id != getattr(actor.user, "pk", None):
        raise PermissionDenied(_("You do not sit in this seat."))
    if table.round.event.status == EventStatus.CLOSED:
        raise PermissionDenied(_("The night is closed: results can no longer be entered "
                                 "at the table."))
    return seat


def _same_side(table: Table, one: int, other: int) -> bool:
    players = table.seats.count()
    game = rules.load(table.game, **{**(table.options or {}), "players": players})
    if not game.partnership:
        return one == other
    return any(one in team and other in team for team in game.teams)


def _check_other_side(table: Table, pending: PendingResult, seat: Seat, doing: str) -> None:
    if seat.position == pending.submitted_seat:
        raise PermissionDenied(_("You submitted this result: a player of another side %(doing)s "
                                 "it.") % {"doing": doing})
    if _same_side(table, seat.position, pending.submitted_seat):
        raise PermissionDenied(_("Your partner submitted this result: a player of the other "
                                 "side %(doing)s it.") % {"doing": doing})


def _seat_name(seat: Seat, via: str) -> str:
    return _("seat %(n)d, %(player)s (%(via)s)") % {
        "n": seat.position + 1, "player": seat.player.display_name, "via": WayIn(via).label}


def _audit(pending: PendingResult, action: str, seat: Seat | None, via: str, user=None,
           after: dict | None = None, reason: str = "") -> None:
    name = _seat_name(seat, via) if seat is not None else ""
    details = {"state": pending.state, "seat": seat.position if seat else None, "via": via}
    audit_record(club=club_of(pending.table), action=action, target=pending, subject=user,
                 actor_name=name, after=details | (after or {}), reason=reason)


def _pending(table: Table) -> PendingResult:
    pending = PendingResult.objects.filter(table=table).first()
    if pending is None:
        raise EntryMissing(_("%(table)s has no result awaiting confirmation.") % {
            "table": table})
    return pending


# --- Submit -------------------------------------------------------------------------------


def pending_submit(*, table: Table, record: dict, actor: SeatActor) -> EntryOutcome:
    """A seat submits the table's result; it waits for confirmation (or counts at once)."""
    table = _table(table)
    seat = _seat_of(table, actor)
    result_check(table=table, record=record)  # the checker's named errors, nothing written
    digest = record_hash(record)
    if TableResult.objects.filter(table=table).exists():
        return _against_stored(table, digest)
    with transaction.atomic():
        pending = _new_pending(table, record, digest, seat, actor)
        if pending is not None:
            _audit(pending, "result.table-submit", seat, actor.via, actor.user,
                   after={"record_hash": digest})
            mode = entry_mode(club_of(table))
            if mode == EntryMode.CONFIRM:
                _ask_to_confirm(table, pending, seat, actor.via)
            if mode != EntryMode.AT_ONCE:
                return EntryOutcome(pending, changed=True)
            return _store(pending, seat=seat, via=actor.via, user=actor.user,
                          state=PendingState.CONFIRMED, action="result.confirm")
    return _against_pending(PendingResult.objects.get(table=table), record, digest, seat, actor)


def _ask_to_confirm(table: Table, pending: PendingResult, seat: Seat, via: str) -> None:
    """Inside the submission's transaction: the players who may confirm are told."""
    others = [other for other in table.seats.select_related("player__user").order_by("position")
              if other.player_id is not None and other.position != seat.position
              and not _same_side(table, other.position, seat.position)]
    player_notices.result_to_confirm(table=table, seats=others, pending_id=pending.pk,
                                     submitted=seat, via=via)


def _new_pending(table, record, digest, seat, actor) -> PendingResult | None:
    """The table's pending result, or None when one exists (the unique table decides)."""
    try:
        with transaction.atomic():
            return PendingResult.objects.create(
                table=table, record=record, record_hash=digest, submitted_seat=seat.position,
                submitted_via=actor.via, submitted_at=timezone.now())
    except IntegrityError:
        return None


def _against_stored(table: Table, digest: str) -> EntryOutcome:
    """A retry after the result was stored returns it; anything else is refused."""
    pending = PendingResult.objects.filter(table=table, game__record_hash=digest).first()
    if pending is None:
        raise EntryConflict(pending, _("This table's result is stored already; ask an "
                                       "organiser to correct it."))
    return EntryOutcome(pending, changed=False, game=pending.game)


def _against_pending(pending, record, digest, seat, actor) -> EntryOutcome:
    if digest in (pending.record_hash, record_hash(pending.disputed_record or {})):
        return EntryOutcome(pending, changed=False, game=pending.game)
    if pending.state != PendingState.PENDING:
        raise EntryConflict(pending, _("This table's result is %(state)s: an organiser "
                                       "decides.") % {"state": pending.get_state_display()})
    _open_dispute(pending, seat=seat, via=actor.via, user=actor.user, record=record,
                  reason=_("A second, different submission."))
    pending.refresh_from_db()
    raise EntryConflict(pending, _("Another version of this table's result was submitted "
                                   "first: both are kept and an organiser decides."))


# --- Confirm, dispute ---------------------------------------------------------------------


def pending_confirm(*, table: Table, actor: SeatActor) -> EntryOutcome:
    """A player of another side confirms: the result is stored and counts from now."""
    table = _table(table)
    seat = _seat_of(table, actor)
    pending = _pending(table)
    if pending.state == PendingState.CONFIRMED and pending.decided_seat == seat.position:
        return EntryOutcome(pending, changed=False, game=pending.game)
    _check_other_side(table, pending, seat, _("confirms"))
    if entry_mode(club_of(table)) == EntryMode.APPROVE:
        raise PermissionDenied(_("In this club an organiser approves each result."))
    if pending.state != PendingState.PENDING:
        raise EntryConflict(pending, _("This table's result is %(state)s.") % {
            "state": pending.get_state_display()})
    with transaction.atomic():
        return _store(pending, seat=seat, via=actor.via, user=actor.user,
                      state=PendingState.CONFIRMED, action="result.confirm")


def pending_dispute(*, table: Table, actor: SeatActor, record: dict | None = None,
                    reason: str = "") -> EntryOutcome:
    """A player of another side disputes, with their own record if they give one."""
    table = _table(table)
    seat = _seat_of(table, actor)
    pending = _pending(table)
    digest = record_hash(record) if record else ""
    if pending.state == PendingState.DISPUTED and pending.disputed_seat == seat.position and (
            record is None or digest == record_hash(pending.disputed_record or {})):
        return EntryOutcome(pending, changed=False)
    _check_other_side(table, pending, seat, _("disputes"))
    if pending.state != PendingState.PENDING:
        raise EntryConflict(pending, _("This table's result is %(state)s.") % {
            "state": pending.get_state_display()})
    if record is not None:
        result_check(table=table, record=record)
    _open_dispute(pending, seat=seat, via=actor.via, user=actor.user, record=record,
                  reason=reason)
    pending.refresh_from_db()
    return EntryOutcome(pending, changed=True)


def _open_dispute(pending, *, seat, via, user, record, reason) -> None:
    with transaction.atomic():
        # Conditional update: only the pending result as we read it becomes disputed.
        changed = PendingResult.objects.filter(
            pk=pending.pk, state=PendingState.PENDING, record_hash=pending.record_hash,
        ).update(state=PendingState.DISPUTED, disputed_record=record,
                 disputed_seat=seat.position, disputed_via=via, disputed_at=timezone.now(),
                 dispute_reason=(reason or "").strip())
        if not changed:
            raise EntryConflict(pending, _("This table's result changed meanwhile; reload."))
        pending.state = PendingState.DISPUTED
        _audit(pending, "result.dispute", seat, via, user, reason=(reason or "").strip(),
               after={"record_hash": record_hash(record) if record else None})


# --- Storing ------------------------------------------------------------------------------


def _store(pending, *, seat, via, user, state, action, record=None,
           reason: str = "") -> EntryOutcome:
    """Inside a transaction: mark the pending result decided and store it as the result."""
    changed = PendingResult.objects.filter(
        pk=pending.pk, state=pending.state, record_hash=pending.record_hash,
    ).update(state=state, decided_seat=seat.position if seat else None,
             decided_by=user if getattr(user, "is_authenticated", False) else None,
             decided_via=via, decided_at=timezone.now())
    if not changed:
        raise EntryConflict(pending, _("This table's result changed meanwhile; reload."))
    record = pending.record if record is None else record
    # The seat was authorized here; the result service stores it as trusted code would,
    # or as the organiser who decided.
    subject = user if seat is None else SYSTEM
    game = result_submit(table=pending.table, record=record, source=ResultSource.TABLE,
                         user=subject).game
    PendingResult.objects.filter(pk=pending.pk).update(game=game)
    pending.refresh_from_db()
    _audit(pending, action, seat, via, user, reason=reason,
           after={"record_hash": game.record_hash, "game": game.pk})
    return EntryOutcome(pending, changed=True, game=game)


VERSIONS = ("submitted", "disputed")


def pending_decide(*, table: Table, user, version: str = "submitted",
                   record: dict | None = None, reason: str = "") -> EntryOutcome:
    """An organiser approves a pending result or resolves a dispute.

    `version` picks the submitted or the disputed record; a `record` of their own (a third
    version) replaces both.
    """
    table = _table(table)
    if not can(user, CORRECT, table):
        raise PermissionDenied(_("Only the club's organisers approve or resolve results."))
    pending = _pending(table)
    if not pending.is_open:
        return EntryOutcome(pending, changed=False, game=pending.game)
    chosen = record if record is not None else _version(pending, version)
    action = "result.approve" if pending.state == PendingState.PENDING else "result.resolve"
    with transaction.atomic():
        return _store(pending, seat=None, via=WayIn.ORGANISER, user=user,
                      state=PendingState.APPROVED, action=action, record=chosen,
                      reason=reason)


def _version(pending: PendingResult, version: str) -> dict:
    if version == "disputed" and pending.disputed_record:
        return pending.disputed_record
    if version == "submitted":
        return pending.record
    raise ResultRejected([{"hand": None, "seat": None, "field": "version",
                           "code": "no-such-version",
                           "message": _("Pick the submitted version, the disputed one (when "
                                        "the disputer gave one) or enter a record.")}])
