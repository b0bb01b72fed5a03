"""A season's final: the top of the standings, seeded in standings order, played as a
knockout whose matches do not change the standings that seeded it."""

from __future__ import annotations

import datetime
import itertools

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from rankings.models import StandingRow
from rankings.services.finals import final_create
from rankings.services.standings import standings_recompute
from tests.factories import RoundFactory, SeasonFactory, row_counts, seated_table
from tests.tournaments.brackets.helpers import GAME, entrants, win
from tournaments.models import Bracket, BracketEntrant, BracketMatch, EventKind

FINAL = {"name": "Spring final", "date": datetime.date(2026, 6, 1)}


pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def played_season(club_a, alice, sam):
    """Five players, everyone against everyone once; the better seed always wins, so the
    standings are Seed 1 to Seed 5 in order."""
    season = SeasonFactory(club=club_a, game=GAME, options={})
    players = entrants(club_a, 5)
    night = club_a.events.create(season=season, name="Night 1", date="2026-03-02",
                                 game=GAME, options={})
    for a, b in itertools.combinations(players, 2):
        table = seated_table(club_a, [b, a], game=GAME, round=RoundFactory(event=night))
        win(table, a, user=sam)
    standings_recompute(season_id=season.pk)  # what the follow-up drain does after commit
    return season, players


def seeds(bracket):
    return [(e.seed, e.player.display_name, e.standing_rank)
            for e in BracketEntrant.objects.filter(bracket=bracket).select_related("player")]


def test_the_top_of_the_standings_are_seeded_in_order(played_season, alice):
    season, _players = played_season
    bracket = final_create(season=season, user=alice, **FINAL,
                           entrants=4, format="single", consolation=True)
    assert seeds(bracket) == [(1, "Seed 1", 1), (2, "Seed 2", 2), (3, "Seed 3", 3),
                              (4, "Seed 4", 4)]
    assert bracket.season == season and bracket.event.kind == EventKind.TOURNAMENT
    assert bracket.event.season is None and bracket.event.game == GAME


def test_the_finals_results_leave_the_season_standings_alone(played_season, alice, sam):
    season, players = played_season
    bracket = final_create(season=season, user=alice, **FINAL,
                           entrants=2, format="single")
    before = list(StandingRow.objects.filter(season=season).values_list("player", "points"))
    assert len(before) == 5
    table = BracketMatch.objects.get(bracket=bracket, key="W1-1").table
    win(table, players[1], user=sam)
    standings_recompute(season_id=season.pk)
    assert list(StandingRow.objects.filter(season=season)
                .values_list("player", "points")) == before


def test_a_season_without_results_has_nobody_to_send_to_a_final(club_a, alice):
    season = SeasonFactory(club=club_a, game=GAME, options={})
    players = entrants(club_a, 3)
    night = club_a.events.create(season=season, name="Night", date="2026-03-02", game=GAME,
                                 options={})
    for player in players:  # seated, but no result: nobody has a line in the standings
        seated_table(club_a, [player], game=GAME, round=RoundFactory(event=night))
    with pytest.raises(ValidationError) as refused:
        final_create(season=season, user=alice, entrants=2, format="single", **FINAL)
    assert "0 qualified players" in str(refused.value.message_dict["entrants"])


def test_it_refuses_more_entrants_than_the_standings_hold(played_season, alice):
    season, _players = played_season
    with pytest.raises(ValidationError) as refused:
        final_create(season=season, user=alice, entrants=6, format="double", **FINAL)
    assert "5 qualified players, fewer than the 6" in str(
        refused.value.message_dict["entrants"])


def test_only_the_clubs_organisers_draw_a_final(played_season, sam, bob):
    season, _players = played_season
    for user in (sam, bob):
        with pytest.raises(PermissionDenied):
            final_create(season=season, user=user, entrants=4, format="single", **FINAL)


def test_the_organisers_page_draws_the_final_and_shows_its_bracket(played_season, client):
    season, _players = played_season
    client.force_login(season.club.memberships.get(player__display_name="Alice")
                       .player.user)
    page = client.get(reverse("league:season-final-new", args=[season.pk]) + "?entrants=5")
    assert page.status_code == 200
    assert "Seed 1" in page.text and "rank 1" in page.text
    answer = client.post(reverse("league:season-final-new", args=[season.pk]), {
        "name": "Spring final", "date": "2026-06-01", "entrants": 5, "format": "single",
        "consolation": "on"})
    assert answer.status_code == 302
    bracket_page = client.get(answer.url)
    assert bracket_page.status_code == 200
    assert 'id="match-W1-2"' in bracket_page.text  # seed 4 v seed 5; 1 to 3 have byes
    season_page = client.get(reverse("league:season-detail", args=[season.pk]))
    assert "Spring final" in season_page.text


