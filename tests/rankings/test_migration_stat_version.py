"""Rows counted before the version stamp existed take their game's current stamp, so the
first refresh after the upgrade does not recount the whole history."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rankings.models import PlayerGameStat
from rankings.services.player_stats import player_stats_after_result
from tests.league.played_games import night, record_game, table_at

BEFORE = [("rankings", "0001_initial")]
AFTER = [("rankings", "0002_player_game_stat_version")]


@pytest.mark.django_db(transaction=True)
def test_rows_stored_before_the_stamp_take_their_games_version(club, season, people):
    game = record_game(table_at(night(club, season), people[:4]), totals=[40, 30, 20, 10])
    player_stats_after_result(game_id=game.pk)
    PlayerGameStat.objects.update(game_updated_at=None)
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        executor.loader.build_graph()
        executor.migrate(AFTER)
        stamps = set(PlayerGameStat.objects.values_list("game_updated_at", flat=True))
        assert stamps == {type(game).objects.get(pk=game.pk).updated_at}
    finally:
        # Back to the latest schema: the tests after this one in the same process
        # (pytest -n 2 --dist loadfile) need every later migration's tables and columns.
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert player_stats_after_result(game_id=game.pk) == 0
