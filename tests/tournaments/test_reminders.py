"""The attendance reminder N hours before a night (the club's setting), read in the club's
time zone; once per (night, player, channel) however often the job runs, and after a run
killed half-way; through the players' notice preferences."""

import datetime
import io

import pytest
from django.conf import settings as project_settings
from django.core.management import call_command
from django.urls import reverse

from league.models import AuditEntry, MailState, NoticeOptOut, PlayerNotice, QueuedMail
from league.services import notices
from tests.factories import EventFactory
from tournaments.models import EventStatus
from tournaments.services.attendance import event_answer_attendance
from tournaments.services.reminders import reminders_due, reminders_queue
from tournaments.tasks import send_reminders

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
UTC = datetime.UTC


def _at(*args):
    return datetime.datetime(*args, tzinfo=UTC)


@pytest.fixture
def night(club_a, players_a):
    """19:00 in Seoul on 15 January 2027 (10:00 UTC); the club reminds 3 hours before."""
    club_a.time_zone = "Asia/Seoul"
    club_a.reminder_hours = 3
    club_a.save()
    return EventFactory(club=club_a, name="Week 3", date=datetime.date(2027, 1, 15),
                        start_time=datetime.time(19, 0))


def _reminded():
    return sorted(QueuedMail.objects.filter(dedupe_key__startswith="night.reminder:")
                  .values_list("to", flat=True))


def test_the_reminder_opens_n_hours_before_the_start_in_the_clubs_zone(night):
    assert reminders_due(_at(2027, 1, 15, 6, 59)) == []
    assert reminders_due(_at(2027, 1, 15, 7, 0)) == [night]
    assert reminders_due(_at(2027, 1, 15, 9, 59)) == [night]
    assert reminders_due(_at(2027, 1, 15, 10, 0)) == []  # the night has started


def test_the_same_wall_clock_time_in_new_york_is_another_instant(night, club_a):
    club_a.time_zone = "America/New_York"  # 19:00 EST is 00:00 UTC the next day
    club_a.save()
    assert reminders_due(_at(2027, 1, 15, 7, 0)) == []
    assert reminders_due(_at(2027, 1, 15, 21, 0)) == [night]


def test_each_member_with_an_address_gets_one_reminder_however_often_it_runs(night, pat):
    now = _at(2027, 1, 15, 8, 0)
    assert reminders_queue(now) == 3  # dee has no login
    assert reminders_queue(now) == 0
    assert reminders_queue(_at(2027, 1, 15, 9, 0)) == 0
    assert _reminded() == ["alice@example.org", "pat@example.org", "sam@example.org"]
    mail = QueuedMail.objects.get(to="pat@example.org")
    assert mail.subject == "Reminder: Week 3 at 19:00"
    assert "2027-01-15 at 19:00 (Asia/Seoul)" in mail.body
    assert mail.club_id == night.club_id and mail.state == MailState.QUEUED


def test_a_player_who_said_no_or_switched_it_off_gets_none(night, pat, sam, client):
    event_answer_attendance(event=night, player=pat.player, answer="not coming", user=pat)
    client.force_login(sam)
    wanted = [n for n in PlayerNotice.values if n != PlayerNotice.NIGHT_REMINDER]
    client.post(reverse("notices:mine"), {"wanted": wanted})
    reminders_queue(_at(2027, 1, 15, 8, 0))
    assert "pat@example.org" not in _reminded() and "sam@example.org" not in _reminded()
    assert "alice@example.org" in _reminded()


def test_closed_nights_nights_without_a_time_and_clubs_without_the_setting_get_none(
        night, club_a):
    EventFactory(club=club_a, date=datetime.date(2027, 1, 15))  # no start time
    night.status = EventStatus.CLOSED
    night.save()
    assert reminders_queue(_at(2027, 1, 15, 8, 0)) == 0
    night.status = EventStatus.DRAFT
    night.save()
    club_a.reminder_hours = None
    club_a.save()
    assert reminders_queue(_at(2027, 1, 15, 8, 0)) == 0


def test_a_run_killed_half_way_leaves_no_half_night_and_the_next_run_finishes_it(
        night, monkeypatch):
    real = notices.queue_mail
    calls = []

    def dies_on_the_second(**kwargs):
        calls.append(kwargs["to"])
        if len(calls) == 2:
            raise SystemExit("worker killed")
        return real(**kwargs)

    monkeypatch.setattr(notices, "queue_mail", dies_on_the_second)
    with pytest.raises(SystemExit):
        reminders_queue(_at(2027, 1, 15, 8, 0))
    assert _reminded() == []  # the night's transaction rolled back as a whole
    monkeypatch.setattr(notices, "queue_mail", real)
    assert reminders_queue(_at(2027, 1, 15, 8, 30)) == len(set(_reminded())) == 3


def test_the_task_the_command_and_beat_run_the_same_job(night):
    assert project_settings.CELERY_BEAT_SCHEDULE["send-reminders"]["task"] == \
        "tournaments.send_reminders"
    assert send_reminders() == 0  # today is not 15 January 2027
    out = io.StringIO()
    call_command("send_reminders", stdout=out)
    assert out.getvalue().strip() == "0 reminders queued"


def test_an_organiser_sets_the_hours_on_the_mail_page(client, club_a, alice, sam):
    url = reverse("organiser:club-mail-log", args=[club_a.slug])
    client.force_login(alice)
    assert client.post(url, {"reminder_hours": "24"}).status_code == 302
    club_a.refresh_from_db()
    assert club_a.reminder_hours == 24
    assert AuditEntry.objects.filter(action="club.reminder_hours").count() == 1
    refused = client.post(url, {"reminder_hours": "0"})
    assert refused.status_code == 200 and "reminder_hours" in refused.context["form"].errors
    assert client.post(url, {"reminder_hours": ""}).status_code == 302
    club_a.refresh_from_db()
    assert club_a.reminder_hours is None
    client.force_login(sam)
    assert client.post(url, {"reminder_hours": "5"}).status_code == 403
    club_a.refresh_from_db()
    assert club_a.reminder_hours is None
    assert not NoticeOptOut.objects.exists()
