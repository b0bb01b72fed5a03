"""Players' notices: the mail's one-click unsubscribe (no login) and the player's own
switches, per notice and channel (e-mail, push)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from league.models import PlayerNotice
from league.services.notices import (
    EMAIL,
    PUSH,
    notice_choices,
    notice_choices_set,
    notice_from_token,
    notice_switch_off,
)
from league.services.push_delivery import push_enabled


@csrf_exempt  # a mail client's one-click POST (RFC 8058) carries no CSRF token
def unsubscribe(request, token):
    """GET shows a button (link scanners must not unsubscribe anyone); POST switches off."""
    try:
        player, notice = notice_from_token(token)
    except ValidationError as invalid:
        return render(request, "league/unsubscribe.html", {"error": invalid.messages[0]},
                      status=404)
    done = request.method == "POST"
    if done:
        notice_switch_off(player=player, notice=notice)
    return render(request, "league/unsubscribe.html", {
        "done": done, "notice": PlayerNotice(notice).label})


class NoticesForm(forms.Form):
    wanted = forms.MultipleChoiceField(
        choices=PlayerNotice.choices, required=False, widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Send me an e-mail about"))
    push = forms.MultipleChoiceField(
        choices=PlayerNotice.choices, required=False, widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Send a notification to my registered browsers about"))


@login_required
def my_notices(request):
    player = getattr(request.user, "player", None)
    form = None
    browsers = 0
    if player is not None:
        choices = notice_choices(player)
        form = NoticesForm(request.POST or None,
                           initial={"wanted": sorted(choices[EMAIL]),
                                    "push": sorted(choices[PUSH])})
        if request.method == "POST" and form.is_valid():
            notice_choices_set(player=player, user=request.user, choices={
                EMAIL: set(form.cleaned_data["wanted"]), PUSH: set(form.cleaned_data["push"])})
            messages.success(request, _("Your choices are saved."))
            return redirect("notices:mine")
        browsers = player.push_subscriptions.count()
    return render(request, "league/my_notices.html", {
        "player": player, "form": form, "rows": _rows(form), "email": request.user.email,
        "push_enabled": push_enabled(), "browsers": browsers})


def _rows(form) -> list[tuple[str, str, bool, bool]]:
    """(notice, label, by e-mail, by push) for the page's table of switches."""
    if form is None:
        return []
    mail, push = set(form["wanted"].value() or ()), set(form["push"].value() or ())
    return [(value, label, value in mail, value in push) for value, label in PlayerNotice.choices]
