"""Players' notice mails (seating published, night closed): once per (event, player,
channel), switched off per notice by the player or by a one-click link without a login."""

import pytest
from django.core import mail
from django.urls import reverse

from league.models import NoticeOptOut, PlayerNotice, QueuedMail
from league.permissions import SYSTEM
from league.services.mail import mail_send_due, queue_mail
from league.services.notices import notice_token
from tests.factories import played_record, seated_table
from tournaments.services.events import event_close
from tournaments.services.results import result_submit
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def table(club_a, players_a):
    return seated_table(club_a, players_a, published=False)  # the tests publish it


def _to(notice=None) -> list[str]:
    rows = QueuedMail.objects.all()
    if notice:
        rows = rows.filter(dedupe_key__startswith=notice)
    return sorted(rows.values_list("to", flat=True))


def test_publishing_a_round_mails_each_seated_player_once(table, alice):
    round_set_published(rnd=table.round, user=alice)
    round_set_published(rnd=table.round, published=False, user=alice)
    round_set_published(rnd=table.round, user=alice)  # published again: no second mail
    # alice, sam and pat have logins with addresses; Dee has no login
    assert _to() == ["alice@example.org", "pat@example.org", "sam@example.org"]
    pat_mail = QueuedMail.objects.get(to="pat@example.org")
    assert f"table {table.number}, seat 3" in pat_mail.subject
    assert "seat 1 deals first" in pat_mail.body


def test_the_mail_carries_a_one_click_unsubscribe(table, alice, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    round_set_published(rnd=table.round, user=alice)
    assert mail_send_due().sent == 3
    sent = mail.outbox[0]
    link = sent.extra_headers["List-Unsubscribe"].strip("<>")
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in sent.body and "/unsubscribe/" in link


def test_one_click_unsubscribes_without_a_login_and_stops_that_notice_only(
        client, table, alice, pat):
    url = reverse("notices:unsubscribe",
                  args=[notice_token(player=pat.player, notice=PlayerNotice.SEATING_PUBLISHED)])
    assert client.get(url).status_code == 200  # a link scanner's GET changes nothing
    assert not NoticeOptOut.objects.exists()
    answer = client.post(url, "List-Unsubscribe=One-Click",
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200
    assert client.post(url).status_code == 200  # twice: still one switch-off
    round_set_published(rnd=table.round, user=alice)
    result_submit(table=table, record=played_record(seed=3), source="bot", user=SYSTEM)
    event_close(event=table.round.event, user=alice)
    assert "pat@example.org" not in _to(PlayerNotice.SEATING_PUBLISHED)
    assert "pat@example.org" in _to(PlayerNotice.NIGHT_CLOSED)


def test_a_forged_unsubscribe_link_is_refused(client, pat):
    token = notice_token(player=pat.player, notice=PlayerNotice.NIGHT_CLOSED)
    response = client.post(reverse("notices:unsubscribe", args=[token[:-2] + "xx"]))
    assert response.status_code == 404
    assert not NoticeOptOut.objects.exists()


def test_a_player_switches_notices_off_and_on_on_their_page(client, table, alice, sam):
    client.force_login(sam)
    page = reverse("notices:mine")
    assert client.post(page, {"wanted": [PlayerNotice.SEATING_PUBLISHED]}).status_code == 302
    result_submit(table=table, record=played_record(seed=3), source="bot", user=SYSTEM)
    round_set_published(rnd=table.round, user=alice)
    event_close(event=table.round.event, user=alice)
    assert "sam@example.org" in _to(PlayerNotice.SEATING_PUBLISHED)
    assert "sam@example.org" not in _to(PlayerNotice.NIGHT_CLOSED)
    assert _to(PlayerNotice.NIGHT_CLOSED) == ["alice@example.org", "pat@example.org"]
    client.post(page, {"wanted": list(PlayerNotice.values), "push": list(PlayerNotice.values)})
    assert not NoticeOptOut.objects.filter(player=sam.player, on=False).exists()


def test_the_same_dedupe_key_queues_one_mail():
    first = queue_mail(to="a@example.org", subject="s", body="b", dedupe_key="k:1")
    again = queue_mail(to="a@example.org", subject="s", body="b", dedupe_key="k:1")
    assert first.pk == again.pk and QueuedMail.objects.count() == 1
