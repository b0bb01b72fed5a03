"""Online tables: a night's table played card by card from the seats' pages (issue 33).

The one way in: the seat pages, the API, bot moves, the timeout sweep and commands all
call these functions, which validate and authorize.

- `tables_set_online`: organisers (or a club token) mark a table, a round or a night online.
- `online_start`: the match begins (an organiser, or by itself once every seated player
  has opened their seat); empty seats get club bots of the table's bot strength.
- `online_play`: a seat's action, posted with the version it saw. The engine checks it;
  a stale version is refused, a retry of an applied move answers as the move did.
- bots move for bot seats, empty seats and players away past the table's timeout
  (`tournaments.services.online_bots`, through the same `apply_move`).
- `online_pause` / `online_resume` / `online_end`: organisers; ending keeps the hands
  played so far (stored through `result_submit`, like a finished match).

The state is the `OnlineMatch` row (seed + actions, `tournaments.services.online_state`
replays it); each change bumps `version` and announces it after commit
(`tournaments.services.table_news`). Concurrent writers are kept apart by the row lock on
PostgreSQL and, everywhere, by a conditional update on the version.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from functools import partial

from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models.clubs import BotStrength
from league.permissions import MANAGE, SCORE, SYSTEM, can, club_of, is_token
from league.services.audit import audit_record
from tournaments.checker_messages import translated
from tournaments.models import (
    EventStatus,
    OnlineMatch,
    OnlineMove,
    OnlineSeat,
    OnlineStatus,
    ResultSource,
    Seat,
    Table,
    TableResult,
)
from tournaments.services import online_state, table_news
from tournaments.services.online_outcome import match_record
from tournaments.services.online_views import (
    last_seen,
    seat_payload,
    seated,
    spectator_payload,
)

log = logging.getLogger(__name__)

MIN_TIMEOUT, MAX_TIMEOUT = 10, 3600


class OnlineRefused(Exception):
    """A refused online action: `code` names it, the message says why (naming the seat);
    `status` is the HTTP answer (400, or 409 for a stale version or a table not in play)."""

    def __init__(self, code: str, message: str, *, status: int = 400, version: int | None = None):
        super().__init__(message)
        self.code, self.status, self.version = code, status, version


# --- marking tables online --------------------------------------------------------------

def _may_run_online(subject, obj) -> bool:
    """Organisers of the club; a club's API token acts as its play server."""
    if is_token(subject):
        return can(subject, SCORE, obj)
    return can(subject, MANAGE, obj)


def _started(table: Table) -> bool:
    return OnlineMatch.objects.filter(table=table).exclude(status=OnlineStatus.WAITING).exists()


@transaction.atomic
def tables_set_online(*, user, online: bool, event=None, round=None, table=None,
                      bot_strength: str | None = None, timeout_seconds: int | None = None
                      ) -> list[Table]:
    """Mark one table, a round's or a night's tables online (or back to paper). Tables with
    a result or a match already started keep what they have, except a single table named,
    which is refused. Returns the tables changed."""
    scope = [x for x in (event, round, table) if x is not None]
    if len(scope) != 1:
        raise ValueError("name exactly one of event, round or table")
    if not _may_run_online(user, scope[0]):
        raise PermissionDenied(_("Only the club's organisers may mark tables online."))
    if club_of(scope[0]) and _closed(scope[0]):
        raise ValidationError(_("The night is closed: its tables are no longer played."))
    _check_settings(bot_strength, timeout_seconds)
    if table is not None:
        tables = [Table.objects.select_for_update().get(pk=table.pk)]
    elif round is not None:
        tables = list(Table.objects.select_for_update().filter(round=round).order_by("pk"))
    else:
        tables = list(Table.objects.select_for_update().filter(round__event=event)
                      .order_by("pk"))
        type(event).objects.filter(pk=event.pk).update(online=online)  # later rounds follow
        event.online = online
    changed = []
    for each in tables:
        if online and each.online and _started(each):
            _configure(each, bot_strength, timeout_seconds)  # a match under way: its settings
            changed.append(each)
            continue
        if TableResult.objects.filter(table=each).exists() or _started(each):
            if table is not None and each.online != online:
                raise ValidationError(_("Table %(n)d has a result or a match under way: it "
                                        "stays as it is.") % {"n": each.number})
            continue
        _mark(each, online, bot_strength, timeout_seconds)
        changed.append(each)
    if changed or event is not None:
        audit_record(club=club_of(scope[0]), action="tables.online", target=scope[0],
                     subject=user, after={"online": online, "tables": [t.pk for t in changed]})
    return changed


