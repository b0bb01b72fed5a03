"""A Content-Security-Policy header on every page, and no page that needs more than it
allows: scripts come from our static files, or carry the request's nonce (issue 10 point 8)."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]

SCRIPT_TAG = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def _assert_scripts_allowed(response):
    """Every <script> runs under the policy: from a file, or with the header's nonce."""
    policy = _policy(response)
    nonces = {v[len("'nonce-"):-1] for v in policy["script-src"] if v.startswith("'nonce-")}
    for attributes, body in SCRIPT_TAG.findall(response.content.decode()):
        if "src=" in attributes or 'type="application/json"' in attributes or not body.strip():
            continue
        found = re.search(r'nonce="([^"]+)"', attributes)
        assert found and found.group(1) in nonces, f"inline script not allowed: {body[:80]}"
    for attributes, _ in SCRIPT_TAG.findall(response.content.decode()):
        found = re.search(r'nonce="([^"]+)"', attributes)
        if found:
            assert found.group(1) in nonces


def test_the_policy_allows_scripts_only_from_our_origin_or_with_a_nonce(client, bob,
                                                                        table_b):
    policy = _policy(client.get(reverse("league:home")))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no nonce where no page script needs one
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    client.force_login(bob)
    url = reverse("tournaments:table-scoresheet", args=[table_b.pk])
    first, second = client.get(url), client.get(url)
    script_src = _policy(first)["script-src"]
    assert script_src[0] == "'self'" and script_src[1].startswith("'nonce-")
    assert "'unsafe-inline'" not in script_src
    assert _policy(second)["script-src"] != script_src  # a fresh nonce per response


def test_every_kind_of_page_carries_the_policy_and_its_scripts_pass(client, club_b, bob,
                                                                    table_b):
    client.force_login(bob)
    event = table_b.round.event
    pages = [reverse("league:home"), reverse("league:club-detail", args=[club_b.slug]),
             reverse("tournaments:event-detail", args=[event.pk]),
             reverse("tournaments:table-scoresheet", args=[table_b.pk]),
             reverse("api-docs"), "/api/v1/", reverse("login")]
    for url in pages:
        response = client.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, url
        assert "Content-Security-Policy" in response, url
        _assert_scripts_allowed(response)
    assert "Content-Security-Policy" in client.get("/healthz")  # JSON answers too


def test_the_htmx_script_carries_the_nonce_of_its_response(client, bob, table_b):
    client.force_login(bob)
    response = client.get(reverse("tournaments:table-scoresheet", args=[table_b.pk]))
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    assert re.search(rf'<script src="[^"]*htmx[^"]*"[^>]*nonce="{re.escape(nonce)}"',
                     response.content.decode())


def test_the_admin_pages_carry_the_policy(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    for url in (reverse("admin:index"), reverse("admin:league_auditentry_changelist")):
        response = client.get(url)
        assert response.status_code == 200
        _assert_scripts_allowed(response)
