"""Calendar feeds: a player's private feed behind a revocable key and a public club's feed,
parsed with the `icalendar` package (RFC 5545), with correct times in two time zones."""

import datetime as dt
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.urls import reverse

from league.models import Club
from tests.factories import EventFactory, RoundFactory, seated_table
from tournaments.calendar_feed import _fold
from tournaments.services.calendars import calendar_link_create
from tournaments.services.events import event_create, event_update
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
NEXT_WEEK = dt.date.today() + dt.timedelta(days=7)
HAS_ZONES = any(f.name == "time_zone" for f in Club._meta.get_fields())


def _parse(response) -> icalendar.Calendar:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    body = response.content
    assert all(len(line) <= 75 for line in body.split(b"\r\n"))  # folded (RFC 5545 3.1)
    assert body.endswith(b"\r\n") and b"\n" not in body.replace(b"\r\n", b"")
    return icalendar.Calendar.from_ical(body)


def _events(calendar) -> dict[str, icalendar.Event]:
    return {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}


def _key(client, user) -> str:
    client.force_login(user)
    url = client.post(reverse("calendars:my-calendar"), {"action": "create"}).context["new_url"]
    client.logout()
    return url.rsplit("/", 1)[-1].removesuffix(".ics")


def test_a_players_feed_lists_their_nights_and_published_seats(client, club_a, alice,
                                                               players_a):
    night = event_create(game="bluke", club=club_a, name="Night, the first; of 2",
                         date=NEXT_WEEK, user=alice, start_time=dt.time(19, 30))
    table = seated_table(club_a, players_a, round=RoundFactory(event=night))
    hidden = seated_table(club_a, players_a, round=RoundFactory(event=night, number=2))
    round_set_published(rnd=table.round, user=alice)
    key = _key(client, alice)
    calendar = _parse(client.get(reverse("calendars:player-feed", args=[key])))
    assert calendar["VERSION"] == "2.0" and calendar["PRODID"]
    event = _events(calendar)["Club A: Night, the first; of 2"]
    description = str(event["DESCRIPTION"])
    assert f"Round 1: table {table.number}, seat 1" in description
    assert "Round 2" not in description and hidden.round.published is False
    assert event["UID"] and event["DTSTAMP"]


def test_a_night_starts_at_its_time_in_its_clubs_zone(client, club_a, alice, settings):
    settings.TIME_ZONE = "Asia/Seoul"
    if HAS_ZONES:
        Club.objects.filter(pk=club_a.pk).update(time_zone="Asia/Seoul")
    event_create(game="bluke", club=club_a, name="Seoul night", date=dt.date(2027, 1, 15),
                 user=alice, start_time=dt.time(19, 0))
    event_create(game="bluke", club=club_a, name="All day", date=dt.date(2027, 1, 16),
                 user=alice)
    key = _key(client, alice)
    events = _events(_parse(client.get(reverse("calendars:player-feed", args=[key]))))
    start = events["Club A: Seoul night"].decoded("DTSTART")
    assert start == dt.datetime(2027, 1, 15, 10, 0, tzinfo=dt.UTC)  # 19:00 KST = 10:00 UTC
    assert events["Club A: All day"].decoded("DTSTART") == dt.date(2027, 1, 16)
    assert events["Club A: All day"].decoded("DTEND") == dt.date(2027, 1, 17)


@pytest.mark.skipif(not HAS_ZONES, reason="clubs have no time zone field yet")
def test_two_clubs_in_two_zones_each_start_at_their_own_local_time(client, club_a, club_b,
                                                                    alice, bob):
    Club.objects.filter(pk=club_b.pk).update(time_zone="America/New_York")
    Club.objects.filter(pk=club_a.pk).update(time_zone="Europe/Paris")
    summer = dt.date(2027, 7, 1)
    event_create(game="bluke", club=club_b, name="Summer night", date=summer, user=bob,
                 start_time=dt.time(19, 0))
    event_create(game="bluke", club=club_a, name="Paris night", date=summer, user=alice,
                 start_time=dt.time(19, 0))
    public = _events(_parse(client.get(reverse("calendars:club-feed", args=[club_b.slug]))))
    start = public["Club B: Summer night"].decoded("DTSTART")
    assert start == dt.datetime(2027, 7, 1, 19, 0, tzinfo=ZoneInfo("America/New_York"))
    assert start.astimezone(dt.UTC).hour == 23  # EDT, UTC-4
    key = _key(client, alice)
    private = _events(_parse(client.get(reverse("calendars:player-feed", args=[key]))))
    paris = private["Club A: Paris night"].decoded("DTSTART")
    assert paris.astimezone(dt.UTC) == dt.datetime(2027, 7, 1, 17, 0, tzinfo=dt.UTC)  # CEST


def test_a_new_link_revokes_the_old_one_and_revoking_cuts_it_off(client, club_a, alice):
    EventFactory(club=club_a, date=NEXT_WEEK)
    first = _key(client, alice)
    second = _key(client, alice)
    assert client.get(reverse("calendars:player-feed", args=[first])).status_code == 404
    assert client.get(reverse("calendars:player-feed", args=[second])).status_code == 200
    client.force_login(alice)
    client.post(reverse("calendars:my-calendar"), {"action": "revoke"})
    client.logout()
    assert client.get(reverse("calendars:player-feed", args=[second])).status_code == 404


def test_a_guessed_key_finds_nothing(client, club_a, alice):
    _key(client, alice)
    assert client.get(reverse("calendars:player-feed", args=["guess"])).status_code == 404


def test_a_link_can_be_made_only_for_ones_own_player(club_a, alice, sam):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        calendar_link_create(player=alice.player, user=sam)


def test_a_private_clubs_feed_is_not_public(client, club_a, club_b, bob):
    assert client.get(reverse("calendars:club-feed", args=[club_a.slug])).status_code == 404
    event_create(game="bluke", club=club_b, name="Open night", date=NEXT_WEEK, user=bob)
    feed = _parse(client.get(reverse("calendars:club-feed", args=[club_b.slug])))
    assert list(_events(feed)) == ["Club B: Open night"]
    assert "DESCRIPTION" not in _events(feed)["Club B: Open night"]  # no seats in public


def test_a_moved_night_keeps_its_uid(client, club_b, bob, settings):
    night = event_create(game="bluke", club=club_b, name="Night", date=NEXT_WEEK, user=bob)
    url = reverse("calendars:club-feed", args=[club_b.slug])
    before = _events(_parse(client.get(url)))["Club B: Night"]["UID"]
    event_update(event=night, user=bob, date=NEXT_WEEK + dt.timedelta(days=1),
                 start_time=dt.time(20, 0))
    after = _events(_parse(client.get(url)))["Club B: Night"]
    assert after["UID"] == before
    local = after.decoded("DTSTART").astimezone(ZoneInfo(settings.TIME_ZONE))
    assert (local.date(), local.time()) == (NEXT_WEEK + dt.timedelta(days=1), dt.time(20, 0))


def test_long_lines_fold_without_splitting_a_character():
    line = "SUMMARY:" + "ქართული " * 20
    folded = _fold(line)
    assert all(len(part.encode()) <= 75 for part in folded.split("\r\n"))
    assert folded.replace("\r\n ", "") == line
