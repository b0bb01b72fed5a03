"""Web push with real workers: a worker killed while the push service holds its first
message, a browser the push service says is gone, a player who switched a notice's push
off. No browser gets a second push for one event. Skipped without a broker and PostgreSQL
(CI has both).

The push service is tests/league/push_receiver.py on the loopback: it checks each
request's VAPID signature and decrypts the payload with the browser's private key.
"""

import pytest

from league.models import PlayerNotice, PushSubscription
from league.models.push import PushMessage, PushState
from league.services.notices import PUSH, notice_choices_set
from league.services.push_delivery import vapid_key_pair
from tests.celery_workers import (
    kill_a_worker_mid_send,
    skip_without_broker_and_postgresql,
    worker_setup,
)
from tests.factories import seated_table
from tests.league.push_receiver import PushReceiver
from tournaments.services.events import event_close
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]
SEATING, CLOSED = PlayerNotice.SEATING_PUBLISHED, PlayerNotice.NIGHT_CLOSED


@pytest.fixture
def vapid(settings):
    public, private = vapid_key_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:push-worker-test@example.org"
    return {"VAPID_PUBLIC_KEY": public, "VAPID_PRIVATE_KEY": private,
            "VAPID_SUBJECT": settings.VAPID_SUBJECT, "PUSH_ALLOW_PRIVATE_ENDPOINTS": "true",
            "PUSH_RETRY_BASE_SECONDS": "0"}


def _tags(receiver, browser) -> list[str]:
    return sorted(message["tag"].split(":")[0] for message in receiver.got(browser))


def test_no_browser_gets_a_second_push_for_one_event_when_a_worker_is_killed(
        vapid, club_a, alice, sam, pat, players_a, own_default_queue):
    skip_without_broker_and_postgresql()
    receiver = PushReceiver(vapid["VAPID_PUBLIC_KEY"]).start()
    receiver.hang_first = True
    browsers = {name: receiver.browser(name) for name in
                ("alice", "alice-old", "sam", "pat-phone", "pat-laptop")}
    for name, browser in browsers.items():
        browser.subscribe({"alice": alice, "sam": sam, "pat": pat}[name.split("-")[0]].player)
    receiver.answers[browsers["alice-old"].path] = [410] * 3  # unsubscribed long ago
    notice_choices_set(player=sam.player, user=sam,  # sam wants no push when a night closes
                       choices={PUSH: {SEATING, PlayerNotice.NIGHT_REMINDER}})
    queue, env = worker_setup("league.send_push", **vapid)
    table = seated_table(club_a, players_a, published=False)
    try:
        kill_a_worker_mid_send(
            queue, env, outbox=PushMessage, hung=receiver.hung, release=receiver.release,
            send=lambda: round_set_published(rnd=table.round, user=alice),  # 5 browsers
            then=lambda: event_close(event=table.round.event, user=alice, force=True,
                                     reason="test"))
    finally:
        receiver.stop()
    rows = list(PushMessage.objects.order_by("pk").values_list(
        "player__display_name", "notice", "state", "attempts", "last_error"))
    got = {name: _tags(receiver, browser) for name, browser in browsers.items()}
    assert got == {"alice": [CLOSED, SEATING], "pat-phone": [CLOSED, SEATING],
                   "pat-laptop": [CLOSED, SEATING],
                   "sam": [SEATING],  # switched off: no closing push
                   "alice-old": []}, rows
    failed = [row for row in rows if row[2] == PushState.FAILED]
    assert len(failed) == 1 and failed[0][1] == SEATING and "twice" in failed[0][4], rows
    # The 410 made the seating push `gone`; the closing push, queued before or after the
    # worker learnt it, is gone too (or never queued): the old browser is never called again.
    gone = PushMessage.objects.filter(state=PushState.GONE)
    assert [m.last_error for m in gone.filter(notice=SEATING)] == [
        "The push service answered 410."]
    assert set(gone.values_list("subscription", flat=True)) == {None}
    assert receiver.requests == 5 + 3  # seating: five browsers; closing: three
    assert not PushSubscription.objects.filter(endpoint=browsers["alice-old"].endpoint).exists()
    assert not PushMessage.objects.filter(notice=CLOSED, player=sam.player).exists()
    assert PushMessage.objects.filter(state=PushState.SENT).count() == 3 + 3  # seats, closed
