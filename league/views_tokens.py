"""The organiser's API tokens page: create a token for a scoring app (its key shown once)
and revoke one, through `token_create` / `token_revoke`. It also shows the club's id, which
the API asks for when a token is created there."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from league import access
from league.models import ApiToken, Club
from league.services.tokens import token_create, token_revoke


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=80, label=gettext_lazy("Name"),
        help_text=gettext_lazy("Who uses it, e.g. “scoring app on the club laptop”."))


def _club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    return club


@never_cache  # the page that shows a new key must not be kept by any cache
@login_required
def club_tokens(request, slug):
    club = _club(request, slug)
    form = TokenForm(request.POST or None)
    new = None
    if request.method == "POST" and form.is_valid():
        new = token_create(club=club, name=form.cleaned_data["name"], user=request.user)
        form = TokenForm()
    tokens = ApiToken.objects.filter(club=club).select_related("created_by").order_by(
        "revoked_at", "-created_at", "-pk")
    return render(request, "league/club_tokens.html", {
        "club": club, "form": form, "tokens": tokens, "new": new})


@login_required
@require_POST
def token_revoke_view(request, slug, pk):
    club = _club(request, slug)
    token = get_object_or_404(ApiToken, pk=pk, club=club)
    token_revoke(token=token, user=request.user)
    messages.success(request, _("The token “%(name)s” is revoked: apps using it are refused "
                                "from now on.") % {"name": token.name})
    return redirect("organiser:club-tokens", slug=club.slug)
