"""Federation pages of the league layer: a club's memberships (organisers) and a person's
links and consent (the person). The leaderboards and the staff page are the rankings app's."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games import rules
from league import access
from league.game_titles import game_title
from league.models import Club, Federation, FederationClub, Player
from league.services.federations import (
    MAX_CORRECTION_DAYS,
    club_set_correction_days,
    federation_join,
    federation_leave,
    federation_opt_in_set,
    player_unlink,
)


def _managed_club(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    return club


def _club_games(club: Club) -> list[str]:
    """The games the club plays (its seasons and nights), then every other game."""
    played = set(club.seasons.values_list("game", flat=True)) | set(
        club.events.values_list("game", flat=True))
    known = [g for g in rules.GAMES if g in played]
    return known + [g for g in rules.GAMES if g not in played]


@login_required
def club_federations(request, slug: str):
    """Organisers: join or leave each federation per game, and the correction window."""
    club = _managed_club(request, slug)
    if request.method == "POST":
        return _club_federations_post(request, club)
    rows = {(r.federation_id, r.game): r for r in FederationClub.objects.filter(club=club)}
    federations = [
        (federation, [(game, game_title(game), rows.get((federation.pk, game)))
                      for game in _club_games(club)])
        for federation in Federation.objects.all()]
    return render(request, "league/club_federations.html", {
        "club": club, "federations": federations, "max_days": MAX_CORRECTION_DAYS})


def _club_federations_post(request, club: Club):
    action = request.POST.get("action")
    try:
        if action == "window":
            club_set_correction_days(user=request.user, club=club,
                                     days=request.POST.get("correction_days"))
            messages.success(request, _("The correction window is saved."))
            return redirect("club-federations", slug=club.slug)
        federation = Federation.objects.filter(pk=_int(request.POST.get("federation"))).first()
        game = str(request.POST.get("game", ""))[:40]
        if federation is None or action not in ("join", "leave"):
            raise ValidationError(_("Choose a federation and a game."))
        if action == "join":
            row = federation_join(user=request.user, federation=federation, club=club, game=game)
            messages.success(request, _("%(state)s: %(club)s in %(federation)s for %(game)s.") % {
                "state": row.get_state_display(), "club": club, "federation": federation,
                "game": game_title(game)})
        else:
            federation_leave(user=request.user, federation=federation, club=club, game=game)
            messages.success(request, _("%(club)s left %(federation)s for %(game)s: its ratings "
                                        "there are recomputed without the club's nights.") % {
                "club": club, "federation": federation, "game": game_title(game)})
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("club-federations", slug=club.slug)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
def my_federation(request):
    """The person: the other clubs' players linked to them, and their leaderboard consent."""
    person = Player.objects.filter(user=request.user).first()
    if person is None:
        raise Http404(_("Your login has no player profile yet."))
    if request.method == "POST":
        try:
            if request.POST.get("action") == "unlink":
                player_unlink(user=request.user, player_id=_int(request.POST.get("player")))
                messages.success(request, _("The link is undone; your federation ratings are "
                                            "recomputed."))
            else:
                on = request.POST.get("opt_in") == "on"
                federation_opt_in_set(user=request.user, on=on)
                messages.success(request, _("You appear on federation leaderboards.") if on else
                                 _("You no longer appear on leaderboards of federations that "
                                   "count a private club of yours."))
        except (ValidationError, PermissionDenied) as error:
            messages.error(request, " ".join(getattr(error, "messages", [str(error)])))
        return redirect("my-federation")
    links = person.linked_players.select_related("player").prefetch_related(
        "player__memberships__club")
    return render(request, "league/my_federation.html", {"person": person, "links": links})
