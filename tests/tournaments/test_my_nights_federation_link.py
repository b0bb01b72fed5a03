"""/me/ links to the player's federation page (/me/federation/), which opens for them."""

import re

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def test_my_nights_links_to_my_federation_page(client, pat):
    client.force_login(pat)
    html = client.get(reverse("tournaments:my-nights")).content.decode()
    link = re.search(r'<a href="([^"]+)" id="federation-link">', html)
    assert link and link.group(1) == reverse("my-federation")
    assert client.get(link.group(1)).status_code == 200
