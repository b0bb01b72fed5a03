"""A club that plays many games: pages name games by their titles, a player's results carry
the game and link to the table, and statistics exist for every game, not only Bluke's."""

import pytest
from django.urls import reverse

from league.models import Membership, Player, Season
from league.permissions import SYSTEM
from rankings.demo_games import short_options
from rankings.models import PlayerGameStat, PlayerStats
from rankings.services.player_stats import player_stats_recompute
from rankings.services.ratings import ratings_recompute
from tests.factories import EventFactory, RoundFactory, seated_table
from tests.league.played_games import T0
from tournaments.models import ResultSource
from tournaments.services.results import result_submit

pytestmark = pytest.mark.usefixtures("plain_http")

GAMES = {"mighty": 5, "california-jack": 2}


def _played(game: str, size: int, options: dict, names: list[str]) -> dict:
    """A whole match by random legal play (`played_record` keeps Mighty's `hands` option
    for itself)."""
    import random

    from games import rules

    state = rules.load(game, players=size, **options).new_match(4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record(names)


@pytest.fixture
def nights(club, people):
    """Mighty (five players) and California Jack (two) at one club, played to the end."""
    extra = Player.objects.create(display_name="Gil")
    Membership.objects.create(club=club, player=extra)
    seated = [*people, extra]
    tables = {}
    for game, size in GAMES.items():
        options = short_options(game)
        event = EventFactory(club=club, game=game, options=options, name=f"Night of {size}",
                             date=T0.date())
        table = seated_table(club, seated[:size], game=game, options=options,
                             round=RoundFactory(event=event, published=True))
        record = _played(game, size, options, [p.display_name for p in seated[:size]])
        result_submit(table=table, record=record, source=ResultSource.IMPORT, user=SYSTEM)
        tables[game] = table
    player_stats_recompute(club_id=club.pk)
    ratings_recompute(club_id=club.pk)
    return tables


def test_the_club_and_night_pages_name_games_by_title(client, club, nights):
    html = client.get(reverse("league:club-detail", args=[club.slug])).content.decode()
    assert "California Jack" in html and "Mighty" in html
    assert ">california-jack<" not in html and ">mighty<" not in html
    night = client.get(reverse("tournaments:event-detail",
                               args=[nights["mighty"].round.event_id])).content.decode()
    assert "· Mighty (" in night  # the title, then the options this night plays


def test_the_season_header_and_table_cards_name_the_game_and_its_options(client, club, nights):
    season = Season.objects.create(club=club, name="Ribs winter", game="ribs",
                                   options={"hands_to_win": 2}, starts_on=T0.date())
    html = client.get(reverse("league:season-detail", args=[season.pk])).content.decode()
    assert "Ribs (hands to win: 2)" in html and "hands_to_win" not in html
    cards = client.get(reverse("tournaments:table-cards",
                               args=[nights["california-jack"].round.event_id])).content.decode()
    assert "California Jack" in cards and "california-jack" not in cards.split("<body")[1]


def test_the_ratings_pools_are_named_by_game_title(client, club, nights):
    html = client.get(reverse("league:club-ratings", args=[club.slug])).content.decode()
    assert "California Jack (target:" in html and "Mighty (" in html
    assert "california-jack" not in html.split("<main")[1]


def test_a_players_results_carry_the_game_and_link_to_the_table(client, nights, people):
    html = client.get(reverse("league:player-detail", args=[people[0].pk])).content.decode()
    for game, table in nights.items():
        assert reverse("tournaments:table-scoresheet", args=[table.pk]) in html, game
    results = html.split("player-games")[1]
    assert "Mighty" in results and "California Jack" in results


def test_a_player_has_statistics_for_every_game_played(client, nights, people):
    html = client.get(reverse("league:player-detail", args=[people[0].pk])).content.decode()
    assert "No hands recorded yet" not in html and "No games recorded yet" not in html
    stats = html.split('class="stats by-game"')[1].split("</table>")[0]
    assert "Mighty" in stats and "California Jack" in stats
    line = PlayerStats.objects.get(player=people[0]).by_game
    assert set(line) == set(GAMES)
    for game, table in nights.items():
        result = table.result
        seat = 0  # people[0] sits first at every table
        assert line[game]["games"] == 1
        assert line[game]["hands"] == len(result.record["hands"]) > 0
        assert line[game]["firsts"] == (result.ranks[seat] == 1)


def test_only_the_bluke_family_shows_the_bidding_block(client, nights, people):
    html = client.get(reverse("league:player-detail", args=[people[4].pk])).content.decode()
    assert "Mighty" in html and "By hand size" not in html  # Eve played Mighty only


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_game_lines_of_rows_stored_before_it(club, nights, people):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    PlayerGameStat.objects.update(game_name="", hands_played=0)
    PlayerStats.objects.update(by_game={})
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("rankings", "0002_player_game_stat_version")])
        executor.loader.build_graph()
        executor.migrate([("rankings", "0003_player_stats_by_game")])
        assert set(PlayerGameStat.objects.values_list("game_name", flat=True)) == set(GAMES)
        assert set(PlayerStats.objects.get(player=people[0]).by_game) == set(GAMES)
        assert PlayerStats.objects.get(player=people[0]).by_game["mighty"]["hands"] == len(
            nights["mighty"].result.record["hands"])
    finally:
        # Back to the latest schema: the tests after this one in the same process
        # (pytest -n 2 --dist loadfile) need every later migration's tables and columns.
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


def test_rows_without_a_result_still_count_their_game_and_hands():
    from rankings.services.player_stats import add_to_game_line

    by_game = {}
    add_to_game_line(by_game, "mighty", 10, 7.0, 1.0)
    add_to_game_line(by_game, "mighty", 8, None, None)
    add_to_game_line(by_game, "mighty", 10, -3.0, 2.0)
    assert by_game["mighty"] == {"games": 3, "firsts": 1, "hands": 28, "scored": 2,
                                 "score": 4.0, "best": 7.0, "places": 3.0}
