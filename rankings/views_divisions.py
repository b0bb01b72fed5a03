"""A season's divisions: standings per division (public like the season), the organiser's
set-up of who plays where, and the roll-over to a new season with promotion and
relegation (previewed, then confirmed)."""

from __future__ import annotations

import django_tables2 as tables
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league import access
from league.models import Player, Season
from league.services.divisions import MAX_DIVISIONS, divisions_set
from rankings.exports import SafeTableExport
from rankings.services.divisions import division_standings, rollover_plan, season_roll_over


def _season(pk) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=pk)


def season_divisions(request, pk):
    season = _season(pk)
    access.require_view(request.user, season.club)
    return render(request, "rankings/season_divisions.html", {
        "season": season, "club": season.club, "standings": division_standings(season),
        "can_manage": access.can_manage(request.user, season.club)})


class DivisionsForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Divisions, the top one first"), required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy("One name a line; an empty box removes the divisions."))

    def __init__(self, *args, members: list[Player], current: dict[int, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.members = members
        for player in members:
            self.fields[f"p{player.pk}"] = forms.CharField(
                label=player.display_name, required=False, max_length=60,
                initial=current.get(player.pk, ""))

    def clean(self):
        data = super().clean()
        names = [n.strip() for n in (data.get("names") or "").splitlines() if n.strip()]
        if len(names) > MAX_DIVISIONS:
            raise ValidationError(_("At most %(most)d divisions.") % {"most": MAX_DIVISIONS})
        chosen = {}
        for player in self.members:
            value = (data.get(f"p{player.pk}") or "").strip()
            if value and value not in names:
                self.add_error(f"p{player.pk}", _("No division is called %(name)s.")
                               % {"name": value})
            elif value:
                chosen.setdefault(value, []).append(player)
        data["divisions"] = [(name, chosen.get(name, [])) for name in names]
        return data


@login_required
def season_divisions_edit(request, pk):
    season = _season(pk)
    access.require_manage(request.user, season.club)
    members = list(Player.objects.filter(memberships__club=season.club)
                   .order_by("display_name", "pk"))
    current = {place.player_id: division.name for division in season.divisions.all()
               for place in division.places.all()}
    form = DivisionsForm(request.POST or None, members=members, current=current, initial={
        "names": "\n".join(d.name for d in season.divisions.all())})
    if request.method == "POST" and form.is_valid():
        try:
            divisions_set(season=season, user=request.user,
                          divisions=form.cleaned_data["divisions"])
        except ValidationError as refused:
            form.add_error(None, refused.message_dict.get("divisions", refused.messages))
        else:
            messages.success(request, _("Divisions saved."))
            return redirect("league:season-divisions", pk=season.pk)
    return render(request, "rankings/season_divisions_edit.html", {
        "season": season, "club": season.club, "form": form})


class RollOverForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the new season"), max_length=120)
    starts_on = forms.DateField(label=gettext_lazy("Starts on"),
                                widget=forms.DateInput(attrs={"type": "date"}))
    move = forms.IntegerField(label=gettext_lazy("Players up and down at each boundary"),
                              min_value=1, max_value=50, initial=1)
    confirmed = forms.BooleanField(
        label=gettext_lazy("I have checked the moves below: start the new season"),
        required=False)


@login_required
def season_roll_over_page(request, pk):
    season = _season(pk)
    access.require_manage(request.user, season.club)
    form = RollOverForm(request.POST or None, initial={"name": "", "move": 1})
    plan, problem = None, None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["confirmed"]:
                new = season_roll_over(season=season, user=request.user, **data)
                messages.success(request, _("Season “%(name)s” started with its divisions.")
                                 % {"name": new.name})
                return redirect("league:season-divisions", pk=new.pk)
            plan = rollover_plan(season, data["move"])
        except ValidationError as refused:
            for field, problems in refused.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
    elif request.method == "GET":
        try:
            plan = rollover_plan(season, 1)
        except ValidationError as refused:
            problem = " ".join(refused.messages)
    return render(request, "rankings/season_roll_over.html", {
        "season": season, "club": season.club, "form": form, "problem": problem,
        "moves": plan[1] if plan else [], "divisions": plan[0] if plan else []})


class DivisionStandingsTable(tables.Table):
    """One division's standings for a spreadsheet: the rank within the division first."""

    division_rank = tables.Column(verbose_name=gettext_lazy("Rank in the division"))
    season_rank = tables.Column(verbose_name=gettext_lazy("Rank in the season"))
    player = tables.Column(verbose_name=gettext_lazy("Player"))
    points = tables.Column(verbose_name=gettext_lazy("Points"))
    games = tables.Column(verbose_name=gettext_lazy("Games"))
    nights = tables.Column(verbose_name=gettext_lazy("Nights"))
    firsts = tables.Column(verbose_name=gettext_lazy("1sts"))
    seconds = tables.Column(verbose_name=gettext_lazy("2nds"))


def division_export(request, pk, division, export_format):
    """`/seasons/<id>/divisions/<division id>/standings.csv|xlsx` (as public as the season)."""
    season = _season(pk)
    access.require_view(request.user, season.club)
    standings = dict((d.pk, (d, lines)) for d, lines in division_standings(season))
    if division not in standings or export_format not in ("csv", "xlsx"):
        raise Http404
    chosen, lines = standings[division]
    table = DivisionStandingsTable([{
        "division_rank": line.rank, "season_rank": line.row.rank if line.row else None,
        "player": line.player.display_name,
        **{name: getattr(line.row, name) if line.row else 0
           for name in ("points", "games", "nights", "firsts", "seconds")}}
        for line in lines])
    title = _("%(season)s standings: %(division)s") % {"season": season.name,
                                                       "division": chosen.name}
    export = SafeTableExport(export_format, table, dataset_kwargs={"title": title})
    name = slugify(f"{season.club.slug} {season.name} {chosen.name} standings")
    return export.response(f"{name}.{export_format}")
