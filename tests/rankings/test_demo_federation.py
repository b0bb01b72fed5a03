"""The demo's federation (manage.py demo_federation, run by demo_setup): the demo club and a
second small club in a site-wide federation for Bluke, one person linked across both
through the claim flow's services, the pool synced so /federations/ shows a leaderboard."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from league.models import Federation, FederationClub, FederationState, PlayerLink
from rankings.models import PlayerRating, RatingPool
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo():
    UserFactory(username="organiser", is_staff=True, is_superuser=True)
    call_command("demo_season", "--players", "8", "--weeks", "1", "--rounds", "1",
                 stdout=io.StringIO())
    out = io.StringIO()
    call_command("demo_federation", stdout=out)
    return out.getvalue()


def test_the_demo_federation_has_both_clubs_a_linked_person_and_a_leaderboard(client, demo):
    federation = Federation.objects.get(slug="demo-federation")
    assert federation.site_wide
    assert set(FederationClub.objects.filter(
        federation=federation, state=FederationState.MEMBER).values_list(
        "club__slug", "game")) == {("demo-bluke-club", "bluke"),
                                   ("demo-riverside-club", "bluke")}
    user = get_user_model().objects.get(username="cardplayer")
    assert user.check_password("bluke-player") and "cardplayer / bluke-player" in demo
    link = PlayerLink.objects.get(person__user=user)
    assert {m.club.slug for m in link.player.memberships.all()} == {"demo-riverside-club"}
    assert {m.club.slug for m in link.person.memberships.all()} == {"demo-bluke-club"}
    assert not link.player.is_bot and not link.person.is_bot

    pool = RatingPool.objects.get(federation=federation, game="bluke")
    rated = set(PlayerRating.objects.filter(pool=pool).values_list("player_id", flat=True))
    assert link.person_id in rated and link.player_id not in rated  # one person, one line
    person_games = PlayerRating.objects.get(pool=pool, player=link.person).games
    club_games = PlayerRating.objects.filter(player=link.person, pool__club__isnull=False,
                                             pool__game="bluke").values_list("games", flat=True)
    assert person_games > sum(club_games)  # the Riverside games count for the person too

    listing = client.get(reverse("federation-list")).content.decode()
    assert "Demo Card Federation" in listing
    board = client.get(reverse("federation-pool", args=["demo-federation", pool.pk]))
    assert board.status_code == 200
    assert link.person.display_name in board.content.decode()


def test_running_it_again_changes_nothing(demo):
    out = io.StringIO()
    call_command("demo_federation", stdout=out)
    assert "nothing to do" in out.getvalue()
    assert Federation.objects.count() == 1 and PlayerLink.objects.count() == 1
