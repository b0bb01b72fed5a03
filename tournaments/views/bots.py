"""Organiser actions for bot seats: fill empty seats, play an all-bot table."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league import access
from tournaments.forms import BotFillForm
from tournaments.models import Table
from tournaments.services.bots import strengths_for, table_fill_with_bots
from tournaments.tasks import play_bot_table


def _table(pk) -> Table:
    return get_object_or_404(Table.objects.select_related("round__event__club"), pk=pk)


@login_required
@require_POST
def table_fill_bots(request, pk):
    table = _table(pk)
    access.require_manage(request.user, table.round.event.club)
    form = BotFillForm(request.POST, strengths=strengths_for(table.game))
    if not form.is_valid():
        messages.error(request, _("Choose a bot strength."))
    else:
        try:
            filled = table_fill_with_bots(table=table, user=request.user,
                                          strength=form.cleaned_data["strength"])
            messages.success(request, ngettext(
                "Table %(table)d: %(n)d bot seated.", "Table %(table)d: %(n)d bots seated.",
                len(filled)) % {"table": table.number, "n": len(filled)})
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    return redirect("tournaments:event-detail", pk=table.round.event_id)


@login_required
@require_POST
def table_play_bots(request, pk):
    table = _table(pk)
    access.require_manage(request.user, table.round.event.club)
    if not all(s.player_id and s.player.is_bot for s in table.seats.select_related("player")):
        messages.error(request, _("Only tables where every seat is a bot can be played by "
                                  "bots."))
    else:
        play_bot_table.delay_on_commit(table.pk)
        messages.info(request, _("Table %(table)d is being played by the bots.")
                      % {"table": table.number})
    return redirect("tournaments:event-detail", pk=table.round.event_id)
