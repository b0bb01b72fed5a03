"""A small world for the API tests: two clubs, each with a stored game and a free table."""

import pytest
from django.core.cache import cache

from league.permissions import SYSTEM
from tests.factories import SeasonFactory, played_record, seated_table
from tournaments.services.results import result_submit


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()  # throttling counts live in the cache; each test starts from zero


@pytest.fixture
def world(club_a, club_b, players_a, players_b, token_b):
    table_a = seated_table(club_a, players_a)
    table_b = seated_table(club_b, players_b)
    game_a = result_submit(table=table_a, record=played_record(seed=1), source="bot",
                           user=SYSTEM).game
    game_b = result_submit(table=table_b, record=played_record(seed=2), source="bot",
                           user=SYSTEM).game
    return {
        "club_a": club_a, "club_b": club_b,
        "season_a": SeasonFactory(club=club_a), "season_b": SeasonFactory(club=club_b),
        "table_a": table_a, "table_b": table_b, "game_a": game_a, "game_b": game_b,
        "free_a": seated_table(club_a, players_a, round=table_a.round),
        "free_b": seated_table(club_b, players_b, round=table_b.round),
        "players_a": players_a, "players_b": players_b,
    }


@pytest.fixture
def seat_a(world, alice):
    """The seat token of club A's free table, seat 1 (its player is the first of players_a):
    the persona `seat_a` of the permission matrix."""
    from tournaments.services.seat_links import seat_links_for_event, seat_token

    links = seat_links_for_event(event=world["free_a"].round.event, user=alice)
    return seat_token(next(link for link in links
                           if link.seat.table_id == world["free_a"].pk and link.seat.position == 0))
