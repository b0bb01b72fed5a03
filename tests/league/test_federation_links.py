"""One person, several clubs: only the person links their player rows ("this is also me",
through the other club's claim link); nobody else can, not an organiser, not the admin."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import PendingRecompute, PlayerLink, RecomputeKind
from league.services.claims import claim_link_check, claim_token
from league.services.federations import player_link, player_unlink
from rankings.models import PlayerRating
from rankings.services.followups_drain import followups_drain
from tests.factories import UserFactory
from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def world():
    world = build_synced_world()
    world["token"] = claim_token(world["ann_y"], issuer=world["yorg"].user)
    return world


def games_of(pool, player) -> int:
    rating = PlayerRating.objects.filter(pool=pool, player=player).first()
    return rating.games if rating else 0


def test_the_person_links_their_other_clubs_player_and_is_rated_once(client, world):
    pool, ann, ann_y = world["pool"], world["ann"], world["ann_y"]
    both = games_of(pool, ann) + games_of(pool, ann_y)
    client.force_login(ann.user)
    page = client.get(reverse("claim", args=[world["token"]]))
    assert b"is also me" in page.content
    response = client.post(reverse("claim", args=[world["token"]]))
    assert response.status_code == 302
    assert PlayerLink.objects.get(player=ann_y).person == ann
    assert PendingRecompute.objects.filter(kind=RecomputeKind.FEDERATION,
                                           target_id=world["federation"].pk).exists()
    followups_drain()
    assert games_of(pool, ann) == both
    assert not PlayerRating.objects.filter(pool=pool, player=ann_y).exists()
    # The clubs' own pools still rate each row on its own.
    assert PlayerLink.objects.count() == 1


def test_an_organiser_holding_the_link_cannot_link_it_to_anyone_but_themselves(world):
    # Yvonne handed the link out; logged in she can only link it to her own player, and
    # she plays in the same club, so even that is refused.
    with pytest.raises(ValidationError):
        player_link(token=world["token"], user=world["yorg"].user)
    # Xavier organises the other club: he gets no way to name Ann as the person.
    assert not PlayerLink.objects.filter(person=world["ann"]).exists()
    link = player_link(token=world["token"], user=world["xorg"].user)
    assert link.person == world["xorg"]  # what he can do is claim it as himself, as a claim
    assert not PlayerLink.objects.filter(person=world["ann"]).exists()


def test_a_login_without_a_player_cannot_link(world):
    stranger = UserFactory(username="stranger")
    with pytest.raises(ValidationError):
        player_link(token=world["token"], user=stranger)
    assert not PlayerLink.objects.exists()


def test_the_admin_cannot_make_or_change_a_link(client, world):
    boss = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client.force_login(boss)
    assert client.get(reverse("admin:league_playerlink_add")).status_code == 403
    player_link(token=world["token"], user=world["ann"].user)
    link = PlayerLink.objects.get()
    response = client.post(reverse("admin:league_playerlink_change", args=[link.pk]),
                           {"player": world["hal"].pk, "person": world["olive"].pk})
    assert response.status_code in (200, 403)
    assert PlayerLink.objects.get().player == world["ann_y"]
    assert client.post(reverse("admin:league_playerlink_delete", args=[link.pk]),
                       {"post": "yes"}).status_code == 403
    assert PlayerLink.objects.exists()


def test_a_linked_row_can_no_longer_be_claimed_by_someone_else(world):
    player_link(token=world["token"], user=world["ann"].user)
    with pytest.raises(ValidationError):
        claim_link_check(user=world["yorg"].user, player=world["ann_y"])


def test_the_link_works_once(client, world):
    player_link(token=world["token"], user=world["ann"].user)
    client.force_login(world["olive"].user)
    response = client.post(reverse("claim", args=[world["token"]]))
    assert response.status_code == 400
    assert PlayerLink.objects.get().person == world["ann"]


def test_only_the_person_undoes_a_link_and_the_pool_splits_again(client, world):
    pool = world["pool"]
    before = sorted(PlayerRating.objects.filter(pool=pool).values_list("player_id", "mu"))
    player_link(token=world["token"], user=world["ann"].user)
    followups_drain()
    with pytest.raises(ValidationError):
        player_unlink(user=world["xorg"].user, player_id=world["ann_y"].pk)
    client.force_login(world["ann"].user)
    page = client.get(reverse("my-federation"))
    assert b"Ann at Yew" in page.content
    client.post(reverse("my-federation"), {"action": "unlink", "player": world["ann_y"].pk})
    assert not PlayerLink.objects.exists()
    followups_drain()
    assert sorted(PlayerRating.objects.filter(pool=pool).values_list("player_id", "mu")) == before


def test_erasing_a_linked_person_keeps_the_federations_ratings_and_drops_the_consent(world):
    from league.permissions import SYSTEM
    from rankings.archive.erase import player_erase

    player_link(token=world["token"], user=world["ann"].user)
    followups_drain()
    world["ann"].federation_opt_in = True
    world["ann"].save()
    pool = world["pool"]
    before = sorted(PlayerRating.objects.filter(pool=pool).values_list("player_id", "mu"))
    player_erase(player=world["ann"], user=SYSTEM)
    world["ann"].refresh_from_db()
    assert not world["ann"].federation_opt_in and "Ann" not in world["ann"].display_name
    assert PlayerLink.objects.filter(person=world["ann"]).exists()
    assert sorted(PlayerRating.objects.filter(pool=pool).values_list("player_id", "mu")) == before