def _closed(obj) -> bool:
    event = getattr(obj, "round", obj)
    event = getattr(event, "event", event)
    return event.status == EventStatus.CLOSED


def _check_settings(bot_strength, timeout_seconds) -> None:
    if bot_strength is not None and bot_strength not in BotStrength.values:
        raise ValidationError({"bot_strength": _("Unknown bot strength %(s)s; choose %(c)s.") % {
            "s": bot_strength, "c": ", ".join(BotStrength.values)}})
    if timeout_seconds is not None and not MIN_TIMEOUT <= timeout_seconds <= MAX_TIMEOUT:
        raise ValidationError({"timeout_seconds": _(
            "The timeout is %(low)d to %(high)d seconds.") % {"low": MIN_TIMEOUT,
                                                               "high": MAX_TIMEOUT}})


def _mark(table: Table, online: bool, bot_strength, timeout_seconds) -> None:
    if table.online != online:
        table.online = online
        table.save(update_fields=["online"])
    if not online:
        OnlineMatch.objects.filter(table=table, status=OnlineStatus.WAITING).delete()
        return
    OnlineMatch.objects.get_or_create(
        table=table, defaults={"game": table.game, "players": table.seats.count(), "seed": 0})
    _configure(table, bot_strength, timeout_seconds)


def _configure(table: Table, bot_strength, timeout_seconds) -> None:
    """The bots' strength and the players' timeout, from the next turn on."""
    fields = {name: value for name, value in (("bot_strength", bot_strength),
                                              ("timeout_seconds", timeout_seconds))
              if value is not None}
    if fields:
        OnlineMatch.objects.filter(table=table).exclude(status=OnlineStatus.FINISHED).update(
            **fields)


# --- who is playing ---------------------------------------------------------------------

def load_table(pk) -> Table:
    """The table with its night, club and seats (with players), as the service needs it."""
    table = (Table.objects.select_related("round__event__club")
             .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                        .order_by("position")))
             .get(pk=pk))
    table._online_loaded = True
    return table


