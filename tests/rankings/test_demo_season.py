"""The demo season: a club, weekly league nights seated by rotation, every table played."""

import io

import pytest
from django.core.management import call_command

from games import rules
from league.models import Club
from tournaments.models import Event, EventStatus, ResultSource, ResultStatus, Table, TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def run_demo(*args):
    out = io.StringIO()
    call_command("demo_season", "--players", "8", "--weeks", "2", "--seed", "1", *args,
                 stdout=out, stderr=io.StringIO(), verbosity=0)
    return out.getvalue()


def test_it_builds_a_public_club_whose_every_table_is_a_checked_bot_game(eager_celery):
    run_demo()
    club = Club.objects.get(slug="demo-bluke-club")
    assert club.is_public and club.name == "Demo Bluke Club"
    events = Event.objects.filter(club=club)
    assert events.count() == 2 and all(e.seating and e.seating["seed"] is not None
                                       for e in events)
    assert all(e.status == EventStatus.CLOSED for e in events)  # each night closed when played
    tables = Table.objects.filter(round__event__club=club)
    games = TableResult.objects.filter(table__in=tables)
    assert tables.count() > 0 and games.count() == tables.count()
    for game in games:
        assert game.source == ResultSource.BOT and game.status == ResultStatus.COMPLETE
        report = rules.check_record(game.record)
        assert report.valid and report.complete


def test_it_does_nothing_the_second_time_with_if_missing(eager_celery):
    run_demo()
    games = TableResult.objects.count()
    assert "nothing to do" in run_demo("--if-missing")
    assert TableResult.objects.count() == games


def test_a_further_joker_season_is_seated_at_fours_played_and_ranked(eager_celery):
    from league.models import Season
    from rankings.models import StandingRow

    run_demo("--weeks", "1", "--rounds", "1", "--also", "joker:1")
    season = Season.objects.get(game="joker")
    games = TableResult.objects.filter(table__round__event__season=season).prefetch_related(
        "table__seats")
    assert games.exists()
    for game in games:
        assert game.table.seats.count() == 4  # Joker is a game of four; the seating knows it
        assert game.record["game"] == "joker"
        assert rules.check_record(game.record).valid
        assert game.hands.count() == 24  # the four sets, stored hand by hand
    seated = {seat.player_id for game in games for seat in game.table.seats.all()}
    assert set(StandingRow.objects.filter(season=season).values_list("player_id", flat=True)) \
        == seated


def test_an_unknown_further_game_is_refused_by_name():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--also whist: unknown game"):
        run_demo("--also", "whist")


def test_a_short_night_of_a_later_game_is_played_at_two_tables(eager_celery):
    from league.models import Season

    out = run_demo("--weeks", "1", "--rounds", "1", "--short", "joker")
    season = Season.objects.get(game="joker")
    games = TableResult.objects.filter(table__round__event__season=season)
    assert games.count() == 2 and all(g.status == ResultStatus.COMPLETE for g in games)
    assert "Georgian Joker: one night, 8 players" in out


def test_a_duplicate_night_is_played_on_the_same_boards_and_ranked_by_matchpoints(
        eager_celery):
    from rankings.selectors_divisions import night_standings_by_division
    from tournaments.models import EventFormat

    out = run_demo("--weeks", "1", "--rounds", "1", "--players", "12", "--duplicate", "bluke")
    event = Event.objects.get(format=EventFormat.DUPLICATE)
    assert event.status == EventStatus.CLOSED and event.boards_per_round == 6
    assert event.rounds.count() == 2 and all(r.boards.count() == 6 for r in event.rounds.all())
    games = TableResult.objects.filter(table__round__event=event)
    assert games.count() == 6 and all(g.hands.count() == 6 for g in games)
    [(_division, items)] = night_standings_by_division(event)
    assert len(items) == 12 and 0 <= items[-1].line.percentage <= items[0].line.percentage
    assert "Duplicate Bluke: one night, 12 players, 6 boards a round." in out


def test_a_game_whose_bots_fail_is_skipped_with_a_printed_line(eager_celery, monkeypatch):
    from league.models import Season
    from rankings.management.commands import demo_season

    real = demo_season.table_play_with_bots

    def broken(*, table):
        if table.game == "joker":
            raise RuntimeError("the bot lost its cards")
        return real(table=table)

    monkeypatch.setattr(demo_season, "table_play_with_bots", broken)
    out = run_demo("--weeks", "1", "--rounds", "1", "--short", "joker")
    assert "Skipped Georgian Joker (joker): RuntimeError: the bot lost its cards" in out
    assert not Season.objects.filter(game="joker").exists()  # rolled back, nothing half-made


def test_the_demo_setup_plays_every_later_game_in_a_short_night():
    from rankings.management.commands.demo_setup import every_other_game

    args = every_other_game()
    assert args[:6] == ["--also", "back-alley:1", "--also", "back-alley-individual:1",
                        "--also", "joker:2"]
    named = {args[i + 1].split(":")[0] for i in range(0, len(args), 2)}
    assert named == set(rules.GAMES) - {"bluke"}


def test_the_demo_bots_end_every_match_to_a_target_by_its_rules(eager_celery):
    """The demo's Pitch night once ran into the hand limit (complete, 200 hands, no side
    at the target): a random player on each side sank both. Every game whose match runs
    to a target now ends by its rules, with a winner the rules name."""
    from league.models import Season

    limited = sorted(name for name, cls in rules.GAMES.items() if rules.writes_summaries(cls)
                     and getattr(rules.load(name, players=cls.min_players).ending, "limit",
                                 None))
    assert "pitch" in limited
    out = run_demo("--weeks", "1", "--rounds", "1",
                   *[arg for name in limited for arg in ("--short", name)])
    assert "Skipped" not in out
    for name in limited:
        season = Season.objects.get(game=name)
        games = TableResult.objects.filter(table__round__event__season=season)
        assert games.count() == 2, name
        for game in games:
            report = rules.check_record(game.record)
            assert report.valid and report.complete and report.winner, (name, report.errors)
            assert game.status == ResultStatus.COMPLETE and "places" in game.record
            limit = rules.load(name, **game.record["options"]).ending.limit
            assert len(game.record["hands"]) < limit
    pitch = TableResult.objects.filter(table__round__event__season__game="pitch")
    for game in pitch:  # the side placed first bid out: it stands at the target
        target = game.record["options"]["target"]
        first = game.record["places"].index(1)
        assert game.record["totals"][first] >= target
