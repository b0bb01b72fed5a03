"""Old webhook events and their deliveries are forgotten after WEBHOOK_RETENTION_DAYS, but
never one with a delivery still queued, nor with a retention shorter than the retries."""

import io
from datetime import timedelta

import pytest
from django.conf import settings as project_settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.utils import timezone

from league.models import DeliveryState, Webhook, WebhookDelivery, WebhookEvent
from league.services.webhook_prune import webhooks_prune
from league.tasks import prune_webhooks

pytestmark = pytest.mark.django_db


def _event(hook, days_ago: float, state=DeliveryState.SENT, text="e"):
    when = timezone.now() - timedelta(days=days_ago)
    event = WebhookEvent.objects.create(club=hook.club, type="result.stored", created_at=when,
                                        data={}, text=text)
    WebhookDelivery.objects.create(webhook=hook, event=event, state=state, created_at=when,
                                   due_at=when)
    return event


@pytest.fixture
def hook(club_a):
    return Webhook.objects.create(club=club_a, url="https://example.org/hook",
                                  secret="s" * 20, events=["*"])


def test_events_past_the_retention_go_with_their_deliveries(hook):
    old_sent = _event(hook, 31)
    old_failed = _event(hook, 40, DeliveryState.FAILED)
    old_queued = _event(hook, 31, DeliveryState.QUEUED)  # a worker may still send it
    recent = _event(hook, 29)
    assert webhooks_prune() == 2
    left = set(WebhookEvent.objects.values_list("pk", flat=True))
    assert left == {old_queued.pk, recent.pk}
    assert not WebhookDelivery.objects.filter(event_id__in=[old_sent.pk, old_failed.pk])
    assert webhooks_prune() == 0  # twice: nothing more


def test_the_setting_the_task_and_the_command(hook, settings):
    settings.WEBHOOK_RETENTION_DAYS = 7
    _event(hook, 8)
    _event(hook, 3)
    assert prune_webhooks() == 1
    assert project_settings.CELERY_BEAT_SCHEDULE["prune-webhooks"]["task"] == \
        "league.prune_webhooks"
    out = io.StringIO()
    call_command("prune_webhooks", "--days", "2", stdout=out)
    assert out.getvalue().strip() == "1 webhook events deleted"
    assert not WebhookEvent.objects.exists()


def test_a_retention_shorter_than_the_retries_is_refused(hook, settings):
    _event(hook, 1.5)
    with pytest.raises(CommandError, match="at least 2"):
        call_command("prune_webhooks", "--days", "1")
    settings.WEBHOOK_RETENTION_DAYS = 1
    with pytest.raises(ImproperlyConfigured):
        webhooks_prune()
    assert webhooks_prune(older_than=timedelta(hours=1)) == 0  # held at two days
    assert WebhookEvent.objects.count() == 1


def test_a_long_backlog_goes_in_batches(hook, monkeypatch):
    from league.services import webhook_prune

    monkeypatch.setattr(webhook_prune, "BATCH", 2)
    for _ in range(5):
        _event(hook, 60)
    assert webhooks_prune() == 5 and not WebhookDelivery.objects.exists()