def test_the_page_names_the_field_it_refuses(played_season, client):
    season, _players = played_season
    client.force_login(season.club.memberships.get(player__display_name="Alice")
                       .player.user)
    answer = client.post(reverse("league:season-final-new", args=[season.pk]), {
        "name": "Spring final", "date": "2026-06-01", "entrants": 9, "format": "single"})
    assert answer.status_code == 200
    assert "fewer than the 9 entrants" in answer.text


@pytest.mark.parametrize("persona, status", [("sam", 403), ("bob", 404), ("pat", 403)])
def test_the_page_is_for_the_clubs_organisers(played_season, client, request, persona,
                                              status):
    season, _players = played_season
    client.force_login(request.getfixturevalue(persona))
    answer = client.get(reverse("league:season-final-new", args=[season.pk]))
    assert answer.status_code == status


PERSONAS = ["olga", "alice", "sam", "pat", "bob", "anonymous"]


@pytest.mark.parametrize("persona", PERSONAS)
def test_drawing_a_final_is_for_the_clubs_organisers_and_a_refusal_changes_nothing(
        played_season, client, request, olga, persona):
    season, _players = played_season
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    before = row_counts()
    answer = client.post(reverse("league:season-final-new", args=[season.pk]), {
        "name": "Spring final", "date": "2026-06-01", "entrants": 4, "format": "double"})
    expected = {"olga": 302, "alice": 302, "sam": 403, "pat": 403, "bob": 404,
                "anonymous": 302}[persona]
    assert answer.status_code == expected
    if persona in ("olga", "alice"):
        assert Bracket.objects.filter(season=season, format="double").count() == 1
    else:
        assert row_counts() == before
        assert not Bracket.objects.exists()


@pytest.mark.parametrize("field, value, message", [
    ("entrants", "-1", "greater than or equal to 2"),
    ("entrants", "9" * 30, "less than or equal to 128"),
    ("entrants", "four", "Enter a whole number"),
    ("format", "triple", "Select a valid choice"),
    ("format", "", "This field is required"),
    ("date", "2026-02-30", "Enter a valid date"),
    ("name", "x" * 500, "at most 120 characters"),
    ("name", "   ", "This field is required"),
    ("consolation", "on", "needs single elimination"),  # with double elimination
])
def test_bad_input_is_refused_with_the_fields_name_and_nothing_is_written(
        played_season, client, alice, field, value, message):
    season, _players = played_season
    client.force_login(alice)
    body = {"name": "Spring final", "date": "2026-06-01", "entrants": "4",
            "format": "double", field: value}
    before = row_counts()
    answer = client.post(reverse("league:season-final-new", args=[season.pk]), body)
    assert answer.status_code == 200
    assert message in str(answer.context["form"].errors.get(field))
    assert row_counts() == before


@pytest.mark.parametrize("entrants", ["9" * 30, "-5", "x", ""])
def test_the_preview_survives_any_number_in_the_address(played_season, client, alice,
                                                        entrants):
    season, _players = played_season
    client.force_login(alice)
    answer = client.get(reverse("league:season-final-new", args=[season.pk]),
                        {"entrants": entrants})
    assert answer.status_code == 200


def test_a_season_of_a_game_for_four_sends_its_top_to_a_group_knockout(club_a, alice, sam):
    from tests.factories import played_record
    from tournaments.services.results import result_submit

    season = SeasonFactory(club=club_a, game="bluke", options={"variant": "new-jersey"})
    players = entrants(club_a, 8)
    night = club_a.events.create(season=season, name="Night", date="2026-03-02",
                                 game="bluke", options=season.options)
    for seed, group in enumerate((players[:4], players[4:]), start=1):
        table = seated_table(club_a, group, game="bluke", options=season.options,
                             round=RoundFactory(event=night))
        result_submit(table=table, record=played_record(
            "bluke", 4, seed=seed, seats=[p.display_name for p in group], **season.options),
            source="form", user=sam)
    bracket = final_create(season=season, user=alice, entrants=8, format="groups",
                           table_size=4, drop=2, **FINAL)
    assert (bracket.format, bracket.table_size, bracket.drop) == ("groups", 4, 2)
    assert [e.standing_rank for e in BracketEntrant.objects.filter(bracket=bracket)] == [
        row.rank for row in StandingRow.objects.filter(season=season)
        .order_by("rank", "player__display_name", "player_id")]
    assert BracketMatch.objects.filter(bracket=bracket).count() == 2  # round 1: two tables
