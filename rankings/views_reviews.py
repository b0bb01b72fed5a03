"""The bots' hand review: a table's judged decisions, a player's figures per game."""

from __future__ import annotations

from datetime import datetime, time

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league import access
from league.models import Club
from league.services.clubs import club_set_reviews
from rankings.charts import ChartPoint, rating_chart
from rankings.selectors_reviews import (
    club_night_reviews,
    game_review_hands,
    night_review_progress,
    player_review_figures,
    visible_reviewed_game,
)
from rankings.selectors_stats import visible_player
from rankings.services.reviews import night_review_queue, review_on_close
from tournaments.models import Event


def game_review(request, pk: int):
    """Each card-by-card hand of a closed night's table, decision by decision, the costly
    ones marked."""
    result = visible_reviewed_game(subject=request.user, pk=pk)
    if result is None:
        raise Http404("No such game.")
    event = result.table.round.event
    context = {
        "result": result, "event": event, "hands": game_review_hands(result),
        "progress": night_review_progress(event),
    }
    return render(request, "rankings/game_review.html", context)


def player_review(request, pk: int):
    """A player's decisions as the bots judged them: per game, agreement, mean loss per
    decision, costly decisions, and the mean loss night by night."""
    player = visible_player(subject=request.user, pk=pk)
    if player is None:
        raise Http404("No such player.")
    figures = player_review_figures(player, subject=request.user)
    charts = [(line, rating_chart(
        [ChartPoint(datetime.combine(when, time()), mean) for when, _name, mean in line.trend],
        title=_("%(game)s: mean loss per decision, night by night") % {"game": line.title}))
        for line in figures]
    return render(request, "rankings/player_review.html", {"player": player, "charts": charts})


class ReviewSettingForm(forms.Form):
    reviews_on = forms.BooleanField(
        required=False, label=gettext_lazy("Review the club's nights with the bots"),
        help_text=gettext_lazy("After a night closes, the search bot judges every decision of "
                               "its card-by-card hands; the players see the costly ones and "
                               "their figures per game."))


@login_required
def club_reviews(request, slug: str):
    """Organisers: switch the club's hand reviews on or off; each closed night's review,
    and a button to review a night that has none."""
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    form = ReviewSettingForm(request.POST if request.method == "POST" else None,
                             initial={"reviews_on": club.reviews_on})
    if request.method == "POST" and "night" in request.POST:
        event = get_object_or_404(Event, pk=_int(request.POST["night"]), club=club)
        try:
            night_review_queue(event=event, user=request.user)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
        else:
            messages.success(request, _("The night's review is queued.") if review_on_close()
                             else _("The night's review is queued: on this server "
                                    "'manage.py review_nights' makes it."))
        return redirect("reviews:club", slug=club.slug)
    if request.method == "POST" and form.is_valid():
        club_set_reviews(club=club, on=form.cleaned_data["reviews_on"], user=request.user)
        messages.success(request, _("The review setting is saved."))
        return redirect("reviews:club", slug=club.slug)
    return render(request, "rankings/club_reviews.html", {
        "club": club, "form": form, "nights": club_night_reviews(club)})


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Http404("No such night.") from None
