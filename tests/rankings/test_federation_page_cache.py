"""A person's page in a federation pool is cached (it replays the pool's history for the
peaks) and rebuilt when what it shows changes: a consent withdrawn hides the person at
once, new ratings show at once, and each viewer gets their own copy."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from league.services.federations import federation_opt_in_set
from rankings.models import PlayerRating
from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def world():
    cache.clear()
    world = build_synced_world()
    return world


def page(world, who) -> str:
    return reverse("federation-player", args=["cards", world["pool"].pk, world[who].pk])


def test_the_page_is_served_from_the_cache_with_an_etag(client, world, django_assert_max_num_queries):
    first = client.get(page(world, "ann"))
    assert first.status_code == 200 and first["ETag"]
    again = client.get(page(world, "ann"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    with django_assert_max_num_queries(12):  # the versions only: no replay of the history
        assert client.get(page(world, "ann")).content == first.content


def test_a_withdrawn_consent_hides_the_person_at_once(client, world):
    assert client.get(page(world, "olive")).status_code == 200  # cached for anonymous
    federation_opt_in_set(user=world["olive"].user, on=False)
    assert client.get(page(world, "olive")).status_code == 404
    assert "Olive" not in client.get(page(world, "ann")).content.decode()


def test_new_ratings_show_at_once(client, world):
    before = client.get(page(world, "ann")).content.decode()
    PlayerRating.objects.filter(pool=world["pool"], player=world["ann"]).update(
        games=777, updated_at=timezone.now())
    after = client.get(page(world, "ann")).content.decode()
    assert "777" in after and "777" not in before


def test_each_viewer_has_their_own_copy(client, world):
    client.force_login(world["hal"].user)
    assert client.get(page(world, "hal")).status_code == 200  # Hal sees his own line
    client.logout()
    assert client.get(page(world, "hal")).status_code == 404
