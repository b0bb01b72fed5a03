"""Online tables: a short Bluke table of club A marked online, and helpers to play it."""

import pytest

from rankings.demo_games import short_options
from tests.factories import seated_table
from tournaments.services.online_tables import tables_set_online


@pytest.fixture
def eager_commit(django_capture_on_commit_callbacks, eager_celery):
    """Run what the services queue after commit (news, bot moves) at once, as the demo does."""
    def run(action):
        with django_capture_on_commit_callbacks(execute=True):
            return action()

    return run


@pytest.fixture
def online_table(club_a, players_a, alice):
    """Club A's short Bluke table (four players) marked online."""
    table = seated_table(club_a, players_a, options=short_options("bluke"))
    tables_set_online(table=table, user=alice, online=True)
    table.refresh_from_db()
    return table
