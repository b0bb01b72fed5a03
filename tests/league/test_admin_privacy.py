"""What an organiser sees in the admin of people outside their clubs, and who sees the mail.

Issue 25 point 7: an organiser listing players saw the login name of every public club's
player (the list, the search by login and the player's page).
"""

import pytest
from django.urls import reverse

from league.models import QueuedMail, Role
from league.services.mail import queue_mail
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _staff(user):
    user.is_staff = True
    user.save()
    return user


@pytest.fixture
def barbara(club_b):
    """A player of public club B whose login name is not her display name."""
    player = PlayerFactory(display_name="Barbara", user=UserFactory(username="bx-login"))
    MembershipFactory(club=club_b, player=player, role=Role.PLAYER)
    return player


PLAYERS = reverse("admin:league_player_changelist")


def test_an_organiser_sees_no_login_of_another_clubs_player(client, alice, sam, barbara):
    client.force_login(_staff(alice))
    listing = client.get(PLAYERS).content.decode()
    assert "Barbara" in listing and "bx-login" not in listing
    assert ">sam<" in listing  # the logins of her own club's players
    page = client.get(reverse("admin:league_player_change", args=[barbara.pk]))
    assert page.status_code == 200 and "bx-login" not in page.content.decode()


def test_an_organiser_cannot_find_another_clubs_player_by_login(client, alice, sam, barbara):
    client.force_login(_staff(alice))
    assert client.get(PLAYERS, {"q": "bx-login"}).context["cl"].result_count == 0
    assert client.get(PLAYERS, {"q": "barb"}).context["cl"].result_count == 1  # by name: yes
    assert client.get(PLAYERS, {"q": "sam"}).context["cl"].result_count == 1


def test_the_players_own_organiser_and_a_superuser_see_the_login(client, bob, barbara):
    client.force_login(_staff(bob))
    assert "bx-login" in client.get(PLAYERS).content.decode()
    assert client.get(PLAYERS, {"q": "bx-login"}).context["cl"].result_count == 1
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert "bx-login" in client.get(PLAYERS).content.decode()


def test_the_mail_outbox_is_for_superusers_only(client, alice):
    queue_mail(to="rita@example.org", subject="Reset", body="https://secret-link/")
    listing = reverse("admin:league_queuedmail_changelist")
    client.force_login(_staff(alice))
    assert client.get(listing).status_code == 403
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    page = client.get(listing)
    assert page.status_code == 200 and "rita@example.org" in page.content.decode()
    detail = client.get(reverse("admin:league_queuedmail_change",
                                args=[QueuedMail.objects.get().pk])).content.decode()
    assert "queued" in detail and "secret-link" not in detail
