"""Notices by web push: one encrypted message per (event, player, browser), in the
player's language, switched per notice and channel; the push service's answers decide
what happens (sent, retried, given up, browser gone). A push service on the loopback
(tests/league/push_receiver.py) checks the VAPID signature and decrypts each message."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from py_vapid import Vapid

from league.models import NoticeOptOut, PlayerNotice, PushSubscription
from league.models.push import PushMessage, PushState
from league.services import push_delivery
from league.services.notices import EMAIL, PUSH, notice_choices_set, notices_set
from league.services.push_delivery import push_send_due, vapid_key_pair
from tests.factories import seated_table
from tests.league.push_receiver import PushReceiver, b64, unb64
from tournaments.services.events import event_close
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
SEATING = PlayerNotice.SEATING_PUBLISHED


@pytest.fixture
def receiver(settings):
    public, private = vapid_key_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:push-tests@example.org"
    settings.PUSH_ALLOW_PRIVATE_ENDPOINTS = True
    settings.PUSH_RETRY_BASE_SECONDS = 0
    server = PushReceiver(public).start()
    yield server
    server.stop()


@pytest.fixture
def table(club_a, players_a):
    return seated_table(club_a, players_a, published=False)


def _states():
    return sorted(PushMessage.objects.values_list("player__display_name", "state"))


def test_each_browser_of_each_seated_player_gets_its_seat_once_in_their_language(
        receiver, table, alice, sam, pat):
    pat.player.language = "fr"
    pat.player.save()
    phone, laptop, sams = receiver.browser("pat-phone"), receiver.browser("pat-laptop"), \
        receiver.browser("sam")
    phone.subscribe(pat.player), laptop.subscribe(pat.player), sams.subscribe(sam.player)
    round_set_published(rnd=table.round, user=alice)
    round_set_published(rnd=table.round, published=False, user=alice)
    round_set_published(rnd=table.round, user=alice)  # published again: nothing new
    assert push_send_due().sent == 3
    assert push_send_due().sent == 0
    facts = {"night": table.round.event.name, "round": table.round.number,
             "table": table.number, "seat": 3}
    with translation.override("fr"):
        title = _("%(night)s, round %(round)s: table %(table)s, seat %(seat)s") % facts
    assert [m["title"] for m in receiver.got(phone)] == [title]
    assert receiver.got(laptop) == receiver.got(phone)
    message = receiver.got(phone)[0]
    assert message["url"].endswith(table.round.event.get_absolute_url())
    assert message["tag"] == f"{SEATING}:round-{table.round.pk}"
    assert [m["title"] for m in receiver.got(sams)] == [
        f"{facts['night']}, round {facts['round']}: table {table.number}, seat 2"]
    assert _states() == [("Pat", "sent"), ("Pat", "sent"), ("Sam", "sent")]
    assert not PushMessage.objects.exclude(body="").exists()  # the text goes with the send


def test_a_410_forgets_the_browser_and_it_gets_no_more(receiver, table, alice, pat):
    gone, kept = receiver.browser("gone"), receiver.browser("kept")
    gone.subscribe(pat.player), kept.subscribe(pat.player)
    receiver.answers[gone.path] = [410]
    round_set_published(rnd=table.round, user=alice)
    push_send_due()
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    assert sorted(PushMessage.objects.values_list("state", flat=True)) == ["gone", "sent"]
    event_close(event=table.round.event, user=alice, force=True, reason="test")
    push_send_due()
    assert len(receiver.got(kept)) == 2 and receiver.got(gone) == []
    assert PushMessage.objects.count() == 3  # none queued for the forgotten browser


def test_429_and_5xx_are_retried_with_back_off_and_sent_once(receiver, table, alice, pat):
    browser = receiver.browser("busy")
    browser.subscribe(pat.player)
    receiver.answers[browser.path] = [429, 503]
    round_set_published(rnd=table.round, user=alice)
    assert push_send_due().failed == 1  # 429; the rest of the run skips the service
    row = PushMessage.objects.get()
    assert row.state == PushState.QUEUED and row.attempts == 1 and "429" in row.last_error
    push_send_due()  # 503
    push_send_due()  # accepted
    row.refresh_from_db()
    assert (row.state, row.attempts, row.last_error) == (PushState.SENT, 3, "")
    assert len(receiver.got(browser)) == 1


def test_the_back_off_doubles(receiver, settings, table, alice, pat):
    settings.PUSH_RETRY_BASE_SECONDS = 30
    browser = receiver.browser("down")
    browser.subscribe(pat.player)
    receiver.answers[browser.path] = [500]
    round_set_published(rnd=table.round, user=alice)
    before = timezone.now()
    push_send_due()
    row = PushMessage.objects.get()
    assert 29 <= (row.due_at - before).total_seconds() <= 31 + 5
    assert push_send_due().sent == 0  # not due yet


def test_a_service_that_keeps_failing_is_given_up(receiver, table, alice, pat):
    browser = receiver.browser("broken")
    browser.subscribe(pat.player)
    receiver.answers[browser.path] = [500] * push_delivery.MAX_ATTEMPTS
    round_set_published(rnd=table.round, user=alice)
    for _attempt in range(push_delivery.MAX_ATTEMPTS):
        push_send_due()
    row = PushMessage.objects.get()
    assert (row.state, row.attempts) == (PushState.FAILED, push_delivery.MAX_ATTEMPTS)
    assert receiver.got(browser) == []


def test_a_refusal_that_a_retry_cannot_mend_is_given_up_at_once(receiver, table, alice, pat):
    browser = receiver.browser("too-big")
    browser.subscribe(pat.player)
    receiver.answers[browser.path] = [413]
    round_set_published(rnd=table.round, user=alice)
    push_send_due()
    row = PushMessage.objects.get()
    assert (row.state, row.attempts, row.last_error) == (
        PushState.FAILED, 1, "The push service answered 413.")
    assert PushSubscription.objects.count() == 1  # the browser itself is fine


def test_an_endpoint_on_a_private_address_is_never_called(receiver, settings, table, alice,
                                                          pat):
    settings.PUSH_ALLOW_PRIVATE_ENDPOINTS = False
    receiver.browser("inside").subscribe(pat.player)
    round_set_published(rnd=table.round, user=alice)
    push_send_due()
    row = PushMessage.objects.get()
    assert row.state == PushState.FAILED and "private" in row.last_error
    assert receiver.requests == 0


def test_a_message_whose_worker_died_during_the_send_is_not_sent_again(receiver, table,
                                                                      alice, pat):
    browser = receiver.browser("once")
    browser.subscribe(pat.player)
    round_set_published(rnd=table.round, user=alice)
    # As a killed worker leaves it: claimed, the send started, the lease run out.
    PushMessage.objects.update(claimed_by="00000000-0000-0000-0000-000000000001",
                               claimed_until=timezone.now(), send_started_at=timezone.now())
    push_send_due()
    row = PushMessage.objects.get()
    assert row.state == PushState.FAILED and "twice" in row.last_error
    assert receiver.requests == 0


def test_switching_push_off_for_a_notice_stops_it_and_leaves_the_mail(receiver, table,
                                                                     alice, pat):
    browser = receiver.browser("quiet")
    browser.subscribe(pat.player)
    notice_choices_set(player=pat.player, user=pat, choices={
        PUSH: set(PlayerNotice.values) - {SEATING, PlayerNotice.ANNOUNCEMENT}})
    round_set_published(rnd=table.round, user=alice)
    event_close(event=table.round.event, user=alice, force=True, reason="test")
    push_send_due()
    assert [m["tag"] for m in receiver.got(browser)] == [
        f"{PlayerNotice.NIGHT_CLOSED}:night-{table.round.event.pk}"]
    assert pat.player.user.email  # and the seating mail still went to the outbox
    from league.models import QueuedMail
    assert QueuedMail.objects.filter(dedupe_key__startswith=SEATING, to=pat.email).exists()


def test_push_only_a_player_may_choose_mail_off_and_push_on(receiver, table, alice, pat):
    browser = receiver.browser("push-only")
    browser.subscribe(pat.player)
    notices_set(player=pat.player, user=pat, wanted=set(), channel=EMAIL)
    round_set_published(rnd=table.round, user=alice)
    push_send_due()
    from league.models import QueuedMail
    assert not QueuedMail.objects.filter(to=pat.email).exists()
    assert len(receiver.got(browser)) == 1


def test_without_vapid_keys_nothing_is_queued(settings, receiver, table, alice, pat):
    receiver.browser("no-keys").subscribe(pat.player)
    settings.VAPID_PRIVATE_KEY = ""
    round_set_published(rnd=table.round, user=alice)
    assert not PushMessage.objects.exists()


def test_make_vapid_keys_prints_a_pair_that_signs(capsys):
    call_command("make_vapid_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    public, private = lines["VAPID_PUBLIC_KEY"], lines["VAPID_PRIVATE_KEY"]
    assert len(unb64(public)) == 65 and unb64(public)[0] == 4
    signer = Vapid.from_string(private)
    from cryptography.hazmat.primitives import serialization
    derived = signer.public_key.public_bytes(serialization.Encoding.X962,
                                             serialization.PublicFormat.UncompressedPoint)
    assert b64(derived) == public


# Permissions: only the player changes their own switches.

def test_the_service_refuses_anyone_but_the_player(pat, sam, olga):
    for user in (sam, olga):
        with pytest.raises(PermissionDenied):
            notice_choices_set(player=pat.player, user=user, choices={PUSH: set()})
    assert not NoticeOptOut.objects.exists()


@pytest.mark.parametrize("persona", ["olga", "alice", "sam", "pat", "bob"])
def test_the_page_changes_only_the_signed_in_players_own_switches(client, request, persona,
                                                                  pat, sam):
    user = request.getfixturevalue(persona)
    client.force_login(user)
    answer = client.post(reverse("notices:mine"), {"wanted": list(PlayerNotice.values),
                                                  "push": []})
    assert answer.status_code == 302
    changed = set(NoticeOptOut.objects.values_list("player__user__username", flat=True))
    assert changed == {persona}


def test_a_visitor_must_log_in_to_change_switches(client, pat):
    answer = client.post(reverse("notices:mine"), {"push": []})
    assert answer.status_code == 302 and "login" in answer["Location"]
    assert not NoticeOptOut.objects.exists()


# Hostile input.

@pytest.mark.parametrize("choices", [{"sms": set()}, {PUSH: {"night.closed", "drop table"}}])
def test_an_unknown_channel_or_notice_is_refused_naming_it(pat, choices):
    with pytest.raises(ValidationError) as refusal:
        notice_choices_set(player=pat.player, user=pat, choices=choices)
    assert set(refusal.value.message_dict) <= {"channel", PUSH}
    assert not NoticeOptOut.objects.exists()


def test_the_page_refuses_an_unknown_notice_and_saves_nothing(client, pat):
    client.force_login(pat)
    answer = client.post(reverse("notices:mine"), {"push": ["night.closed", "<script>"]})
    assert answer.status_code == 200 and not NoticeOptOut.objects.exists()
    assert "&lt;script&gt;" in answer.content.decode()


def test_the_page_shows_both_channels_and_the_browser_buttons(client, receiver, pat):
    client.force_login(pat)
    notice_choices_set(player=pat.player, user=pat, choices={PUSH: {SEATING}})
    page = client.get(reverse("notices:mine")).content.decode()
    assert 'name="push" value="seating.published" id="push-1" checked' in page
    assert 'name="push" value="night.closed" id="push-2" aria' in page
    assert 'name="wanted" value="night.closed" id="mail-2" checked' in page
    assert 'id="push-on"' in page and 'id="push-off"' in page and "push.js" in page


def test_without_keys_the_page_says_push_is_not_set_up(client, settings, pat):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    client.force_login(pat)
    page = client.get(reverse("notices:mine")).content.decode()
    assert 'id="push-not-set-up"' in page and 'id="push-on"' not in page


def test_the_organisers_mail_log_shows_each_push_and_its_state(client, receiver, table,
                                                               alice, pat):
    gone, kept = receiver.browser("gone"), receiver.browser("kept")
    gone.subscribe(pat.player), kept.subscribe(pat.player)
    receiver.answers[gone.path] = [410]
    round_set_published(rnd=table.round, user=alice)
    push_send_due()
    client.force_login(alice)
    url = reverse("organiser:club-mail-log", args=[table.round.event.club.slug])
    page = client.get(url).content.decode()
    assert 'push-messages' in page and 'state-sent' in page and 'state-gone' in page
    assert "browser gone (1)" in page and "sent (1)" in page
    only_gone = client.get(url, {"push_state": "gone"}).content.decode()
    assert "The push service answered 410." in only_gone


def test_erasing_the_player_forgets_their_push_messages(receiver, table, alice, pat):
    from league.erasure import erase_player
    from league.permissions import SYSTEM

    receiver.browser("erased").subscribe(pat.player)
    round_set_published(rnd=table.round, user=alice)
    erase_player(player=pat.player, user=SYSTEM, reason="asked")
    assert not PushMessage.objects.exists() and not PushSubscription.objects.exists()


def test_an_unreachable_push_service_is_retried(receiver, table, alice, pat):
    from tests.own_redis import free_port

    row = receiver.browser("unreachable").subscribe(pat.player)
    row.endpoint = f"http://127.0.0.1:{free_port()}/push/unreachable"  # nobody listens
    row.save()
    round_set_published(rnd=table.round, user=alice)
    assert push_send_due().failed == 1
    message = PushMessage.objects.get()
    assert message.state == PushState.QUEUED and message.attempts == 1
    assert "Connection" in message.last_error and message.send_started_at is None


def test_the_admin_shows_push_messages_to_superusers_only_read_only(client, receiver, table,
                                                                    alice, pat):
    from tests.factories import UserFactory

    receiver.browser("admin").subscribe(pat.player)
    round_set_published(rnd=table.round, user=alice)
    row = PushMessage.objects.get()
    listing = reverse("admin:league_pushmessage_changelist")
    alice.is_staff = True
    alice.save()
    client.force_login(alice)  # an organiser with the admin: not theirs to read
    assert client.get(listing).status_code == 403
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert client.get(listing).status_code == 200
    change = reverse("admin:league_pushmessage_change", args=[row.pk])
    assert client.post(change, {"state": "sent"}).status_code == 403
    assert PushMessage.objects.get().state == PushState.QUEUED


def test_a_retry_waits_at_least_the_services_retry_after(receiver, table, alice, pat):
    browser = receiver.browser("slow-down")
    browser.subscribe(pat.player)
    receiver.answers[browser.path] = [429]
    receiver.retry_after = "120"
    round_set_published(rnd=table.round, user=alice)
    before = timezone.now()
    push_send_due()
    row = PushMessage.objects.get()
    assert row.state == PushState.QUEUED and (row.due_at - before).total_seconds() >= 120
    assert push_send_due().sent == 0 and receiver.got(browser) == []
