"""A player claims their profile with a link from the organiser; a login's password resets
by e-mail.

Issue 25 point 2: an organiser could hand out the claim link of a player who keeps score
in a private club they do not manage, sign up with it and score at that club's tables.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.models import AuditEntry, Membership, Player, QueuedMail, Role
from league.services.claims import CLAIM_SALT, claim_token
from league.services.clubs import membership_add, membership_set_role
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.models import TableResult

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


@pytest.fixture
def walk_in_url(walk_in, alice):
    return _claim_url(walk_in, alice)


def _claim_url(player, issuer):
    return reverse("claim", args=[claim_token(player, issuer=issuer)])


SIGNUP = {"username": "wendy", "email": "wendy@example.org",
          "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}


class TestClaimLink:
    def test_it_gives_the_organiser_a_link_and_sends_it_by_mail(
            self, client, alice, walk_in, eager_celery, django_capture_on_commit_callbacks):
        client.force_login(alice)
        url = reverse("claim-link", args=[walk_in.pk])
        assert "/claim/" in client.get(url).content.decode()
        with django_capture_on_commit_callbacks(execute=True):
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
    def test_a_newcomer_signs_up_and_the_player_becomes_theirs(self, client, walk_in,
                                                               walk_in_url):
        response = client.post(walk_in_url, SIGNUP)
        assert response.status_code == 302
        walk_in.refresh_from_db()
        assert walk_in.user.username == "wendy" and walk_in.user.email == "wendy@example.org"
        assert client.get(reverse("tournaments:my-nights")).status_code == 200  # logged in
        assert AuditEntry.objects.filter(action="player.claim", target_id=walk_in.pk).exists()

    def test_a_logged_in_person_without_a_player_claims_with_one_click(self, client, walk_in,
                                                                       walk_in_url):
        user = UserFactory(username="wendy2")
        client.force_login(user)
        assert client.post(walk_in_url).status_code == 302
        assert Player.objects.get(pk=walk_in.pk).user == user

    def test_the_link_works_once(self, client, walk_in_url):
        url = walk_in_url
        client.post(url, SIGNUP)
        client.logout()
        again = client.post(url, {**SIGNUP, "username": "mallory"})
        assert again.status_code == 400 and "already been claimed" in again.content.decode()
        assert not get_user_model().objects.filter(username="mallory").exists()

    def test_a_login_with_a_player_cannot_take_a_second_one(self, client, pat, walk_in,
                                                            walk_in_url):
        client.force_login(pat)
        response = client.post(walk_in_url)
        # A login with a player links another club's player instead ("this is also me",
        # tests/league/test_federation_links.py); one person has one player per club.
        assert response.status_code == 400
        assert "one player per club" in response.content.decode()
        assert Player.objects.get(pk=walk_in.pk).user is None
        assert not hasattr(Player.objects.get(pk=walk_in.pk), "link")

    def test_a_tampered_or_expired_link_is_refused_with_a_reason(self, client, walk_in, alice,
                                                                 monkeypatch):
        token = claim_token(walk_in, issuer=alice)
        bad = client.get(reverse("claim", args=[token[:-2] + "xx"]))
        assert bad.status_code == 400 and "not valid" in bad.content.decode()
        monkeypatch.setattr("league.services.claims.CLAIM_MAX_AGE", -1)
        old = client.get(reverse("claim", args=[token]))
        assert old.status_code == 400 and "expired" in old.content.decode()

    def test_a_bot_cannot_be_claimed(self, client, club_a, alice):
        bot = PlayerFactory(display_name="Bot 1", bot_strength="random")
        MembershipFactory(club=club_a, player=bot)
        token = signing.dumps({"player": bot.pk, "by": alice.pk}, salt=CLAIM_SALT)
        client.force_login(UserFactory(username="someone"))
        response = client.post(reverse("claim", args=[token]))
        assert response.status_code == 400 and "bots cannot be claimed" in response.content.decode()


def test_a_forgotten_password_is_reset_through_the_mailed_link(
        client, eager_celery, django_capture_on_commit_callbacks):
    user = UserFactory(username="rita", email="rita@example.org")
    user.set_password("old-pass-phrase-1")
    user.save()
    assert "Forgot your password?" in client.get(reverse("login")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
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


@pytest.fixture
def kim(club_a):
    """Kim keeps score at private club A; she also plays at public club C, so any organiser
    can see her and add her to their club. She has no login yet."""
    player = PlayerFactory(display_name="Kim")
    MembershipFactory(club=club_a, player=player, role=Role.SCOREKEEPER)
    MembershipFactory(club=ClubFactory(name="Club C", slug="club-c", is_public=True),
                      player=player)
    return player


def _signs_up_and_scores_at(client, url, table):
    """The claim link's holder signs up, then opens the table's club and stores a result."""
    client.post(url, {**SIGNUP, "username": "kim"})
    club_page = client.get(reverse("league:club-detail", args=[table.round.event.club.slug]))
    names = [seat.player.display_name for seat in table.seats.order_by("position")]
    stored = client.post(f"/api/v1/tables/{table.pk}/result/",
                         played_record(seats=names, hands=1), content_type="application/json")
    return club_page.status_code, stored.status_code


class TestClaimAcrossClubs:
    def test_another_clubs_organiser_cannot_open_a_private_club_through_a_claim_link(
            self, client, bob, club_b, club_a, kim, players_a):
        membership_add(club=club_b, player=kim, user=bob)  # allowed: Kim is in a public club
        client.force_login(bob)
        page = client.get(reverse("claim-link", args=[kim.pk]))
        assert page.status_code == 403 and "/claim/" not in page.content.decode()
        assert "only an organiser of every such club" in page.content.decode()
        with pytest.raises(PermissionDenied, match="keeps score or organises"):
            claim_token(kim, issuer=bob)
        # A link bob made before the rule (or kept from before Kim's role) is void too.
        kept = reverse("claim", args=[signing.dumps({"player": kim.pk, "by": bob.pk},
                                                    salt=CLAIM_SALT)])
        client.logout()
        table_at_a = seated_table(club_a, players_a)
        assert _signs_up_and_scores_at(client, kept, table_at_a) == (404, 401)  # no login
        assert not get_user_model().objects.filter(username="kim").exists()
        assert Player.objects.get(pk=kim.pk).user is None and not TableResult.objects.exists()

    def test_an_organiser_of_every_club_where_the_player_has_a_role_hands_out_the_link(
            self, client, alice, club_a, kim, players_a):
        url = _claim_url(kim, alice)  # alice organises A; Kim only plays at C
        assert _signs_up_and_scores_at(client, url, seated_table(club_a, players_a)) == (200, 201)
        assert Player.objects.get(pk=kim.pk).user.username == "kim"

    def test_a_role_granted_after_the_link_was_handed_out_voids_it(self, client, bob, club_b,
                                                                    alice, club_a):
        lee = PlayerFactory(display_name="Lee")
        MembershipFactory(club=club_b, player=lee)
        membership_add(club=club_a, player=lee, user=alice)  # plays at A too
        url = _claim_url(lee, bob)  # fine today: Lee only plays, everywhere
        membership_set_role(membership=Membership.objects.get(club=club_a, player=lee),
                            role=Role.SCOREKEEPER, user=alice)
        refused = client.post(url, {**SIGNUP, "username": "lee"})
        assert refused.status_code == 400 and "no longer valid" in refused.content.decode()
        assert not get_user_model().objects.filter(username="lee").exists()

    def test_a_link_without_its_issuer_is_refused(self, client, walk_in):
        token = signing.dumps({"player": walk_in.pk}, salt=CLAIM_SALT)  # the old form
        assert client.get(reverse("claim", args=[token])).status_code == 400

    def test_the_claim_page_names_no_private_club(self, client, alice, kim):
        page = client.get(_claim_url(kim, alice)).content.decode()
        assert "Club C" in page and "Club A" not in page

    def test_claim_link_mails_are_throttled_per_address(self, client, alice, walk_in):
        client.force_login(alice)
        url = reverse("claim-link", args=[walk_in.pk])
        answers = [client.post(url, {"email": "wendy@example.org"}) for _ in range(4)]
        assert [a.status_code for a in answers] == [302, 302, 302, 200]
        assert "Enough claim-link mails" in answers[-1].content.decode()
        assert QueuedMail.objects.filter(to="wendy@example.org").count() == 3


def test_a_claim_link_mail_to_a_stalled_mail_server_is_queued_not_sent_in_the_request(
        client, alice, walk_in, settings, monkeypatch, django_capture_on_commit_callbacks):
    from league import tasks
    from tests.league.smtp_sink import SmtpSink

    sink = SmtpSink()
    sink.stall()
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                                    "OPTIONS": {"host": "127.0.0.1", "port": sink.port,
                                                "use_tls": False, "timeout": 1}}}
    asked = []
    monkeypatch.setattr(tasks.send_queued_mail, "apply_async", lambda **kw: asked.append(kw))
    client.force_login(alice)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(reverse("claim-link", args=[walk_in.pk]),
                                 {"email": "wendy@example.org"})
    finally:
        sink.down()
    assert answer.status_code == 302 and sink.connections == 0 and len(asked) == 1
    assert QueuedMail.objects.get().to == "wendy@example.org"
