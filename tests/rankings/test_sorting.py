"""Sortable tables: a first click on points, games or a rating sorts the highest first, the
next click the lowest, and the sorted column shows an arrow (and says so to screen readers)."""

import re

import pytest
from django.urls import reverse

from rankings.services.standings import standings_recompute
from tests.league.played_games import night, record_game, table_at

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def standings_url(club, season, people):
    event = night(club, season)
    record_game(table_at(event, people[:4]), totals=[10, 40, 30, 20])
    record_game(table_at(event, people[2:], round_number=2), totals=[5, 50, 15, 25])
    standings_recompute(season_id=season.pk)
    return reverse("league:season-standings", args=[season.pk])


def _head(html: str, header: str) -> str:
    """The <th> of the column whose link text starts with `header`."""
    for th in re.findall(r"<th\b.*?</th>", html, re.S):
        if re.search(rf">\s*{re.escape(header)}", th):
            return th
    raise AssertionError(f"no column {header!r}")


def _link(th: str) -> str:
    return re.search(r'href="([^"]+)"', th).group(1).replace("&amp;", "&")


def test_the_first_click_on_points_sorts_the_highest_first(client, standings_url):
    html = client.get(standings_url).content.decode()
    assert "sort=-points" in _link(_head(html, "Points"))
    assert "sort=-games" in _link(_head(html, "Games"))
    assert "sort=player" in _link(_head(html, "Player"))  # names stay A to Z first
    response = client.get(standings_url + _link(_head(html, "Points")))
    sorted_html = response.content.decode()
    points = [row.record.points for row in response.context["table"].rows]
    assert points == sorted(points, reverse=True) and points[0] > points[-1]
    th = _head(sorted_html, "Points")
    assert 'aria-sort="descending"' in th and "▼" in th
    assert "sort=points" in _link(th)  # the next click: lowest first


def test_the_default_order_shows_its_arrow_on_rank(client, standings_url):
    th = _head(client.get(standings_url).content.decode(), "Rank")
    assert 'aria-sort="ascending"' in th and "▲" in th
    assert "aria-sort" not in _head(client.get(standings_url).content.decode(), "Points")


def test_the_leaderboard_sorts_ratings_highest_first(client, club, standings_url):
    from rankings.models import RatingPool
    from rankings.services.ratings import ratings_recompute

    ratings_recompute(club_id=club.pk)
    url = reverse("league:rating-pool", args=[RatingPool.objects.get(club=club).pk])
    html = client.get(url).content.decode()
    assert "sort=-rating" in _link(_head(html, "Rating"))
