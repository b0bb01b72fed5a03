"""A duplicate night enters its season's standings as the night's own standings rank it:
one result per player (or fixed partnership) by matchpoint percentage, counting for each
table played there, beside an ordinary night counted table by table."""

import datetime

import pytest

from league.models import Club, Season
from rankings.models import StandingRow
from rankings.selectors_duplicate import duplicate_lines
from rankings.services.standings import standings_recompute
from rankings.standings import placement_points
from rankings.standings.duplicate import BoardResult, DuplicateLine, night_game
from tests.league.played_games import night, record_game, table_at
from tests.tournaments.duplicate.helpers import bots
from tournaments.models import EventFormat, EventKind, Table, TableResult
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_create
from tournaments.services.seating import event_plan_seating


@pytest.fixture
def quiet(club_b):
    """No hand review (it would play the bots for minutes, eagerly)."""
    Club.objects.filter(pk=club_b.pk).update(reviews_on=False)
    club_b.refresh_from_db()
    return club_b


def season_of(club, game):
    return Season.objects.create(
        club=club, name="Winter", game=game, starts_on=datetime.date(2026, 11, 1)
    )


def duplicate_season_night(season, organiser, players, *, rounds=2, boards=2):
    event = event_create(
        club=season.club,
        season=season,
        name="Duplicate",
        date=datetime.date(2026, 11, 27),
        user=organiser,
        kind=EventKind.LEAGUE_NIGHT,
        format=EventFormat.DUPLICATE,
        boards_per_round=boards,
    )
    event_plan_seating(
        event=event, players=players, rounds=rounds, seed=3, user=organiser, time_budget=0.2
    )
    for table in Table.objects.filter(round__event=event):
        table_play_with_bots(table=table)
    return event


def rows(season):
    return {row.player_id: row for row in StandingRow.objects.filter(season=season)}


@pytest.mark.django_db
def test_a_season_of_one_duplicate_night_and_one_ordinary_night(quiet, bob, eager_celery):
    season = season_of(quiet, "bluke")
    players = bots(quiet, 8)
    event = duplicate_season_night(season, bob, players)
    assert TableResult.objects.filter(table__round__event=event).count() == 4
    ordinary = night(quiet, season, date=datetime.date(2026, 11, 20))
    record_game(table_at(ordinary, players[:4]), totals=[80, 40, 120, 50])
    standings_recompute(season_id=season.pk)

    lines = duplicate_lines(event)
    assert len(lines) == 8
    # The night's places by percentage, 7 down to 1 over its eight players (equal
    # percentages share), for each of the two tables everyone played there.
    night_points = dict(
        zip(
            [ln.player_id for ln in lines], placement_points([ln.rank for ln in lines]), strict=True
        )
    )
    table_points = dict(zip([p.pk for p in players[:4]], [5, 1, 7, 3], strict=True))
    table_places = dict(zip([p.pk for p in players[:4]], [2, 4, 1, 3], strict=True))
    got = rows(season)
    assert set(got) == {p.pk for p in players}
    for line in lines:
        row = got[line.player_id]
        expected = 2 * night_points[line.player_id] + table_points.get(line.player_id, 0)
        assert row.points == pytest.approx(expected)
        assert row.games == 2 + (line.player_id in table_points)
        assert row.nights == 1 + (line.player_id in table_points)
        places = {line.rank: 2}
        if line.player_id in table_places:
            place = table_places[line.player_id]
            places[place] = places.get(place, 0) + 1
        assert row.places == {str(k): v for k, v in sorted(places.items())}
    # Among those who played only the duplicate night, a better percentage never
    # stands lower in the season.
    only_night = [ln for ln in lines if ln.player_id not in table_points]
    for a in only_night:
        for b in only_night:
            if a.percentage > b.percentage + 1e-9:
                assert got[a.player_id].rank < got[b.player_id].rank


@pytest.mark.django_db
def test_fixed_partnerships_enter_the_season_as_one_side_each(quiet, bob, eager_celery):
    season = season_of(quiet, "back-alley")
    event = duplicate_season_night(season, bob, bots(quiet, 8), rounds=2, boards=2)
    standings_recompute(season_id=season.pk)
    lines = {ln.player_id: ln for ln in duplicate_lines(event)}
    got = rows(season)
    assert set(got) == set(lines)
    percentages = sorted({round(ln.percentage, 9) for ln in lines.values()}, reverse=True)
    for player, line in lines.items():
        # Four partnerships: 7, 5, 3 or 1 a table by their place among the sides.
        better = sum(1 for ln in lines.values() if ln.percentage > line.percentage + 1e-9)
        place = 1 + better // 2
        equal = sum(1 for ln in lines.values() if abs(ln.percentage - line.percentage) < 1e-9) // 2
        share = sum([7, 5, 3, 1][place - 1 : place - 1 + equal]) / equal
        assert got[player].points == pytest.approx(2 * share)
        assert got[player].games == 2
    assert len(percentages) <= 4


def results(*rows):
    return [BoardResult(round=1, board=b, group=g, side=side, score=s) for b, g, side, s in rows]


def line(player, matchpoints, top):
    return DuplicateLine(player, matchpoints=matchpoints, top=top)


def test_the_night_result_places_sides_by_percentage_and_counts_their_tables():
    board = results((1, 0, (1, 3), 10), (1, 1, (2, 4), 0), (1, 0, (5, 7), 4), (1, 1, (6, 8), 6))
    lines = [
        line(1, 1, 1),
        line(3, 1, 1),
        line(6, 1, 1),
        line(8, 1, 1),
        line(2, 0, 1),
        line(4, 0, 1),
        line(5, 0, 1),
        line(7, 0, 1),
    ]
    tables = {p: [100.0, 50.0] for p in range(1, 9)}
    tables[9] = [30.0]  # a complete table whose boards were not scored: 50 %
    game = night_game(board, lines, tables, game_id=11, night=4)
    by_players = {side.players: side for side in game.sides}
    assert set(by_players) == {(1, 3), (6, 8), (9,), (2, 4), (5, 7)}
    assert [by_players[s].rank for s in ((1, 3), (6, 8), (9,), (2, 4), (5, 7))] == [1, 1, 3, 4, 4]
    assert by_players[(1, 3)].games == 2 and by_players[(1, 3)].score == 75.0
    assert by_players[(9,)].games == 1 and by_players[(9,)].score == 30.0
    assert game.night == 4 and game.game_id == 11


def test_players_of_no_complete_table_are_left_out_of_the_night_result():
    board = results((1, 0, (1,), 10), (1, 0, (2,), 0))
    lines = [line(1, 1, 1), line(2, 0, 1)]
    game = night_game(board, lines, {2: [5.0]}, game_id=1, night=1)
    assert [side.players for side in game.sides] == [(2,)]
    assert night_game(board, lines, {}, game_id=1, night=1) is None
