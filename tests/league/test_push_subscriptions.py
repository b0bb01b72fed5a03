"""A logged-in player's browser registers for Web Push and takes itself off; bad input is
refused naming the field; nobody registers or removes another player's browser."""

import base64
import json

import pytest
from django.urls import reverse

from league.models import PushSubscription

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
ENDPOINT = "https://push.example.org/send/abc123"


def _b64(size: int) -> str:
    return base64.urlsafe_b64encode(bytes(range(size))).rstrip(b"=").decode()


def _body(endpoint=ENDPOINT, p256dh=None, auth=None):
    return {"endpoint": endpoint, "keys": {"p256dh": p256dh or _b64(65), "auth": auth or _b64(16)}}


def _post(client, name, body):
    return client.post(reverse(name), json.dumps(body), content_type="application/json")


def test_a_player_registers_a_browser_once_and_forgets_it(client, pat):
    client.force_login(pat)
    assert _post(client, "notices:push-subscribe", _body()).status_code == 201
    assert _post(client, "notices:push-subscribe", _body()).status_code == 201  # again
    row = PushSubscription.objects.get()
    assert row.player == pat.player and row.endpoint == ENDPOINT
    answer = _post(client, "notices:push-unsubscribe", {"endpoint": ENDPOINT})
    assert answer.json() == {"removed": 1} and not PushSubscription.objects.exists()


@pytest.mark.parametrize(("body", "field"), [
    (_body(endpoint="http://push.example.org/x"), "endpoint"),
    (_body(endpoint=None), "endpoint"),
    (_body(p256dh=_b64(64)), "p256dh"),
    (_body(auth="not base64!"), "auth"),
    ({"endpoint": ENDPOINT, "keys": "nope"}, "p256dh"),
])
def test_bad_input_is_refused_naming_the_field(client, pat, body, field):
    client.force_login(pat)
    answer = _post(client, "notices:push-subscribe", body)
    assert answer.status_code == 400 and field in answer.json()
    assert not PushSubscription.objects.exists()


def test_not_json_and_too_large_are_refused(client, pat):
    client.force_login(pat)
    url = reverse("notices:push-subscribe")
    assert client.post(url, "[1", content_type="application/json").status_code == 400
    big = json.dumps({**_body(), "pad": "x" * 5000})
    assert client.post(url, big, content_type="application/json").status_code == 413


def test_a_visitor_must_log_in_and_cannot_remove_anothers_browser(client, pat, sam):
    answer = _post(client, "notices:push-subscribe", _body())
    assert answer.status_code == 302 and answer.url.startswith(reverse("login"))
    client.force_login(pat)
    _post(client, "notices:push-subscribe", _body())
    client.force_login(sam)
    assert _post(client, "notices:push-unsubscribe", {"endpoint": ENDPOINT}).json() == {
        "removed": 0}
    assert PushSubscription.objects.filter(player=pat.player).exists()


def test_the_key_says_whether_push_is_set_up(client, pat, settings):
    client.force_login(pat)
    settings.VAPID_PUBLIC_KEY = ""
    assert client.get(reverse("notices:push-key")).json() == {"public_key": "",
                                                             "enabled": False}
    settings.VAPID_PUBLIC_KEY = "BPublicKey"
    assert client.get(reverse("notices:push-key")).json()["enabled"] is True


def test_erasing_the_player_forgets_their_browsers(client, pat, olga):
    from league.erasure import erase_player
    from league.permissions import SYSTEM

    client.force_login(pat)
    _post(client, "notices:push-subscribe", _body())
    erase_player(player=pat.player, user=SYSTEM, reason="asked")
    assert not PushSubscription.objects.exists()
