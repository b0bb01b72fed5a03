"""The organiser's webhooks page: register a URL with a secret and event types, remove one,
and read the delivery log, through `webhook_create` / `webhook_delete` (the API's way in)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league import access, selectors
from league.models import Club, Webhook, WebhookEventType
from league.models.webhooks import ALL_EVENTS
from league.services.webhooks import MAX_SECRET, MIN_SECRET, webhook_create, webhook_delete

EVENT_OPTIONS = [(ALL_EVENTS, gettext_lazy("everything, including types added later")),
                 *WebhookEventType.choices]


class WebhookForm(forms.Form):
    url = forms.URLField(max_length=500, label=gettext_lazy("URL"),
                         assume_scheme="https",
                         help_text=gettext_lazy("Where each event is sent with a POST."))
    secret = forms.CharField(
        min_length=MIN_SECRET, max_length=MAX_SECRET, label=gettext_lazy("Secret"),
        widget=forms.PasswordInput(render_value=False),
        help_text=gettext_lazy("Signs every delivery (X-Bluke-Signature); at least 16 "
                               "characters. It is not shown again."))
    events = forms.MultipleChoiceField(choices=EVENT_OPTIONS, label=gettext_lazy("Events"),
                                       widget=forms.CheckboxSelectMultiple)


def _club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    return club


@login_required
def club_webhooks(request, slug):
    club = _club(request, slug)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            webhook_create(club=club, subject=request.user, **form.cleaned_data)
        except ValidationError as refusal:
            for field, errors in refusal.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The webhook is registered."))
            return redirect("organiser:club-webhooks", slug=club.slug)
    return render(request, "league/club_webhooks.html", {
        "club": club, "form": form,
        "hooks": selectors.webhook_list(subject=request.user, club=club),
        "deliveries": selectors.webhook_deliveries(club=club)})


@login_required
@require_POST
def webhook_delete_view(request, slug, pk):
    club = _club(request, slug)
    hook = get_object_or_404(Webhook, pk=pk, club=club)
    webhook_delete(webhook=hook, subject=request.user)
    messages.success(request, _("The webhook to %(url)s is removed.") % {"url": hook.url})
    return redirect("organiser:club-webhooks", slug=club.slug)
