"""The organiser's season pages: create and edit a season (its game, the game's options and
the standings scheme). The forms parse; `season_create` / `season_update` check and store."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from league import access
from league.forms import GameOptionsForm, SeasonForm, StandingsForm, chosen_game
from league.models import Club, Season
from league.services.seasons import season_create, season_update

# Where each of the service's error keys is shown: on the options or standings form as a
# whole, or on the season form's own field.
ERROR_FORM = {"options": "options", "standings_config": "standings"}


def _forms(request, *, game: str, season: Season | None, switching: bool) -> dict:
    """The three forms, bound to the POST unless the organiser only switched the game."""
    data = request.POST if request.method == "POST" and not switching else None
    initial = ({"name": season.name, "game": season.game, "starts_on": season.starts_on,
                "ends_on": season.ends_on, "table_size": season.table_size} if season else {"starts_on": timezone.localdate()})
    if switching:
        initial = {**initial, **request.POST.dict(), "game": game}
    keep_options = season.options if season and season.game == game else None
    forms = {
        "season": SeasonForm(data, initial=initial),
        "options": GameOptionsForm(data, game=game, options=keep_options),
        "standings": StandingsForm(data, config=season.standings_config if season else None),
    }
    if season is not None and season.events.exists():
        # The season's nights were planned and scored under these rules.
        for field in [forms["season"].fields["game"], *forms["options"].fields.values()]:
            field.disabled = True
    return forms


def _values(forms) -> dict:
    values = dict(forms["season"].cleaned_data)
    values["options"] = forms["options"].options()
    values["standings_config"] = forms["standings"].config()
    return values


def _show_refusal(forms, error: ValidationError) -> None:
    for key, messages_ in error.message_dict.items():
        form = forms[ERROR_FORM.get(key, "season")]
        field = key if key in form.fields else None
        for message in messages_:
            form.add_error(field, message)


def _render(request, club, forms, season=None, game=""):
    context = {"club": club, "season": season, "forms": forms, "game": game,
               "game_title": rules.GAMES[game].title}
    return render(request, "league/season_form.html", context)


@login_required
def season_new(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    game = chosen_game(request, next(iter(rules.GAMES)))
    switching = "switch" in request.POST
    forms = _forms(request, game=game, season=None, switching=switching)
    if request.method == "POST" and not switching and all(f.is_valid() for f in forms.values()):
        try:
            season = season_create(club=club, user=request.user, **_values(forms))
        except ValidationError as refused:
            _show_refusal(forms, refused)
        else:
            messages.success(request, _("Season “%(name)s” created.") % {"name": season.name})
            return redirect("league:season-detail", pk=season.pk)
    return _render(request, club, forms, game=game)


@login_required
def season_edit(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, season.club)
    locked = season.events.exists()
    game = season.game if locked else chosen_game(request, season.game)
    switching = "switch" in request.POST and not locked
    forms = _forms(request, game=game, season=season, switching=switching)
    if request.method == "POST" and not switching and all(f.is_valid() for f in forms.values()):
        try:
            season_update(season=season, user=request.user, **_values(forms))
        except ValidationError as refused:
            _show_refusal(forms, refused)
        else:
            messages.success(request, _("Season saved."))
            return redirect("league:season-detail", pk=season.pk)
    return _render(request, season.club, forms, season=season, game=game)
