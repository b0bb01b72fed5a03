"""A player's own data on their profile page: the download, and erasing it.

Thin: `rankings.archive` decides who may (the player alone) and does the work.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from league.models import Player
from rankings.archive.erase import player_erase, player_erase_check
from rankings.archive.export import may_download, player_export


def _own_player(request, pk: int) -> Player:
    player = get_object_or_404(Player, pk=pk)
    if not may_download(player=player, user=request.user):
        raise PermissionDenied(_("Only the player may see this."))
    return player


@login_required
def player_data(request, pk: int):
    """The player's data download (the club archive format, their part), as a file."""
    player = _own_player(request, pk)
    text = json.dumps(player_export(player=player, user=request.user), ensure_ascii=False,
                      indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="bluke-league-data-{player.uid.hex[:8]}.json"')
    response["Cache-Control"] = "private, no-store"
    return response


class EraseForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=gettext_lazy("To be sure it is you: erasing cannot be undone."))

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("That is not your password."), code="password")
        return password


@login_required
@require_http_methods(["GET", "POST"])
def player_erase_page(request, pk: int):
    """The player erases their own data: name, login and address go, results stay."""
    player = _own_player(request, pk)
    problem = None
    try:
        player_erase_check(player=player, user=request.user)
    except ValidationError as error:
        problem = " ".join(error.messages)
    form = EraseForm(request.POST or None, user=request.user)
    if request.method == "POST" and problem is None and form.is_valid():
        player_erase(player=player, user=request.user, reason=_("asked by the player"))
        logout(request)
        messages.success(request, _("Your data is erased. Your results stay in the standings "
                                    "under a neutral name."))
        return redirect("league:home")
    return render(request, "rankings/player_erase.html",
                  {"player": player, "form": form, "problem": problem})
