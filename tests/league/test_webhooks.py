"""Webhooks: what a club's receiver is told, signed, once per event, retried with back-off."""

import hashlib
import hmac
import json
from datetime import timedelta
from pathlib import Path

import jsonschema
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import DeliveryState, Webhook, WebhookDelivery, WebhookEvent
from league.permissions import SYSTEM
from league.services.seasons import season_create
from league.services.webhook_delivery import webhooks_send_due
from league.services.webhooks import webhook_create, webhook_delete
from tests.factories import api_token, played_record, seated_table
from tests.league.webhook_receiver import WebhookReceiver
from tournaments.services.events import event_close, event_create
from tournaments.services.results import result_correct, result_remove, result_submit
from tournaments.services.seating import round_set_published

SECRET = "a-long-shared-secret-42"
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" /
                     "webhook-event.schema.json").read_text())


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True  # the receiver listens on the loopback
    settings.WEBHOOK_RETRY_BASE_SECONDS = 30
    server = WebhookReceiver()
    yield server
    server.close()


def _hook(club, receiver, user, events=("*",)):
    return webhook_create(club=club, url=receiver.url, secret=SECRET, events=list(events),
                          subject=user)


def _bodies(receiver) -> list[dict]:
    """The bodies received, each checked against the documented JSON Schema."""
    bodies = [json.loads(body) for _headers, body in receiver.accepted()]
    for body in bodies:
        jsonschema.validate(body, SCHEMA)
    return bodies


def _verifies(headers: dict, body: bytes) -> bool:
    expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["X-Bluke-Signature"], expected)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/hook", "http://localhost/hook",
                                 "http://10.1.2.3/hook", "http://169.254.169.254/latest",
                                 "http://[::1]/hook", "ftp://example.org/hook"])
def test_it_refuses_urls_that_lead_inside_unless_allowed(club_a, alice, url):
    with pytest.raises(ValidationError) as refusal:
        webhook_create(club=club_a, url=url, secret=SECRET, events=["*"], subject=alice)
    assert "url" in refusal.value.message_dict
    assert not Webhook.objects.exists()


def test_a_delivery_to_an_address_that_turned_private_fails_without_a_request(
        club_a, alice, table_a, receiver, settings):
    _hook(club_a, receiver, alice)
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = False  # as if the host now resolved inside
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    assert webhooks_send_due().failed == 1
    assert receiver.received == []
    assert "private or local" in WebhookDelivery.objects.get().last_error


def test_only_the_clubs_organisers_and_its_token_may_register(club_a, club_b, alice, sam, bob,
                                                             receiver):
    for outsider in (sam, bob, api_token(club_b)[0]):
        with pytest.raises(PermissionDenied):
            _hook(club_a, receiver, outsider)
    token_a, _key = api_token(club_a)
    assert _hook(club_a, receiver, token_a).club == club_a


def test_a_result_stored_corrected_and_removed_reach_the_hook_signed(club_a, alice, table_a,
                                                                    receiver):
    _hook(club_a, receiver, alice)
    game = result_submit(table=table_a, record=played_record(seed=3), source="bot",
                         user=SYSTEM).game
    result_correct(game=game, record=played_record(seed=4), reason="wrong sheet", user=alice)
    result_remove(actor=alice, reason="entered twice", table=table_a)
    assert webhooks_send_due().sent == 3
    bodies = _bodies(receiver)
    assert [b["type"] for b in bodies] == ["result.stored", "result.corrected",
                                           "result.removed"]
    assert all(_verifies(h, b) for h, b in receiver.accepted())
    assert bodies[0]["data"]["game"] == game.pk
    assert bodies[0]["data"]["table"] == {"id": table_a.pk, "number": table_a.number,
                                          "round": table_a.round.number}
    assert bodies[1]["data"]["reason"] == "wrong sheet"
    assert bodies[2]["data"]["reason"] == "entered twice"
    assert len({b["id"] for b in bodies}) == 3
    assert all(b["text"] == b["content"] and b["text"] for b in bodies)  # Slack and Discord


