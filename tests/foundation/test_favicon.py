"""The site has an icon: every page links it, and /favicon.ico (asked for by browsers on
pages without the link, such as the admin's) leads to it."""

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def test_pages_link_the_icon_and_it_is_served(client):
    html = client.get(reverse("league:home")).content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    icon = client.get("/favicon.ico", follow=True)
    assert icon.status_code == 200
    assert icon["Content-Type"].startswith("image/svg+xml")
    body = b"".join(icon.streaming_content) if icon.streaming else icon.content
    assert body.lstrip().startswith(b"<svg")
