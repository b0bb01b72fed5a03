"""Public pages cost the same whatever the club's history, and are served from the cache
until a result changes what they show."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.permissions import SYSTEM
from rankings.models import RatingPool
from rankings.services.player_stats import player_stats_recompute
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.factories import played_record
from tests.league.played_games import T0, night, record_game, scoresheet_hands, table_at
from tournaments.models import ResultSource
from tournaments.services.results import result_submit

pytestmark = pytest.mark.usefixtures("plain_http")

HANDS = scoresheet_hands([(3, [1, 1, 1, 1], [1, 2, 0, 0]), (2, [1, 1, 0, 1], [1, 0, 0, 1])])


def play_history(club, season, people, nights: int):
    """``nights`` weekly nights of two tables each; returns the last night."""
    for week in range(nights):
        when = T0 + datetime.timedelta(weeks=week)
        event = night(club, season, date=when.date())
        record_game(table_at(event, people[:4]), hands=HANDS, played_at=when)
        record_game(table_at(event, people[2:], round_number=2),
                    totals=[40 - week % 4, 30, 20 + week % 3, 10],
                    played_at=when + datetime.timedelta(hours=1))
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    player_stats_recompute(club_id=club.pk)
    return event


def page_urls(club, season, people, event):
    pool = RatingPool.objects.get(club=club)
    return {
        "standings": reverse("league:season-standings", args=[season.pk]),
        "player": reverse("league:player-detail", args=[people[2].pk]),
        "night": reverse("tournaments:event-detail", args=[event.pk]),
        "club": reverse("league:club-detail", args=[club.slug]),
        "leaderboard": reverse("league:rating-pool", args=[pool.pk]),
        "club ratings": reverse("league:club-ratings", args=[club.slug]),
        "api standings": f"/api/v1/seasons/{season.pk}/standings/",
    }


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


def cold_and_warm(client, urls) -> dict[str, tuple[int, int]]:
    counts = {}
    for name, url in urls.items():
        cache.clear()
        counts[name] = (queries(client, url), queries(client, url))
    return counts


def test_every_public_page_costs_the_same_with_one_night_or_twenty(client, club, season,
                                                                   people):
    event = play_history(club, season, people, nights=1)
    short = cold_and_warm(client, page_urls(club, season, people, event))
    event = play_history(club, season, people, nights=20)
    long = cold_and_warm(client, page_urls(club, season, people, event))
    assert long == short


def test_pages_showing_results_are_served_from_the_cache_the_second_time(client, club, season,
                                                                         people):
    event = play_history(club, season, people, nights=3)
    counts = cold_and_warm(client, page_urls(club, season, people, event))
    for name in ("standings", "player", "club", "leaderboard", "club ratings", "api standings"):
        cold, warm = counts[name]
        assert warm < cold, name


def test_the_player_page_lists_results_a_page_at_a_time(client, club, season, people):
    play_history(club, season, people, nights=15)  # 30 games for Cy
    url = reverse("league:player-detail", args=[people[2].pk])
    first = client.get(url).content.decode()
    second = client.get(url, {"g-page": 2}).content.decode()
    assert first.count(">R1 T1<") + first.count(">R2 T1<") == 25
    assert second.count(">R1 T1<") + second.count(">R2 T1<") == 5


def test_the_club_page_lists_nights_a_page_at_a_time(client, club, season, people):
    for week in range(35):
        night(club, season, date=(T0 + datetime.timedelta(weeks=week)).date())
    url = reverse("league:club-detail", args=[club.slug])
    assert "Older nights" in client.get(url).content.decode()
    older = client.get(url, {"page": 2}).content.decode()
    assert "page 2 of 2" in older and "Newer nights" in older


def test_an_unchanged_page_answers_304_and_a_new_result_changes_it(
        client, club, season, people, eager_celery, django_capture_on_commit_callbacks):
    event = play_history(club, season, people, nights=2)
    urls = page_urls(club, season, people, event)
    before = {name: client.get(urls[name]) for name in ("standings", "player", "api standings")}
    for name, response in before.items():
        again = client.get(urls[name], headers={"if-none-match": response["ETag"]})
        assert again.status_code == 304, name

    table = table_at(event, people[1:5], round_number=3)
    names = [s.player.display_name for s in table.seats.order_by("position")]
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(table=table, record=played_record(seed=3, seats=names),
                      source=ResultSource.IMPORT, user=SYSTEM, played_at=T0)

    for name, response in before.items():
        after = client.get(urls[name], headers={"if-none-match": response["ETag"]})
        assert after.status_code == 200, name
        assert after["ETag"] != response["ETag"], name
    games = {row["player_name"]: row["games"]
             for row in client.get(urls["api standings"]).json()["results"]}
    assert games["Bob"] == 3  # one game on each earlier night, and tonight's third round
    assert "R3 T1" in client.get(urls["player"]).content.decode()


def test_viewers_of_a_private_club_do_not_share_a_cached_page(client, django_user_model, club,
                                                              season, people):
    club.is_public = False
    club.save()
    play_history(club, season, people, nights=1)
    url = reverse("league:season-standings", args=[season.pk])
    admin = django_user_model.objects.create_superuser("root", password="pw")
    client.force_login(admin)
    assert client.get(url).status_code == 200
    client.logout()
    assert client.get(url).status_code == 404


def test_a_closed_night_is_served_from_the_cache_and_an_open_one_is_not(client, club, season,
                                                                        people):
    event = play_history(club, season, people, nights=1)
    url = reverse("tournaments:event-detail", args=[event.pk])
    cold, warm = queries(client, url), queries(client, url)
    assert warm == cold  # still open: seats and attendance change without a result
    event.status = "closed"
    event.save()
    cold, warm = queries(client, url), queries(client, url)
    assert warm < cold
    first = client.get(url)
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304