def test_nights_seasons_and_seating_are_announced(club_a, alice, players_a, receiver):
    _hook(club_a, receiver, alice)
    season = season_create(club=club_a, name="Autumn", game="bluke",
                           starts_on=timezone.localdate(), user=alice)
    night = event_create(club=club_a, name="Night 1", date=timezone.localdate(), user=alice,
                         season=season)
    table = seated_table(club_a, players_a, published=False)
    round_set_published(rnd=table.round, user=alice)
    round_set_published(rnd=table.round, published=False, user=alice)  # taken back: silent
    webhooks_send_due()
    bodies = _bodies(receiver)
    assert [b["type"] for b in bodies] == ["season.created", "night.created",
                                           "seating.published"]
    assert bodies[0]["data"]["season"]["id"] == season.pk
    assert bodies[1]["data"]["night"]["id"] == night.pk
    seats = bodies[2]["data"]["tables"][0]["seats"]
    assert [s["player"] for s in seats] == [p.pk for p in players_a]


def test_a_night_closed_goes_only_to_hooks_that_asked_for_it(club_a, alice, table_a, receiver):
    _hook(club_a, receiver, alice, events=["night.closed"])
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    event_close(event=table_a.round.event, user=alice)
    webhooks_send_due()
    assert [b["type"] for b in _bodies(receiver)] == ["night.closed"]
    assert WebhookEvent.objects.count() == 1  # no rows for what nobody asked for


def test_another_clubs_hooks_hear_nothing(club_a, club_b, bob, table_a, receiver):
    _hook(club_b, receiver, bob)
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    assert webhooks_send_due().sent == 0
    assert not WebhookEvent.objects.exists()


def test_a_refused_delivery_is_retried_later_with_the_same_id_and_body(club_a, alice, table_a,
                                                                      receiver):
    receiver.refuse = 2
    _hook(club_a, receiver, alice)
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    assert webhooks_send_due().failed == 1
    delivery = WebhookDelivery.objects.get()
    assert delivery.state == DeliveryState.QUEUED and delivery.last_status == 503
    first_wait = delivery.due_at - timezone.now()
    assert timedelta(seconds=20) < first_wait <= timedelta(seconds=30)
    assert webhooks_send_due().sent == 0  # not due yet
    WebhookDelivery.objects.update(due_at=timezone.now())
    webhooks_send_due()
    delivery.refresh_from_db()
    assert delivery.due_at - timezone.now() > timedelta(seconds=50)  # doubled
    WebhookDelivery.objects.update(due_at=timezone.now())
    assert webhooks_send_due().sent == 1
    bodies = [body for _headers, body, _status in receiver.received]
    assert len(bodies) == 3 and len(set(bodies)) == 1  # one event, one id, one signature
    assert WebhookDelivery.objects.get().state == DeliveryState.SENT


def test_a_delivery_is_given_up_a_day_after_its_event(club_a, alice, table_a, receiver):
    receiver.refuse = 100
    _hook(club_a, receiver, alice)
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    WebhookEvent.objects.update(created_at=timezone.now() - timedelta(hours=23, minutes=59,
                                                                     seconds=50))
    webhooks_send_due()
    assert WebhookDelivery.objects.get().state == DeliveryState.FAILED


def test_one_dead_receiver_does_not_hold_up_another(club_a, alice, table_a, receiver):
    dead = WebhookReceiver(refuse=100)
    try:
        webhook_create(club=club_a, url=dead.url, secret=SECRET, events=["*"], subject=alice)
        _hook(club_a, receiver, alice)
        result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
        report = webhooks_send_due()
    finally:
        dead.close()
    assert (report.sent, report.failed) == (1, 1)
    assert len(receiver.accepted()) == 1


def test_removing_a_hook_drops_its_queued_deliveries(club_a, alice, table_a, receiver):
    hook = _hook(club_a, receiver, alice)
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    webhook_delete(webhook=hook, subject=alice)
    assert webhooks_send_due().sent == 0
    assert not WebhookDelivery.objects.exists()


@pytest.mark.parametrize("events, field", [([], "events"), (["result.lost"], "events"),
                                           ("*", "events")])
def test_it_names_the_field_of_bad_input(club_a, alice, receiver, events, field):
    with pytest.raises(ValidationError) as refusal:
        webhook_create(club=club_a, url=receiver.url, secret=SECRET, events=events,
                       subject=alice)
    assert field in refusal.value.message_dict


def test_a_short_secret_is_refused(club_a, alice, receiver):
    with pytest.raises(ValidationError) as refusal:
        webhook_create(club=club_a, url=receiver.url, secret="short", events=["*"],
                       subject=alice)
    assert "secret" in refusal.value.message_dict
