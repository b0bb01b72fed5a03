"""What the club's webhooks are told about nights, seating and results.

Each function is called by the service that makes the change, inside its transaction, and
hands `league.services.webhooks.webhook_emit` the event's data (ids an API client can
fetch, plus what a reader needs) and one line of text for a chat channel.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from league.models import WebhookEventType
from league.services.webhooks import webhook_emit
from tournaments.models import Event, Round, Table, TableResult


def _language(event: Event) -> str:
    """A chat channel's line is in the club's language (it has no reader of its own)."""
    return event.club.language or settings.LANGUAGE_CODE


def _night(event: Event) -> dict:
    return {"id": event.pk, "name": event.name, "date": event.date.isoformat(),
            "season": event.season_id, "game": event.game}


def _table(table: Table) -> dict:
    return {"id": table.pk, "number": table.number, "round": table.round.number}


def result_stored(game: TableResult, *, corrected: bool, reason: str = "") -> None:
    """A table's result was stored (or extended by more hands), or corrected with a reason."""
    table = game.table
    event = table.round.event
    kind = WebhookEventType.RESULT_CORRECTED if corrected else WebhookEventType.RESULT_STORED
    data = {"game": game.pk, "status": game.status, "night": _night(event),
            "table": _table(table), "totals": game.totals, "ranks": game.ranks}
    if corrected:
        data["reason"] = reason
    facts = {"night": event.name, "round": table.round.number, "table": table.number,
             "reason": reason}
    with translation.override(_language(event)):
        text = (_("%(night)s: round %(round)s, table %(table)s: result corrected (%(reason)s)")
                if corrected else
                _("%(night)s: round %(round)s, table %(table)s: result stored")) % facts
    webhook_emit(club=event.club_id, type=kind, data=data, text=text)


def result_removed(*, table: Table, game_id: int, reason: str) -> None:
    event = table.round.event
    with translation.override(_language(event)):
        text = _("%(night)s: round %(round)s, table %(table)s: result removed (%(reason)s)") % {
            "night": event.name, "round": table.round.number, "table": table.number,
            "reason": reason}
    webhook_emit(club=event.club_id, type=WebhookEventType.RESULT_REMOVED,
                 data={"game": game_id, "night": _night(event), "table": _table(table),
                       "reason": reason}, text=text)


def seating_published(rnd: Round) -> None:
    """A round's seating is published: every table, its first dealer and its seats."""
    tables = (Table.objects.filter(round=rnd).order_by("number")
              .prefetch_related("seats__player"))
    data = {"night": _night(rnd.event), "round": rnd.number, "tables": [
        {"id": t.pk, "number": t.number, "first_dealer": t.first_dealer, "seats": [
            {"position": s.position, "player": s.player_id,
             "name": s.player.display_name if s.player else None}
            for s in sorted(t.seats.all(), key=lambda s: s.position)]}
        for t in tables]}
    with translation.override(_language(rnd.event)):
        text = _("%(night)s: the seating of round %(round)s is published") % {
            "night": rnd.event.name, "round": rnd.number}
    webhook_emit(club=rnd.event.club_id, type=WebhookEventType.SEATING_PUBLISHED, data=data,
                 text=text)


def night_closed(event: Event, *, open_tables: list[int], reason: str) -> None:
    with translation.override(_language(event)):
        text = _("%(night)s (%(date)s) is closed") % {"night": event.name,
                                                       "date": event.date.isoformat()}
    webhook_emit(club=event.club_id, type=WebhookEventType.NIGHT_CLOSED,
                 data={"night": _night(event), "open_tables": open_tables, "reason": reason},
                 text=text)


def night_created(event: Event) -> None:
    with translation.override(_language(event)):
        text = _("New night: %(night)s on %(date)s") % {"night": event.name,
                                                         "date": event.date.isoformat()}
    webhook_emit(club=event.club_id, type=WebhookEventType.NIGHT_CREATED,
                 data={"night": _night(event)}, text=text)
