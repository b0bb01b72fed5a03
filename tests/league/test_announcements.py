"""Announcements of a new season or night: off by default, sent once to the members who
switched them on, in each reader's language; the one-click link switches them off again."""

import datetime

import pytest
from django.urls import reverse

from league.models import NoticeOptOut, PlayerNotice, QueuedMail
from league.services.notices import notice_switch_off, notices_wanted
from league.services.seasons import season_create
from tournaments.services.events import event_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _announced():
    return sorted(QueuedMail.objects.filter(dedupe_key__startswith="announcement:")
                  .values_list("to", "subject"))


def _season(club, user):
    return season_create(club=club, name="Spring", game="bluke", user=user,
                         starts_on=datetime.date(2027, 3, 1), options={"variant": "standard"})


def test_nobody_hears_of_a_new_season_by_default(club_a, alice, players_a):
    assert PlayerNotice.ANNOUNCEMENT not in notices_wanted(players_a[2])
    _season(club_a, alice)
    assert _announced() == []


def test_a_member_who_switched_them_on_hears_of_each_season_and_night_once(
        client, club_a, club_b, alice, bob, pat, players_a):
    client.force_login(pat)
    client.post(reverse("notices:mine"), {"wanted": list(PlayerNotice.values)})
    assert NoticeOptOut.objects.get(player=pat.player, channel="email").on
    season = _season(club_a, alice)
    event_create(club=club_a, season=season, name="Week 1", date=datetime.date(2027, 3, 4),
                 user=alice)
    _season(club_b, bob)  # another club: pat is not a member
    assert _announced() == [("pat@example.org", "New at Club A: Week 1 on 2027-03-04"),
                            ("pat@example.org", "New season at Club A: Spring")]
    mail = QueuedMail.objects.filter(dedupe_key__startswith="announcement:season").get()
    assert "List-Unsubscribe" in mail.headers and mail.club == club_a


def test_the_one_click_link_switches_announcements_off_again(club_a, alice, pat, players_a,
                                                             client):
    client.force_login(pat)
    client.post(reverse("notices:mine"), {"wanted": [PlayerNotice.ANNOUNCEMENT]})
    notice_switch_off(player=pat.player, notice=PlayerNotice.ANNOUNCEMENT)
    notice_switch_off(player=pat.player, notice=PlayerNotice.ANNOUNCEMENT)  # twice: harmless
    assert PlayerNotice.ANNOUNCEMENT not in notices_wanted(pat.player)
    assert not NoticeOptOut.objects.filter(player=pat.player,
                                       notice=PlayerNotice.ANNOUNCEMENT).exists()  # default
    _season(club_a, alice)
    assert _announced() == []
