"""A club's webhooks: registering and removing them, and recording what they are told.

`webhook_create` / `webhook_delete` are the one way in for the organiser's page and the API
(`POST /api/v1/clubs/{id}/webhooks/`): they authorize (WEBHOOKS: the club's organisers and
its own API tokens), check the URL's address (`webhook_http.checked_address`) and are audited.

`webhook_emit` is called by the services that change things (results, seating, nights,
seasons) INSIDE their transaction: it writes one `WebhookEvent` and one `WebhookDelivery`
per hook that wants it, so the deliveries commit with the change or not at all, and asks a
worker to send them after commit (`league.services.webhook_delivery`).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Club, Webhook, WebhookDelivery, WebhookEvent, WebhookEventType
from league.models.webhooks import ALL_EVENTS
from league.permissions import WEBHOOKS, can
from league.services.audit import audit_record
from league.services.webhook_delivery import webhooks_kick
from league.services.webhook_http import checked_address

MIN_SECRET = 16
MAX_SECRET = 200
EVENT_CHOICES = [ALL_EVENTS, *WebhookEventType.values]


def _require(subject, club: Club) -> None:
    if not can(subject, WEBHOOKS, club):
        raise PermissionDenied(_("Only the club's organisers and its API tokens may manage "
                                 "its webhooks."))


def webhook_events_check(events) -> list[str]:
    """The event types, deduplicated in a stable order, or a ValidationError on `events`."""
    if not isinstance(events, list) or not events:
        raise ValidationError({"events": _('List the event types, or ["*"] for all.')})
    unknown = [e for e in events if e not in EVENT_CHOICES]
    if unknown:
        raise ValidationError({"events": _("Unknown event type %(type)s; known: %(known)s.")
                               % {"type": unknown[0], "known": ", ".join(EVENT_CHOICES)}})
    return [ALL_EVENTS] if ALL_EVENTS in events else list(dict.fromkeys(events))


def webhook_secret_check(secret) -> str:
    if not isinstance(secret, str) or not MIN_SECRET <= len(secret) <= MAX_SECRET:
        raise ValidationError({"secret": _("The secret is %(min)s to %(max)s characters long.")
                               % {"min": MIN_SECRET, "max": MAX_SECRET}})
    return secret


def _checked(*, url: str, events, secret) -> tuple[list[str], str]:
    """Every field checked, so one answer names every field that is wrong."""
    errors: dict[str, list[str]] = {}
    checked: dict = {}
    checks = {"url": lambda: _url_check(url), "events": lambda: webhook_events_check(events),
              "secret": lambda: webhook_secret_check(secret)}
    for field, check in checks.items():
        try:
            checked[field] = check()
        except ValidationError as refusal:
            for name, messages in refusal.message_dict.items():
                errors.setdefault(name, []).extend(messages)
    if errors:
        raise ValidationError(errors)
    return checked["events"], checked["secret"]


def _url_check(url: str) -> None:
    if len(url) > 500:
        raise ValidationError({"url": _("A webhook URL is at most 500 characters long.")})
    checked_address(url)


@transaction.atomic
def webhook_create(*, club: Club, url: str, secret: str, events, subject) -> Webhook:
    """Register `url` for the club's `events`; every delivery is signed with `secret`."""
    _require(subject, club)
    url = (url or "").strip()
    events, secret = _checked(url=url, events=events, secret=secret)
    user = subject if isinstance(subject, get_user_model()) else None
    hook = Webhook.objects.create(club=club, url=url, secret=secret, events=events,
                                  created_by=user)
    audit_record(club=club, action="webhook.create", target=hook, subject=subject,
                 after={"url": url, "events": events})
    return hook


@transaction.atomic
def webhook_delete(*, webhook: Webhook, subject) -> None:
    """Remove the hook; its deliveries still queued are dropped with it."""
    _require(subject, webhook.club)
    audit_record(club=webhook.club, action="webhook.delete", target=webhook, subject=subject,
                 before={"url": webhook.url, "events": webhook.events})
    webhook.delete()


def webhook_emit(*, club: Club | int, type: str, data: dict, text: str) -> WebhookEvent | None:
    """Record that `type` happened in the club, for each of its hooks that wants it.

    Call inside the transaction of the change. `text` is one line a person reads in a chat
    channel (Discord's `content`, Slack's `text`). None when no hook wants the event.
    """
    club_id = club if isinstance(club, int) else club.pk
    hooks = [h for h in Webhook.objects.filter(club_id=club_id) if h.wants(type)]
    if not hooks:
        return None
    now = timezone.now()
    event = WebhookEvent.objects.create(club_id=club_id, type=type, created_at=now, data=data,
                                        text=text[:500])
    WebhookDelivery.objects.bulk_create(
        WebhookDelivery(webhook=hook, event=event, created_at=now, due_at=now) for hook in hooks)
    transaction.on_commit(webhooks_kick)
    return event