def seat_of_user(table: Table, user) -> Seat:
    """The seat `user` holds at `table` (their own player's), or PermissionDenied."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in, or open your seat's link, to play."))
    seat = next((s for s in seated(table)
                 if s.player is not None and s.player.user_id == user.pk), None)
    if seat is None:
        raise PermissionDenied(_("You have no seat at table %(n)d.") % {"n": table.number})
    return seat


def _online_table(table: Table) -> Table:
    if not getattr(table, "_online_loaded", False):
        table = load_table(table.pk)
    if not table.online:
        raise OnlineRefused("not-online", _("Table %(n)d is not played online.") % {
            "n": table.number}, status=409)
    return table


PRESENCE_EVERY = timedelta(seconds=5)  # a seat's look is written at most this often
# (well under the shortest timeout, so a player who keeps looking is never taken as away)


def _present(match: OnlineMatch, seat: int, now) -> None:
    updated = OnlineSeat.objects.filter(match=match, seat=seat).update(last_seen=now)
    if not updated:
        OnlineSeat.objects.get_or_create(match=match, seat=seat, defaults={"last_seen": now})


def _present_at(table: Table, seat: int, now) -> None:
    """`_present` in one UPDATE, without reading the match first (a move's hot path)."""
    if not OnlineSeat.objects.filter(match__table_id=table.pk, seat=seat).update(last_seen=now):
        match = OnlineMatch.objects.filter(table=table).first()
        if match is not None:
            _present(match, seat, now)


# --- reading ----------------------------------------------------------------------------

def online_seat_view(*, table: Table, seat: Seat) -> dict:
    """What `seat` may see now (the JSON contract of docs/api.md); marks its player present.
    A match waiting for its players starts once all of them have been seen."""
    table = _online_table(table)
    now = timezone.now()
    match = OnlineMatch.objects.filter(table=table).first()
    if match is None:
        match, _created = OnlineMatch.objects.get_or_create(
            table=table, defaults={"game": table.game, "players": len(seated(table)),
                                   "seed": 0})
    seen = last_seen(match)
    if seen.get(seat.position) is None or seen[seat.position] < now - PRESENCE_EVERY:
        _present(match, seat.position, now)
        seen[seat.position] = now
    if match.status == OnlineStatus.WAITING and _everyone_here(table, match, now):
        try:
            match = online_start(table=table, user=SYSTEM)
        except (ValidationError, OnlineRefused):
            pass  # not startable yet (a seat short): the organiser sees why on starting
    elif match.status == OnlineStatus.PLAYING and match.deadline and match.deadline <= now:
        _queue_bots_once(table.pk)  # the one to act timed out: bots move (no beat needed)
    return seat_payload(match, table, seat.position, now, seen=seen)


def online_spectator_view(*, table: Table) -> dict:
    """What everyone may see: no seat's hidden cards (the big screen, spectators)."""
    table = _online_table(table)
    match = OnlineMatch.objects.filter(table=table).first()
    return spectator_payload(match, table, timezone.now())


def _everyone_here(table: Table, match: OnlineMatch, now) -> bool:
    humans = [s.position for s in seated(table)
              if s.player is not None and not s.player.is_bot]
    if not humans:
        return False
    seen = set(OnlineSeat.objects.filter(match=match, seat__in=humans,
                                         last_seen__gte=now - timedelta(
                                             seconds=match.timeout_seconds))
               .values_list("seat", flat=True))
    return seen == set(humans)


# --- starting, pausing, ending ------------------------------------------------------------

def _require_manager(user, table: Table) -> None:
    if user is not SYSTEM and not _may_run_online(user, table):
        raise PermissionDenied(_("Only the club's organisers may start, pause, resume or end "
                                 "an online table."))


def _locked(table: Table) -> OnlineMatch:
    match = OnlineMatch.objects.select_for_update().filter(table=table).first()
    if match is None:
        raise OnlineRefused("not-started", _("Table %(n)d has no online match yet.") % {
            "n": table.number}, status=409)
    return match


def online_start(*, table: Table, user, seed: int | None = None) -> OnlineMatch:
    """Begin the table's match: seeded deal, club bots in empty seats; the first to act
    gets the table's timeout. Starting a match under way changes nothing."""
    from tournaments.services.bots import playing_strength, table_fill_with_bots

    table = _online_table(table)
    _require_manager(user, table)
    if table.round.event.status == EventStatus.CLOSED:
        raise ValidationError(_("The night is closed: its tables are no longer played."))
    if TableResult.objects.filter(table=table).exists():
        raise ValidationError(_("Table %(n)d has a result already.") % {"n": table.number})
    with transaction.atomic():
        OnlineMatch.objects.get_or_create(
            table=table, defaults={"game": table.game, "players": 0, "seed": 0})
        match = _locked(table)
        if match.status != OnlineStatus.WAITING:
            return match
        table_fill_with_bots(table=table, user=SYSTEM,
                             strength=playing_strength(match.bot_strength, table.game))
        table = load_table(table.pk)
        match.game, match.options = table.game, dict(table.options or {})
        match.players = len(seated(table))
        match.first_dealer = table.first_dealer
        match.seed = secrets.randbits(32) if seed is None else seed
        online_state.game_of(match)  # a bad option or seat count refuses here
        match.history, match.status, match.started_at = [], OnlineStatus.PLAYING, timezone.now()
        match.version += 1
        replayed = online_state.replay(match)
        _set_clock(match, table, replayed.state, timezone.now())
        match.save()
        for position in range(match.players):
            OnlineSeat.objects.get_or_create(match=match, seat=position)
        audit_record(club=club_of(table), action="online.start", target=table,
                     subject=user, after={"version": match.version})
        after_commit(table.pk, match.version, bots=True)
    return match


def online_pause(*, table: Table, user) -> OnlineMatch:
    return _set_status(table, user, OnlineStatus.PLAYING, OnlineStatus.PAUSED)


def online_resume(*, table: Table, user) -> OnlineMatch:
    return _set_status(table, user, OnlineStatus.PAUSED, OnlineStatus.PLAYING)


def _set_status(table: Table, user, before: str, after: str) -> OnlineMatch:
    table = _online_table(table)
    _require_manager(user, table)
    with transaction.atomic():
        match = _locked(table)
        if match.status == after:
            return match  # a retry
        if match.status != before:
            _refuse_unless_playing(match, table)  # waiting or finished: refused
        match.status = after
        match.version += 1
        if after == OnlineStatus.PLAYING:
            _set_clock(match, table, online_state.replay(match).state, timezone.now())
        else:
            match.deadline = None
        match.save()
        audit_record(club=club_of(table), action=f"online.{after}", target=table,
                     subject=user, after={"version": match.version})
        after_commit(table.pk, match.version, bots=after == OnlineStatus.PLAYING)
    return match


def online_end(*, table: Table, user) -> OnlineMatch:
    """End the match now: the hands completed so far are stored as the table's complete
    result, ranked on the totals so far (`result_submit(ended_early=True)`); the hand under
    way is dropped. Ended before its first hand was complete, it stores nothing (the
    match's `result` stays empty)."""
    table = _online_table(table)
    _require_manager(user, table)
    with transaction.atomic():
        match = _locked(table)
        if match.status == OnlineStatus.FINISHED:
            return match
        replayed = online_state.replay(match) if match.status != OnlineStatus.WAITING else None
        _finish(match, table, replayed)
        audit_record(club=club_of(table), action="online.end", target=table, subject=user,
                     after={"version": match.version, "result": match.result_id})
        after_commit(table.pk, match.version)
    return match


def _finish(match: OnlineMatch, table: Table, replayed, *, bump: bool = True) -> None:
    match.status, match.deadline = OnlineStatus.FINISHED, None
    match.finished_at = timezone.now()
    if bump:
        match.version += 1
    if replayed is not None and replayed.state.hand_log:
        match.result = _store_result(table, replayed.state)
    match.save()


def _store_result(table: Table, state) -> TableResult | None:
    from tournaments.services.results import ResultConflict, ResultRejected, result_submit

    try:
        with transaction.atomic():
            return result_submit(table=table, record=match_record(table, state),
                                 source=ResultSource.ONLINE, user=SYSTEM,
                                 ended_early=not state.is_terminal()).game
    except (ResultRejected, ResultConflict, ValidationError, PermissionDenied):
        # The engine and the checker agree on every game (tests/tournaments/online): this
        # is a table whose result someone entered meanwhile. The match stays kept.
        log.exception("online table %s: the result was not stored", table.pk)
        return None


# --- playing ------------------------------------------------------------------------------

def online_play(*, table: Table, seat: Seat, action: str, version, by_bot: bool = False
                ) -> dict:
    """Apply `action` (its text) for `seat`, made against `version`; returns the seat's new
    view. Refusals (OnlineRefused): stale-version (409, with the current version),
    not-your-turn, the checker's code for an illegal action, and a table not in play."""
    table = _online_table(table)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise OnlineRefused("bad-version", _("Field `version`: a whole number is expected."))
    if not isinstance(action, str) or not action.strip() or len(action) > 200:
        raise OnlineRefused("bad-action", _("Field `action`: an action's text is expected."))
    now = timezone.now()
    _present_at(table, seat.position, now)  # kept even when the move is refused
    with transaction.atomic():
        match = _locked(table)
        game = online_state.game_of(match) if match.status != OnlineStatus.WAITING else None
        if match.version != version:
            if _already_applied(match, seat.position, action, version, game):
                return seat_payload(match, table, seat.position, now)  # a retry
            raise OnlineRefused("stale-version", _(
                "Seat %(seat)d: the table is at version %(now)d, not %(given)d; look again "
                "and play from there.") % {"seat": seat.position + 1, "now": match.version,
                                           "given": version}, status=409,
                version=match.version)
        _refuse_unless_playing(match, table)
        replayed = online_state.replay(match)
        apply_move(match, table, replayed, seat.position, action.strip(), by_bot, now)
        view = seat_payload(match, table, seat.position, now, replayed=replayed)
        # The one to act next may be a bot, or away: the bots move after commit. A present
        # player's turn needs no task (past the deadline the sweep or any look queues it).
        after_commit(table.pk, match.version, bots=bots_next(view))
        return view


def bots_next(view: dict) -> bool:
    """Whether a bot plays the next turn of a view just built: a bot or empty seat, or a
    player away (the view's seats say so, as `online_bots.bot_turn` would)."""
    line = next((s for s in view["seats"] if s["seat"] == view["to_act"]), None)
    return line is not None and (line["bot"] or line["away"])


def _already_applied(match, position: int, action: str, version, game) -> bool:
    move = OnlineMove.objects.filter(match=match, version=version + 1).first()
    if move is None or move.seat != position or move.by_bot or game is None:
        return False
    return game.string_to_action(action.strip()) == game.string_to_action(move.action)


def _refuse_unless_playing(match: OnlineMatch, table: Table) -> None:
    if table.round.event.status == EventStatus.CLOSED:
        raise OnlineRefused("night-closed", _("The night is closed: table %(n)d is no longer "
                                              "played.") % {"n": table.number}, status=409,
                            version=match.version)
    if match.status == OnlineStatus.PLAYING:
        return
    messages = {
        OnlineStatus.WAITING: _("Table %(n)d has not started yet."),
        OnlineStatus.PAUSED: _("Table %(n)d is paused by the organiser."),
        OnlineStatus.FINISHED: _("Table %(n)d has finished."),
    }
    raise OnlineRefused(f"match-{match.status}", messages[match.status] % {"n": table.number},
                        status=409, version=match.version)


def apply_move(match, table, replayed, position: int, action, by_bot: bool, now) -> None:
    """Check and apply one action for `position`, store it; the caller holds the row."""
    state = replayed.state
    to_act = state.current_player()
    if to_act != position:
        raise OnlineRefused("not-your-turn", _(
            "Seat %(seat)d: it is not your turn; seat %(turn)d is to act.") % {
            "seat": position + 1, "turn": to_act + 1}, version=match.version)
    violation = state.check(action)
    if violation is not None:
        raise OnlineRefused(violation.code, _("Seat %(seat)d: %(why)s") % {
            "seat": position + 1, "why": translated(violation.message)}, version=match.version)
    number = action if type(action) is int else state.string_to_action(action)
    text = state.action_to_string(number)
    online_state.apply(replayed, number)
    history = list(match.history) + [number]
    if not state.is_terminal():
        _set_clock(match, table, state, now)
    # One statement moves the version on, only from the one this move was made against.
    updated = OnlineMatch.objects.filter(pk=match.pk, version=match.version).update(
        version=match.version + 1, history=history, turn_started=match.turn_started,
        deadline=match.deadline)
    if updated != 1:  # another process moved first (SQLite has no row lock)
        raise OnlineRefused("stale-version", _("Seat %(seat)d: another move came first.") % {
            "seat": position + 1}, status=409, version=match.version + 1)
    match.version += 1
    match.history = history
    OnlineMove.objects.create(match=match, version=match.version, seat=position, action=text,
                              by_bot=by_bot)
    if state.is_terminal():
        _finish(match, table, replayed, bump=False)
    online_state.remember_match(match, replayed)


def _set_clock(match, table, state, now) -> None:
    """The one to act now has the table's timeout from now (a bot or a finished match none)."""
    to_act = state.current_player()
    player = player_at(table, to_act)
    if to_act < 0 or player is None or player.is_bot:
        match.turn_started, match.deadline = now, None
        return
    match.turn_started = now
    match.deadline = now + timedelta(seconds=match.timeout_seconds)


def player_at(table: Table, position: int):
    seat = next((s for s in seated(table) if s.position == position), None)
    return seat.player if seat is not None else None


def after_commit(table_id: int, version: int, bots: bool = False) -> None:
    transaction.on_commit(partial(table_news.announce, table_id, version))
    if bots:
        transaction.on_commit(partial(queue_bots, table_id))


def queue_bots(table_id: int) -> None:
    from tournaments.tasks import online_bot_moves

    online_bot_moves.delay(table_id)


def _queue_bots_once(table_id: int) -> None:
    """Queue the bots for a timed-out player, once for every reader of the table who
    notices it in the same couple of seconds."""
    if cache.add(f"online-bots-queued:{table_id}", 1, timeout=2):
        queue_bots(table_id)


__all__ = [
    "OnlineRefused", "load_table", "online_end", "online_pause", "online_play",
    "online_resume", "online_seat_view", "online_spectator_view", "online_start",
    "seat_of_user", "tables_set_online",
]
