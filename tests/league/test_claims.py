"""A player claims their profile with a link from the organiser; a login's password resets
by e-mail."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.urls import reverse

from league.models import AuditEntry, Player
from league.services.claims import CLAIM_SALT, claim_token
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def walk_in(club_a):
    """Wendy, entered by name on a club night: no login yet."""
    player = PlayerFactory(display_name="Wendy")
    MembershipFactory(club=club_a, player=player)
    return player


def _claim_url(player):
    return reverse("claim", args=[claim_token(player)])


SIGNUP = {"username": "wendy", "email": "wendy@example.org",
          "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}


class TestClaimLink:
    def test_it_gives_the_organiser_a_link_and_sends_it_by_mail(self, client, alice, walk_in):
        client.force_login(alice)
        url = reverse("claim-link", args=[walk_in.pk])
        assert "/claim/" in client.get(url).content.decode()
        client.post(url, {"email": "wendy@example.org"})
        assert mail.outbox[0].to == ["wendy@example.org"]
        assert re.search(r"http://testserver/claim/[^/\s]+/", mail.outbox[0].body)

    @pytest.mark.parametrize("persona", ["pat", "sam", "bob"])
    def test_it_keeps_the_link_from_anyone_but_the_players_organisers(
            self, client, request, walk_in, persona):
        client.force_login(request.getfixturevalue(persona))
        assert client.get(reverse("claim-link", args=[walk_in.pk])).status_code == 404

    def test_it_offers_the_link_on_the_club_page_for_unclaimed_players(self, client, alice,
                                                                       walk_in):
        client.force_login(alice)
        page = client.get(reverse("league:club-detail", args=["club-a"])).content.decode()
        assert reverse("claim-link", args=[walk_in.pk]) in page
        assert reverse("claim-link", args=[alice.player.pk]) not in page  # claimed already


class TestClaiming:
    def test_a_newcomer_signs_up_and_the_player_becomes_theirs(self, client, walk_in):
        response = client.post(_claim_url(walk_in), SIGNUP)
        assert response.status_code == 302
        walk_in.refresh_from_db()
        assert walk_in.user.username == "wendy" and walk_in.user.email == "wendy@example.org"
        assert client.get(reverse("tournaments:my-nights")).status_code == 200  # logged in
        assert AuditEntry.objects.filter(action="player.claim", target_id=walk_in.pk).exists()

    def test_a_logged_in_person_without_a_player_claims_with_one_click(self, client, walk_in):
        user = UserFactory(username="wendy2")
        client.force_login(user)
        assert client.post(_claim_url(walk_in)).status_code == 302
        assert Player.objects.get(pk=walk_in.pk).user == user

    def test_the_link_works_once(self, client, walk_in):
        url = _claim_url(walk_in)
        client.post(url, SIGNUP)
        client.logout()
        again = client.post(url, {**SIGNUP, "username": "mallory"})
        assert again.status_code == 400 and "already been claimed" in again.content.decode()
        assert not get_user_model().objects.filter(username="mallory").exists()

    def test_a_login_with_a_player_cannot_take_a_second_one(self, client, pat, walk_in):
        client.force_login(pat)
        response = client.post(_claim_url(walk_in))
        assert response.status_code == 400
        assert "already has a player profile" in response.content.decode()
        assert Player.objects.get(pk=walk_in.pk).user is None

    def test_a_tampered_or_expired_link_is_refused_with_a_reason(self, client, walk_in,
                                                                 monkeypatch):
        token = claim_token(walk_in)
        bad = client.get(reverse("claim", args=[token[:-2] + "xx"]))
        assert bad.status_code == 400 and "not valid" in bad.content.decode()
        monkeypatch.setattr("league.services.claims.CLAIM_MAX_AGE", -1)
        old = client.get(reverse("claim", args=[token]))
        assert old.status_code == 400 and "expired" in old.content.decode()

    def test_a_bot_cannot_be_claimed(self, client, club_a):
        bot = PlayerFactory(display_name="Bot 1", bot_strength="random")
        token = signing.dumps({"player": bot.pk}, salt=CLAIM_SALT)
        client.force_login(UserFactory(username="someone"))
        response = client.post(reverse("claim", args=[token]))
        assert response.status_code == 400 and "bots cannot be claimed" in response.content.decode()


def test_a_forgotten_password_is_reset_through_the_mailed_link(client):
    user = UserFactory(username="rita", email="rita@example.org")
    user.set_password("old-pass-phrase-1")
    user.save()
    assert "Forgot your password?" in client.get(reverse("login")).content.decode()
    client.post(reverse("password_reset"), {"email": "rita@example.org"})
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "Reset your bluke-league password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0],
                       {"new_password1": "new-pass-phrase-2", "new_password2": "new-pass-phrase-2"})
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-pass-phrase-2")
