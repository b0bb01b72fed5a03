"""Players' notice mails: the one-click unsubscribe (no login) and the player's own switches."""

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
    notice_from_token,
    notice_switch_off,
    notices_set,
    notices_wanted,
)


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


@login_required
def my_notices(request):
    player = getattr(request.user, "player", None)
    form = None
    if player is not None:
        form = NoticesForm(request.POST or None,
                           initial={"wanted": sorted(notices_wanted(player))})
        if request.method == "POST" and form.is_valid():
            notices_set(player=player, user=request.user, wanted=set(form.cleaned_data["wanted"]))
            messages.success(request, _("Your mail choices are saved."))
            return redirect("notices:mine")
    return render(request, "league/my_notices.html", {"player": player, "form": form,
                                                       "email": request.user.email})
