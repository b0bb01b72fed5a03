"""The notices players get about their nights, by mail and push (`league.services.notices`).

Called by the seating and closing services inside their transactions, like the webhooks:
the mails commit with the change, once per (event, player, channel).
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from league.models import PlayerNotice
from league.services.notices import announcement_queue, notice_queue
from tournaments import hooks
from tournaments.models import Event, EventFormat, Round, Seat, Table, WayIn


def _language(player, club) -> str:
    """Each player reads their mail in their own language (a worker or another person's
    request composes it); without one, in the club's, as its pages and printing are."""
    return player.language or club.language or settings.LANGUAGE_CODE


def _night_url(event: Event) -> str:
    return settings.SITE_URL.rstrip("/") + event.get_absolute_url()


def seating_published(rnd: Round) -> None:
    """Each seated player of the round learns their table, seat and first dealer."""
    event = rnd.event
    seats = (Seat.objects.filter(table__round=rnd, player__isnull=False)
             .select_related("player__user", "table"))
    for seat in seats:
        facts = {"night": event.name, "round": rnd.number, "table": seat.table.number,
                 "seat": seat.position + 1, "dealer": seat.table.first_dealer + 1}
        with translation.override(_language(seat.player, event.club)):
            notice_queue(
                player=seat.player, notice=PlayerNotice.SEATING_PUBLISHED,
                about=f"round-{rnd.pk}", club=event.club,
                subject=_("%(night)s, round %(round)s: table %(table)s, seat %(seat)s") % facts,
                body=_("%(night)s, round %(round)s: you sit at table %(table)s, seat %(seat)s; "
                       "seat %(dealer)s deals first.") % facts, url=_night_url(event))


def result_to_confirm(*, table: Table, seats: list[Seat], pending_id: int, submitted: Seat,
                      via: str) -> None:
    """The players who may confirm a result entered at their table (another side's) are
    asked to: once per pending result and player."""
    event, rnd = table.round.event, table.round
    url = settings.SITE_URL.rstrip("/") + reverse("tournaments:table-entry", args=[table.pk])
    for seat in seats:
        with translation.override(_language(seat.player, event.club)):
            facts = {"night": event.name, "round": rnd.number, "table": table.number,
                     "submitter": _("seat %(n)d, %(player)s (%(via)s)") % {
                         "n": submitted.position + 1, "player": submitted.player.display_name,
                         "via": WayIn(via).label}}
            notice_queue(
                player=seat.player, notice=PlayerNotice.RESULT_TO_CONFIRM,
                about=f"pending-{pending_id}", club=event.club,
                subject=_("%(night)s, round %(round)s, table %(table)s: a result awaits your "
                          "confirmation") % facts,
                body=_("%(night)s, round %(round)s: %(submitter)s entered the result of table "
                       "%(table)s. It counts once a player of another side confirms it; "
                       "confirm it, or dispute it, on the table's page.") % facts, url=url)


def result_changed(*, table: Table, reason: str, removed: bool, change_id: int) -> None:
    """Everyone seated at the table hears that an organiser corrected or removed its result,
    and why; `change_id` (the audit entry) tells one change from the next."""
    event, rnd = table.round.event, table.round
    seats = (Seat.objects.filter(table=table, player__isnull=False)
             .select_related("player__user").order_by("position"))
    facts = {"night": event.name, "round": rnd.number, "table": table.number,
             "reason": reason}
    for seat in seats:
        with translation.override(_language(seat.player, event.club)):
            if removed:
                subject = _("%(night)s, round %(round)s, table %(table)s: result removed")
                body = _("An organiser removed the result of table %(table)s (%(night)s, "
                         "round %(round)s). The reason given: %(reason)s")
            else:
                subject = _("%(night)s, round %(round)s, table %(table)s: result corrected")
                body = _("An organiser corrected the result of table %(table)s (%(night)s, "
                         "round %(round)s). The reason given: %(reason)s")
            notice_queue(player=seat.player, notice=PlayerNotice.RESULT_CHANGED,
                         about=f"change-{change_id}", club=event.club,
                         subject=subject % facts, body=body % facts, url=_night_url(event))


def night_closed(event: Event) -> None:
    """Everyone who sat at a table of the night hears that it is closed, with their place,
    points and rating change where the rankings know them (`hooks.closing_facts`)."""
    players = {seat.player for seat in Seat.objects.filter(
        table__round__event=event, player__isnull=False).select_related("player__user")}
    facts = hooks.closing_facts(event) if players else {}
    for player in sorted(players, key=lambda p: p.pk):
        with translation.override(_language(player, event.club)):
            body = _("%(night)s (%(date)s) is closed: the results, standings and ratings "
                     "are final.") % {"night": event.name, "date": event.date.isoformat()}
            mine = facts.get(player.pk)
            if mine is not None:
                body += "\n\n" + _closing_lines(mine, event)
            notice_queue(
                player=player, notice=PlayerNotice.NIGHT_CLOSED, about=f"night-{event.pk}",
                club=event.club, subject=_("%(night)s is closed") % {"night": event.name},
                body=body, url=_night_url(event))


def _whole(value: float):
    return int(value) if float(value).is_integer() else round(value, 2)


def _closing_lines(facts: hooks.ClosingFacts, event: Event) -> str:
    # a duplicate night ranks by matchpoint percentage (docs/duplicate.md)
    text = _("Your place: %(place)s of %(of)s, with %(points)s %% of the matchpoints.") \
        if event.format == EventFormat.DUPLICATE \
        else _("Your place: %(place)s of %(of)s, with %(points)s points.")
    lines = [text % {"place": facts.place, "of": facts.of,
                     "points": number_format(_whole(facts.points))}]
    if facts.rating is not None:
        lines.append(_("Your rating: %(rating)s (%(change)s tonight).") % {
            "rating": number_format(round(facts.rating)),
            "change": f"{round(facts.rating_change):+d}"})
    return "\n".join(lines)


def night_announced(event: Event) -> None:
    """Members who asked for announcements hear of a new night (off by default)."""
    def compose():
        facts = {"club": event.club.name, "night": event.name, "date": event.date.isoformat()}
        return (_("New at %(club)s: %(night)s on %(date)s") % facts,
                _("%(club)s announces %(night)s on %(date)s.") % facts, _night_url(event))

    announcement_queue(club=event.club, about=f"night-{event.pk}", compose=compose)
