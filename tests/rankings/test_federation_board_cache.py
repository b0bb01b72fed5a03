"""A federation's page and its pools' leaderboards are served from the page cache and
rebuilt as soon as what they show changes: a consent withdrawn takes the person off the
leaderboard at once, a recompute's new ratings show at once, a club leaving shows at once."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from league.models import FederationState
from league.services.federations import federation_leave, federation_opt_in_set
from rankings.models import PlayerRating
from rankings.services.federations import federation_recompute
from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def world():
    cache.clear()
    world = build_synced_world()
    return world


def board(world) -> str:
    return reverse("federation-pool", args=["cards", world["pool"].pk])


def detail() -> str:
    return reverse("federation-detail", args=["cards"])


def test_the_leaderboard_is_served_from_the_cache_with_an_etag(
        client, world, django_assert_max_num_queries):
    first = client.get(board(world))
    assert first.status_code == 200 and first["ETag"]
    assert client.get(board(world), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    with django_assert_max_num_queries(10):  # the versions only: no rows, no rendering
        assert client.get(board(world)).content == first.content


def test_a_withdrawn_consent_takes_the_person_off_the_leaderboard_at_once(client, world):
    assert "Olive" in client.get(board(world)).content.decode()  # cached for anonymous
    federation_opt_in_set(user=world["olive"].user, on=False)
    assert "Olive" not in client.get(board(world)).content.decode()
    federation_opt_in_set(user=world["olive"].user, on=True)
    assert "Olive" in client.get(board(world)).content.decode()


def test_a_recompute_shows_at_once(client, world):
    before = client.get(board(world)).content.decode()
    PlayerRating.objects.filter(pool=world["pool"], player=world["ann"]).update(
        games=777, updated_at=timezone.now())  # what a stale copy would not show
    assert "777" in client.get(board(world)).content.decode() and "777" not in before
    federation_recompute(federation_id=world["federation"].pk)
    assert "777" not in client.get(board(world)).content.decode()


def test_each_viewer_gets_their_own_leaderboard(client, world):
    assert "Hal" not in client.get(board(world)).content.decode()
    client.force_login(world["hal"].user)
    assert "Hal" in client.get(board(world)).content.decode()  # his own line
    client.logout()
    assert "Hal" not in client.get(board(world)).content.decode()


def test_sort_orders_and_pages_are_kept_apart_and_exports_are_not_cached(client, world):
    by_name = client.get(board(world) + "?sort=player").content
    assert by_name != client.get(board(world) + "?sort=-player").content
    export = client.get(board(world) + "?_export=csv")
    assert export.status_code == 200 and "ETag" not in export


def test_the_federations_page_is_cached_and_follows_its_clubs_and_pools(
        client, world, django_assert_max_num_queries):
    first = client.get(detail())
    assert first.status_code == 200 and first["ETag"]
    with django_assert_max_num_queries(8):
        assert client.get(detail()).content == first.content
    federation_leave(user=world["xorg"].user, federation=world["federation"],
                     club=world["x"], game="bluke")
    assert world["x"].federations.get().state == FederationState.LEFT
    assert "Xanadu" not in client.get(detail()).content.decode()


def test_the_federations_page_counts_new_games_at_once(client, world):
    games = world["pool"].history.values("game").distinct().count()
    assert f"{games} games" in client.get(detail()).content.decode()
    world["pool"].history.filter(game=world["games"][-1]).delete()
    PlayerRating.objects.filter(pool=world["pool"]).update(updated_at=timezone.now())
    assert f"{games - 1} games" in client.get(detail()).content.decode()


def test_the_staff_see_their_link_and_others_do_not(client, world):
    assert reverse("federation-staff", args=["cards"]) not in client.get(
        detail()).content.decode()
    client.force_login(world["staff"])
    assert reverse("federation-staff", args=["cards"]) in client.get(detail()).content.decode()
