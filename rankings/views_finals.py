"""The organiser's page that draws a season's final from its standings."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league import access
from league.models import Division, Season
from league.standings_config import TIEBREAK_LABELS
from rankings.selectors_stats import season_standings
from rankings.services.finals import final_create
from tournaments.models import BracketFormat
from tournaments.services.brackets import MAX_ENTRANTS, check_two_player_game


class FinalForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the final night"), max_length=120)
    division = forms.ModelChoiceField(
        label=gettext_lazy("Division"), required=False, queryset=Division.objects.none(),
        empty_label=gettext_lazy("the whole season"),
        help_text=gettext_lazy("The top of one division only."))

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["division"].queryset = season.divisions.all()
        self.fields["division"].label_from_instance = lambda division: division.name
        if not season.divisions.exists():
            del self.fields["division"]
    date = forms.DateField(label=gettext_lazy("Date"),
                           widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(label=gettext_lazy("Starts at"), required=False,
                                 widget=forms.TimeInput(attrs={"type": "time"}))
    entrants = forms.IntegerField(
        label=gettext_lazy("Entrants"), min_value=2, max_value=MAX_ENTRANTS,
        help_text=gettext_lazy("The top N of the standings; when N is not a power of two, "
                               "the top seeds get the byes."))
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=BracketFormat.choices)
    consolation = forms.BooleanField(
        label=gettext_lazy("Match for third place"), required=False,
        help_text=gettext_lazy("Single elimination: the semi-final losers play for third."))
    table_size = forms.IntegerField(
        label=gettext_lazy("Players a table"), required=False, min_value=2, max_value=15,
        help_text=gettext_lazy("Group knockout: empty plays the season's table size."))
    drop = forms.IntegerField(
        label=gettext_lazy("Out at each table each round"), required=False, min_value=1,
        max_value=14, help_text=gettext_lazy("Group knockout: the lowest places that leave "
                                             "each table after a round (1 when empty)."))


@login_required
def season_final_new(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, season.club)
    qualified = season_standings(season).filter(qualified=True)
    # ?entrants=N (&division=ID) previews other seeds before the organiser submits
    form = FinalForm(request.POST or None, season=season, initial={
        "name": _("%(season)s final") % {"season": season.name},
        "entrants": request.GET.get("entrants") or min(8, qualified.count()) or 2,
        "division": request.GET.get("division"), "format": default_format(season)})
    division = _chosen_division(form, season)
    if division is not None:
        qualified = qualified.filter(player__in=division.places.values("player"))
    if request.method == "POST" and form.is_valid():
        try:
            bracket = final_create(season=season, user=request.user, **form.cleaned_data)
        except ValidationError as refused:
            _show_refusal(form, refused)
        else:
            messages.success(request, _("The final is drawn."))
            return redirect("tournaments:event-bracket", pk=bracket.event_id)
    wanted = form["entrants"].value()
    try:
        wanted = min(max(int(wanted), 0), MAX_ENTRANTS)  # a huge number would overflow LIMIT
    except (TypeError, ValueError):
        wanted = 0
    return render(request, "rankings/final_form.html", {
        "season": season, "club": season.club, "form": form,
        "seeds": [(row, TIEBREAK_LABELS.get(row.tiebreak, row.tiebreak))
                  for row in qualified.select_related("player")[:wanted]]})


def _chosen_division(form: FinalForm, season: Season) -> Division | None:
    if "division" not in form.fields:
        return None
    value = form["division"].value()
    if not str(value or "").isdigit() or len(str(value)) > 18:
        return None
    return season.divisions.filter(pk=int(value)).first()


def default_format(season: Season) -> str:
    """Single elimination when two can play the season's game, else a group knockout."""
    try:
        check_two_player_game(season.game, season.options)
    except ValidationError:
        return BracketFormat.GROUPS
    return BracketFormat.SINGLE


def _show_refusal(form: FinalForm, refused: ValidationError) -> None:
    for field, problems in refused.message_dict.items():
        form.add_error(field if field in form.fields else None, problems)
