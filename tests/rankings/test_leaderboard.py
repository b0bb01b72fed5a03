"""Public ratings leaderboards: a club's pools, one pool's table (sort, export), visibility."""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from league.models import Membership, Player
from rankings.models import PlayerRating, RatingPool
from rankings.selectors_leaderboard import pool_label, pool_leaderboard
from rankings.services.ratings import ratings_recompute, ratings_update
from tests.league.played_games import T0, night, record_game, table_at

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def pools(club, season, people):
    """Standard bluke: Ann beats Bob beats Cy beats Di three times; one New Jersey game."""
    event = night(club, season)
    for number in (1, 2, 3):
        record_game(table_at(event, people[:4], round_number=number), totals=[40, 30, 20, 10],
                    played_at=T0 + datetime.timedelta(hours=number))
    jersey = night(club, None, options={"variant": "new-jersey"})
    record_game(table_at(jersey, people[2:]), totals=[10, 20, 30, 40])
    ratings_recompute(club_id=club.pk)
    return {pool.variant: pool for pool in RatingPool.objects.filter(club=club)}


@pytest.fixture
def standard(pools):
    return pools["{}"]


def _rows(response):
    return [(row.record.player.display_name, row.record) for row in
            response.context["table"].paginated_rows]


def test_the_club_ratings_page_lists_each_game_variant_with_a_link(client, club, pools):
    response = client.get(reverse("league:club-ratings", args=[club.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    for pool in pools.values():
        assert reverse("league:rating-pool", args=[pool.pk]) in html
    assert "Bluke (variant: New Jersey)" in html
    assert "4 players" in html


def test_the_leaderboard_ranks_players_by_rating_and_marks_provisional_ones(
        client, standard, people):
    response = client.get(reverse("league:rating-pool", args=[standard.pk]))
    assert response.status_code == 200
    rows = _rows(response)
    assert [name for name, _ in rows] == ["Ann", "Bob", "Cy", "Di"]
    assert [r.rank for _, r in rows] == [1, 2, 3, 4]
    ratings = [r.rating for _, r in rows]
    assert ratings == sorted(ratings, reverse=True) and ratings[0] > ratings[-1]
    html = response.content.decode()
    assert reverse("league:player-detail", args=[people[0].pk]) in html
    assert html.count('class="badge provisional"') == 4  # three games are far too few
    assert "<svg" in html  # the spread of ratings


def test_the_leaderboard_sorts_by_a_column(client, standard):
    url = reverse("league:rating-pool", args=[standard.pk])
    by_name = [name for name, _ in _rows(client.get(url, {"sort": "-player"}))]
    assert by_name == ["Di", "Cy", "Bob", "Ann"]
    by_rating = [name for name, _ in _rows(client.get(url, {"sort": "rating"}))]
    assert by_rating == ["Di", "Cy", "Bob", "Ann"]


def test_the_leaderboard_exports_csv_and_xlsx(client, club, standard):
    url = reverse("league:rating-pool", args=[standard.pk])
    response = client.get(url, {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "Player", "Rating", "±", "Conservative (μ − 3σ)", "Games",
                       "Last played", "Provisional"]
    assert [row[1] for row in rows[1:]] == ["Ann", "Bob", "Cy", "Di"]
    assert rows[1][0] == "1" and rows[1][5] == "3" and rows[1][7] == "yes"
    ann = PlayerRating.objects.get(pool=standard, player__display_name="Ann")
    assert float(rows[1][2]) == pytest.approx(ann.mu, abs=1e-3)
    xlsx = client.get(url, {"_export": "xlsx"})
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"
    assert "bluke-club-bluke-ratings.xlsx" in xlsx["Content-Disposition"]


def test_the_leaderboard_grows_uncertainty_for_time_away(standard):
    stored = {r.player_id: r for r in PlayerRating.objects.filter(pool=standard)}
    soon = pool_leaderboard(standard, now=T0 + datetime.timedelta(hours=3))
    later = pool_leaderboard(standard, now=T0 + datetime.timedelta(days=365))
    for now_row, later_row in zip(soon, later, strict=True):
        rating = stored[now_row.player.pk]
        assert now_row.sigma == pytest.approx(rating.sigma)
        assert later_row.sigma > rating.sigma
        assert later_row.rating == rating.mu  # the mean is not touched


def test_an_elo_pool_shows_no_uncertainty_columns(client, standard):
    RatingPool.objects.filter(pk=standard.pk).update(kind="elo")
    ratings_update(pool_id=standard.pk, full=True)
    response = client.get(reverse("league:rating-pool", args=[standard.pk]), {"_export": "csv"})
    header = next(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert header == ["Rank", "Player", "Rating", "Games", "Last played", "Provisional"]


def test_club_and_player_pages_link_to_the_leaderboards(client, club, standard, people):
    club_page = client.get(reverse("league:club-detail", args=[club.slug])).content.decode()
    assert reverse("league:club-ratings", args=[club.slug]) in club_page
    player_page = client.get(reverse("league:player-detail", args=[people[0].pk]))
    assert reverse("league:rating-pool", args=[standard.pk]) in player_page.content.decode()


def test_a_private_clubs_ratings_are_hidden_from_anonymous_visitors_and_outsiders(
        client, club_a, pat, bob):
    pool = RatingPool.objects.create(club=club_a, game="bluke")
    urls = [reverse("league:club-ratings", args=[club_a.slug]),
            reverse("league:rating-pool", args=[pool.pk])]
    for url in urls:
        assert client.get(url).status_code == 404
        assert client.get(url, {"_export": "csv"}).status_code == 404
    client.force_login(bob)  # organiser of another club
    assert all(client.get(url).status_code == 404 for url in urls)
    client.force_login(pat)  # a member
    assert all(client.get(url).status_code == 200 for url in urls)


def test_a_pool_label_names_the_game_by_its_title_and_its_options(db, club):
    assert pool_label(RatingPool(club=club, game="bluke", variant="{}")) == "Bluke"
    jersey = RatingPool(club=club, game="bluke", variant='{"variant":"new-jersey"}')
    assert pool_label(jersey) == "Bluke (variant: New Jersey)"
    ribs = RatingPool(club=club, game="ribs", variant='{"hands_to_win":2}')
    assert pool_label(ribs) == "Ribs (hands to win: 2)"
    smudge = RatingPool(club=club, game="pitch", variant='{"smudge":true,"target":11}')
    assert pool_label(smudge) == "Pitch (smudge: yes, target: 11)"


def test_the_leaderboard_is_paginated_with_ranks_running_on(client, club):
    pool = RatingPool.objects.create(club=club, game="bluke")
    for number in range(55):
        player = Player.objects.create(display_name=f"P{number:02}")
        Membership.objects.create(club=club, player=player)
        PlayerRating.objects.create(pool=pool, player=player, mu=100 - number, sigma=2.0,
                                    games=20, provisional=False, last_played_at=T0)
    url = reverse("league:rating-pool", args=[pool.pk])
    first = _rows(client.get(url))
    second = _rows(client.get(url, {"page": 2}))
    assert len(first) == 50 and first[0][0] == "P00"
    assert [(name, r.rank) for name, r in second] == [(f"P{n}", n + 1) for n in range(50, 55)]
    csv_rows = list(csv.reader(io.StringIO(
        client.get(url, {"_export": "csv"}).content.decode("utf-8-sig"))))
    assert len(csv_rows) == 56  # the export holds every player, not one page
