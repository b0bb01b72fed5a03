"""The organiser's webhooks page: register and remove a hook through the webhook services,
read the delivery log; only the club's organisers reach it."""

import pytest
from django.urls import reverse

from league.models import AuditEntry, Webhook
from league.permissions import SYSTEM
from league.services.webhook_delivery import webhooks_send_due
from tests.factories import played_record
from tests.league.webhook_receiver import WebhookReceiver
from tournaments.services.results import result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
SECRET = "a-long-shared-secret-42"


def _url(club):
    return reverse("organiser:club-webhooks", args=[club.slug])


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    server = WebhookReceiver(refuse=1)
    yield server
    server.close()


def test_an_organiser_registers_a_hook_and_reads_its_delivery_log(client, club_a, alice,
                                                                 table_a, receiver):
    client.force_login(alice)
    response = client.post(_url(club_a), {"url": receiver.url, "secret": SECRET,
                                          "events": ["result.stored", "night.closed"]})
    assert response.status_code == 302
    hook = Webhook.objects.get(club=club_a)
    assert hook.events == ["result.stored", "night.closed"]
    assert AuditEntry.objects.filter(action="webhook.create").count() == 1
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    webhooks_send_due()  # refused once: queued again, with the receiver's answer logged
    html = client.get(_url(club_a)).content.decode()
    assert SECRET not in html
    assert "HTTP 503" in html and "a result stored" in html and "queued" in html


def test_a_private_address_is_refused_on_the_form(client, club_a, alice, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = False
    client.force_login(alice)
    response = client.post(_url(club_a), {"url": "http://127.0.0.1:8000/hook",
                                          "secret": SECRET, "events": ["*"]})
    assert response.status_code == 200
    assert "private or local address" in response.content.decode()
    assert not Webhook.objects.exists()


def test_an_organiser_removes_a_hook(client, club_a, alice, receiver):
    hook = Webhook.objects.create(club=club_a, url=receiver.url, secret=SECRET, events=["*"])
    client.force_login(alice)
    response = client.post(reverse("organiser:webhook-delete", args=[club_a.slug, hook.pk]))
    assert response.status_code == 302
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("persona", ["sam", "pat", "bob"])
def test_other_people_cannot_reach_the_page(client, club_a, request, persona, receiver):
    hook = Webhook.objects.create(club=club_a, url=receiver.url, secret=SECRET, events=["*"])
    client.force_login(request.getfixturevalue(persona))
    assert client.get(_url(club_a)).status_code in (403, 404)
    removal = client.post(reverse("organiser:webhook-delete", args=[club_a.slug, hook.pk]))
    assert removal.status_code in (403, 404)
    assert Webhook.objects.filter(pk=hook.pk).exists()
