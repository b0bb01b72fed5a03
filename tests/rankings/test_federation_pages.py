"""Federation pages: the leaderboard keeps private players who did not agree out (for an
anonymous crawl of every federation page), sorts, exports CSV; a person sees their line."""

import csv
import io
import re
from urllib.parse import urljoin, urlparse

import pytest
from django.urls import reverse

from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def world():
    world = build_synced_world()
    return world


def crawl(client, start: str, limit: int = 400) -> dict[str, str]:
    """Every page reachable from ``start`` within the federation and rating paths, with
    every link followed (sort orders, pages, exports, players, opponents' chances)."""
    seen, queue, pages = set(), [start], {}
    while queue and len(pages) < limit:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200:
            continue
        body = response.content.decode("utf-8-sig", "replace")
        pages[url] = body
        if "html" not in response["Content-Type"]:
            continue
        for href in re.findall(r'(?:href|value)="([^"#]*)"', body):
            link = urljoin(url, href.replace("&amp;", "&"))
            path = urlparse(link)
            if path.path.startswith(("/federations/", "/api/v1/federations/")):
                queue.append(path.path + (f"?{path.query}" if path.query else ""))
        for option in re.findall(r'<option value="(\d+)"', body):
            queue.append(urlparse(url).path + f"?against={option}")
    return pages


def test_an_anonymous_crawl_shows_no_private_player_who_did_not_agree(client, world):
    pages = crawl(client, reverse("federation-list"))
    for federation in client.get("/api/v1/federations/").json()["results"]:
        detail = f"/api/v1/federations/{federation['slug']}/"
        pages[detail] = client.get(detail).content.decode()
        for pool in client.get(detail).json()["pools"]:
            url = f"{detail}pools/{pool['id']}/"
            pages[url] = client.get(url).content.decode()
    assert any("/pools/" in url for url in pages)
    everything = "\n".join(pages.values())
    assert any("/players/" in url for url in pages)
    assert any("_export=csv" in url for url in pages)
    for hidden in ("Hal", "Yvonne", "Ed", "Flo", "Ann at Yew"):
        assert hidden not in everything, hidden
    for shown in ("Olive", "Ann", "Bo", "Xavier"):
        assert shown in everything, shown
    assert "Yew" not in everything  # the private club's name stays private too


def test_a_hidden_player_sees_their_own_line_and_nobody_else_does(client, world):
    url = reverse("federation-pool", args=["cards", world["pool"].pk])
    player = reverse("federation-player", args=["cards", world["pool"].pk, world["hal"].pk])
    assert "Hal" not in client.get(url).content.decode()
    assert client.get(player).status_code == 404
    client.force_login(world["hal"].user)
    assert "Hal" in client.get(url).content.decode()
    assert client.get(player).status_code == 200
    client.force_login(world["ann"].user)
    assert client.get(player).status_code == 404


def test_agreeing_puts_a_private_player_on_the_leaderboard(client, world):
    client.force_login(world["hal"].user)
    client.post(reverse("my-federation"), {"action": "opt_in", "opt_in": "on"})
    client.logout()
    assert "Hal" in client.get(reverse("federation-pool", args=["cards", world["pool"].pk])
                               ).content.decode()


def test_the_leaderboard_ranks_without_gaps_sorts_and_exports(client, world):
    url = reverse("federation-pool", args=["cards", world["pool"].pk])
    response = client.get(url, {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    names = [row[1] for row in rows[1:]]
    assert "Olive" in names and "Hal" not in names
    ranks = [int(row[0]) for row in rows[1:]]
    assert ranks[0] == 1 and max(ranks) <= len(ranks)
    by_name = client.get(url, {"sort": "player"})
    assert by_name.status_code == 200
    text = by_name.content.decode()
    assert text.index(">Ann<") < text.index(">Xavier<")


def test_a_club_pool_page_does_not_serve_a_federation_pool(client, world):
    assert client.get(reverse("league:rating-pool", args=[world["pool"].pk])).status_code == 404
    assert client.get(reverse("ratings:player", args=[world["pool"].pk, world["ann"].pk])
                      ).status_code == 404


def test_the_clubs_ratings_page_names_its_federations_until_it_leaves(
        client, world, django_capture_on_commit_callbacks):
    from league.services.federations import federation_leave

    url = reverse("league:club-ratings", args=["xanadu"])
    assert "Card Federation" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        federation_leave(user=world["xorg"].user, federation=world["federation"],
                         club=world["x"], game="bluke")
    assert "Card Federation" not in client.get(url).content.decode()
