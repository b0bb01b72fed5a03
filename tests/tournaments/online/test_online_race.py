"""Exactly once under a race (PostgreSQL): the same move posted twice at the same moment
(a double tap, a retry while the first is still running) is applied once; two different
seats racing for one version find one move applied and the other refused as stale or
out of turn. The match row's lock serialises them."""

import threading

import pytest
from django.db import connection, connections

from tournaments.models import OnlineMatch, OnlineMove
from tournaments.services import online_state
from tournaments.services.online_tables import OnlineRefused, online_play, online_start

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks (select_for_update) exist on PostgreSQL only; SQLite "
                              "serialises writers with immediate transactions instead"),
]
PATIENCE = 60


def _race(calls: list) -> list:
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(PATIENCE)
            outcomes[index] = call()
        except Exception as problem:  # noqa: BLE001 - handed to the test thread
            outcomes[index] = problem
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c), daemon=True)
               for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(PATIENCE)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


@pytest.fixture
def racing_table(online_table, eager_celery):
    from league.permissions import SYSTEM

    online_start(table=online_table, user=SYSTEM)
    match = OnlineMatch.objects.get(table=online_table)
    state = online_state.replay(match).state
    seat = online_table.seats.get(position=state.current_player())
    return online_table, match, seat, state.action_to_string(state.legal_actions()[0])


def test_the_same_move_twice_at_once_is_applied_once(racing_table):
    table, match, seat, action = racing_table
    outcomes = _race([lambda: online_play(table=table, seat=seat, action=action,
                                          version=match.version)] * 2)
    assert all(isinstance(o, dict) for o in outcomes), outcomes
    assert {o["version"] for o in outcomes} == {match.version + 1}
    assert OnlineMove.objects.filter(match=match, by_bot=False).count() == 1


def test_two_seats_racing_for_one_version_move_once(racing_table):
    table, match, seat, action = racing_table
    other = table.seats.exclude(pk=seat.pk).first()
    outcomes = _race([
        lambda: online_play(table=table, seat=seat, action=action, version=match.version),
        lambda: online_play(table=table, seat=other, action=action, version=match.version),
    ])
    assert isinstance(outcomes[0], dict) or isinstance(outcomes[1], OnlineRefused)
    refused = [o for o in outcomes if isinstance(o, OnlineRefused)]
    assert refused and refused[0].code in ("stale-version", "not-your-turn")
    assert OnlineMove.objects.filter(match=match, by_bot=False).count() == 1
