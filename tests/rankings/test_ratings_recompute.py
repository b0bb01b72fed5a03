"""Full recompute: same sides as the standings code, and on PostgreSQL a partition swapped in."""

import datetime
import random

import pytest
from django.db import connection, connections

from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.services.ratings import ratings_recompute, ratings_update_for_game
from rankings.services.ratings import rebuild as rebuild_module
from rankings.services.ratings.games import _rated
from rankings.services.ratings.rebuild import partition_name
from rankings.standings.sides import build_sides
from tests.league.played_games import T0, night, record_game, table_at

SINGLES = [[0], [1], [2], [3]]
PAIRS = [[0, 2], [1, 3]]


@pytest.mark.parametrize(("players", "teams", "ranks"), [
    ([1, 2, 3, 4], SINGLES, [1, 2, 3, 4]),
    ([1, 2, 3, 4], SINGLES, [1.5, 1.5, 3, 4]),
    ([1, 2, 3, 4], PAIRS, [1, 2, 1, 2]),  # per seat
    ([1, 2, 3, 4], PAIRS, [2, 1]),  # per side
    ([1, None, 3, 4], SINGLES, [1, 2, 3, 4]),  # an empty seat
    ([], SINGLES, [1, 2, 3, 4]),
    ([1, 2, 3], SINGLES, [1, 2, 3]),  # a team seat beyond the table
    ([1, 2, 3, 4], [[0, 1, 2, 3]], [1]),  # one side only
    ([1, 2, 3, 4], SINGLES, [1, 2, 3]),  # ranks fit neither sides nor seats
    ([1, 2, 3, 4], SINGLES, None),
    ([1, 2, 3, 4, 5, 6], [[0, 3], [1, 4], [2, 5]], [3, 1, 2]),
])
def test_it_forms_the_same_sides_as_the_standings_code(players, teams, ranks):
    sides = build_sides(players, teams, ranks, None)
    rated = _rated(7, T0, "h", players, teams, ranks)
    if sides is None:
        assert rated is None
    else:
        assert rated.teams == [list(side.players) for side in sides]
        assert rated.ranks == [side.rank for side in sides]


def play(club, people, count, *, seed=3):
    """``count`` four-player games an hour apart, each rated as it comes in."""
    rng = random.Random(seed)
    event = night(club, None)
    for i in range(count):
        table = table_at(event, rng.sample(people, 4), round_number=i + 1)
        game = record_game(table, totals=[rng.choice([40, 80, 120]) for _ in range(4)],
                           played_at=T0 + datetime.timedelta(hours=i))
        ratings_update_for_game(game_id=game.pk)
    return RatingPool.objects.get(club=club)


def history(pool):
    return list(RatingHistory.objects.filter(pool=pool).order_by("game_order", "player_id")
                .values_list("game_id", "player_id", "mu_before", "sigma_before", "mu_after",
                             "sigma_after", "games_after"))


def states(pool):
    return sorted(PlayerRating.objects.filter(pool=pool).values_list(
        "player_id", "mu", "sigma", "games", "last_played_at"))


def rows_in(table: str, pool) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table} WHERE pool_id = %s", [pool.pk])
        return cursor.fetchone()[0]


def keys_and_indexes(table: str) -> tuple[int, int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_index WHERE indrelid = %s::regclass", [table])
        indexes = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM pg_constraint WHERE conrelid = %s::regclass "
                       "AND contype IN ('p', 'u', 'f')", [table])
        return cursor.fetchone()[0], indexes


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="history partitions exist on PostgreSQL only")


@postgresql_only
def test_a_full_recompute_moves_the_pool_into_a_partition_of_its_own(club, people):
    pool = play(club, people, 8)
    before = history(pool), states(pool)
    assert rows_in("league_ratinghistory_default", pool) == 32
    ratings_recompute(club_id=club.pk)
    assert (history(pool), states(pool)) == before
    assert rows_in("league_ratinghistory_default", pool) == 0
    assert rows_in(partition_name(pool.pk), pool) == 32
    # ATTACH adopted the keys and indexes built before it, and built none twice.
    assert keys_and_indexes(partition_name(pool.pk)) == keys_and_indexes("league_ratinghistory")
    ratings_recompute(club_id=club.pk)  # the partition is replaced, not added to
    assert (history(pool), states(pool)) == before
    play(club, people, 1, seed=4)  # a new result goes to the pool's partition
    assert rows_in(partition_name(pool.pk), pool) == 36


@postgresql_only
def test_a_failed_rebuild_keeps_the_old_history(club, people, monkeypatch):
    pool = play(club, people, 5)
    before = history(pool), states(pool)

    def broken(*args):
        raise RuntimeError("disk full")

    monkeypatch.setattr(rebuild_module, "_index_and_swap", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        ratings_recompute(club_id=club.pk)
    assert (history(pool), states(pool)) == before
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [f"{partition_name(pool.pk)}_new"])
        assert cursor.fetchone()[0] is None


def seen_from_another_connection(pool) -> list[tuple]:
    other = connections.create_connection(connection.alias)
    try:
        with other.cursor() as cursor:
            cursor.execute("SET lock_timeout = '5s'")
            cursor.execute(
                "SELECT game_id, player_id, mu_after FROM league_ratinghistory "
                "WHERE pool_id = %s ORDER BY game_order, player_id", [pool.pk])
            return cursor.fetchall()
    finally:
        other.close()


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_readers_see_the_old_history_until_the_rebuild_commits(club, people, monkeypatch):
    pool = play(club, people, 6)
    rated_by_game = history(pool)
    old = [(g, p, mu) for g, p, _, _, mu, _, _ in rated_by_game]
    # Outside any transaction the games are read on a second connection: same numbers.
    reads = []
    snapshot_chunks = rebuild_module.snapshot_chunks
    monkeypatch.setattr(rebuild_module, "snapshot_chunks",
                        lambda pool: reads.append(pool.pk) or snapshot_chunks(pool))
    ratings_recompute(club_id=club.pk)
    assert reads == [pool.pk]
    assert history(pool) == rated_by_game
    RatingPool.objects.filter(pk=pool.pk).update(kind="elo", params={})
    seen = []
    original = rebuild_module._index_and_swap

    def watched(*args):
        seen.append(seen_from_another_connection(pool))  # all new rows are written by now
        original(*args)

    monkeypatch.setattr(rebuild_module, "_index_and_swap", watched)
    ratings_recompute(club_id=club.pk)
    assert seen == [old]
    new = seen_from_another_connection(pool)
    assert len(new) == len(old) and new != old
    assert set(PlayerRating.objects.filter(pool=pool).values_list("sigma", flat=True)) == {0.0}


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_failing_read_on_the_second_connection_fails_the_rebuild(club, people, monkeypatch):
    from rankings.services.ratings import reader

    pool = play(club, people, 3)
    before = history(pool)
    monkeypatch.setattr(reader, "postgresql_query",
                        lambda pool: ("SELECT no_such_column FROM tournaments_tableresult", ()))
    with pytest.raises(Exception, match="no_such_column"):
        ratings_recompute(club_id=club.pk)
    assert history(pool) == before
