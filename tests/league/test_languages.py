"""Which language and time zone a page is shown in: the switcher (Django's set_language),
the person's own language, the club's, the browser's Accept-Language; and a club's zone
for its times, whatever the server's (config.page_locale)."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Club, Player
from league.services.languages import player_set_language
from tests.factories import EventFactory, api_token, seated_table
from tournaments.selectors_night import player_upcoming_nights

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _lang(response) -> str:
    html = response.content.decode()
    start = html.index("<html lang=\"") + len("<html lang=\"")
    return html[start:html.index('"', start)]


def test_a_visitor_gets_the_language_their_browser_asks_for(client, club_b):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9,en;q=0.5")
    assert _lang(page) == "ko" and 'dir="ltr"' in page.content.decode()
    assert page["Content-Language"] == "ko" and "Accept-Language" in page["Vary"]
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="xx")) == "en"


def test_every_page_has_a_switcher_that_posts_to_set_language(client, club_b):
    html = client.get(reverse("league:club-detail", args=[club_b.slug])).content.decode()
    assert f'action="{reverse("set_language")}"' in html and 'name="language"' in html
    for code, name in (("ka", "ქართული"), ("ko", "한국어"), ("hi", "हिन्दी"), ("nl", "Nederlands")):
        assert f'value="{code}" lang="{code}"' in html and name in html


def test_a_visitor_who_switches_keeps_the_language_without_a_login(client, club_b):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ko")) == "fr"


def test_a_logged_in_person_who_switches_gets_it_on_every_device(client, alice):
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "ka", "next": "/me/"})
    assert Player.objects.get(user=alice).language == "ka"
    from django.test import Client

    other_device = Client()
    other_device.force_login(alice)
    assert _lang(other_device.get("/me/", HTTP_ACCEPT_LANGUAGE="en")) == "ka"


def test_a_logged_in_switch_needs_the_forms_token(alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(reverse("set_language"), {"language": "ru"}).status_code == 403
    assert Player.objects.get(user=alice).language == ""


def test_an_unknown_language_is_refused_naming_the_field(alice):
    with pytest.raises(ValidationError) as refused:
        player_set_language(user=alice, language="tlh")
    assert "language" in refused.value.message_dict


def test_a_clubs_language_is_the_default_of_its_pages(client, club_b):
    Club.objects.filter(pk=club_b.pk).update(language="ko")
    club_page = reverse("league:club-detail", args=[club_b.slug])
    assert _lang(client.get(club_page, HTTP_ACCEPT_LANGUAGE="en")) == "ko"
    # other pages follow the browser, and a visitor's own choice beats the club's
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "en"
    client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    assert _lang(client.get(club_page)) == "nl"


def test_cached_club_pages_are_kept_per_language(client, club_b):
    club_page = reverse("league:club-detail", args=[club_b.slug])
    assert _lang(client.get(club_page, HTTP_ACCEPT_LANGUAGE="ru")) == "ru"
    assert _lang(client.get(club_page, HTTP_ACCEPT_LANGUAGE="bn")) == "bn"
    assert _lang(client.get(club_page, HTTP_ACCEPT_LANGUAGE="ru")) == "ru"


def test_a_clubs_printed_cards_are_in_the_clubs_language_whoever_prints(client, club_a, alice,
                                                                       players_a):
    Club.objects.filter(pk=club_a.pk).update(language="ko")
    player_set_language(user=alice, language="en")
    table = seated_table(club_a, players_a)
    client.force_login(alice)
    event = table.round.event
    cards = client.get(reverse("tournaments:table-cards", args=[event.pk]))
    assert cards.status_code == 200 and _lang(cards) == "ko"
    # her other pages stay in her own language
    assert _lang(client.get(reverse("tournaments:event-detail", args=[event.pk]))) == "en"


def test_a_clubs_times_are_shown_in_its_zone_whatever_the_servers(client, settings, club_a,
                                                                  alice):
    settings.TIME_ZONE = "UTC"
    Club.objects.filter(pk=club_a.pk).update(time_zone="Asia/Seoul")
    token, _ = api_token(club_a)
    noon_utc = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.UTC)
    type(token).objects.filter(pk=token.pk).update(created_at=noon_utc)
    client.force_login(alice)
    html = client.get(reverse("organiser:club-tokens", args=[club_a.slug])).content.decode()
    assert "2026-11-28 21:00" in html and "2026-11-28 12:00" not in html


def test_a_time_zone_must_be_a_real_one():
    club = Club(name="Moon", slug="moon", time_zone="Mars/Olympus")
    with pytest.raises(ValidationError) as refused:
        club.full_clean()
    assert "time_zone" in refused.value.message_dict


def test_tonight_on_my_nights_is_the_clubs_tonight(club_a, pat):
    Club.objects.filter(pk=club_a.pk).update(time_zone="Pacific/Kiritimati")  # UTC+14
    club_a.refresh_from_db()
    # 11:00 UTC on 28 November is already 01:00 on the 29th in Kiritimati
    now = datetime.datetime(2026, 11, 28, 11, 0, tzinfo=datetime.UTC)
    EventFactory(club=club_a, date=datetime.date(2026, 11, 28), name="Yesterday there")
    EventFactory(club=club_a, date=datetime.date(2026, 11, 29), name="Tonight there")
    nights = player_upcoming_nights(pat.player, now=now)
    assert [(n.event.name, n.tonight) for n in nights] == [("Tonight there", True)]


def test_a_club_made_through_the_api_keeps_its_language_and_zone(client_as, alice):
    api = client_as("alice")
    made = api.post("/api/v1/clubs/", {"name": "Seoul Mighty", "language": "ko",
                                        "time_zone": "Asia/Seoul"}, format="json")
    assert made.status_code == 201, made.content
    club = Club.objects.get(pk=made.json()["id"])
    assert (club.language, club.time_zone) == ("ko", "Asia/Seoul")
    refused = api.post("/api/v1/clubs/", {"name": "Moon", "time_zone": "Mars/Olympus"},
                       format="json")
    assert refused.status_code == 400 and "time_zone" in refused.content.decode()
    assert not Club.objects.filter(name="Moon").exists()


def test_a_clubs_leaderboard_is_one_of_its_pages(client, club_b):
    from rankings.models import RatingPool

    Club.objects.filter(pk=club_b.pk).update(language="hi", time_zone="Asia/Kolkata")
    pool = RatingPool.objects.create(club=club_b, game="bluke", variant="{}")
    page = client.get(reverse("league:rating-pool", args=[pool.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and _lang(page) == "hi"
