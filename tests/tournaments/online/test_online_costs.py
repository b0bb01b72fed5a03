"""What one action costs the server (bench/online_bench.py's hot path): a move queues the
bots only when a bot plays next, a seat's part reads the table once, and a look is written
at most every few seconds, never so rarely that a looking player counts as away."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.permissions import SYSTEM
from tournaments.models import OnlineMatch, OnlineSeat, Seat
from tournaments.services import online_state, online_tables
from tournaments.services.online_tables import (
    PRESENCE_EVERY,
    online_play,
    online_seat_view,
    online_start,
)
from tournaments.services.seat_links import seat_links_for_event, seat_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    calls = []
    monkeypatch.setattr(online_tables, "queue_bots", calls.append)
    return calls


def _move(table, eager_commit):
    match = OnlineMatch.objects.get(table=table)
    state = online_state.replay(match).state
    seat = Seat.objects.get(table=table, position=state.current_player())
    return eager_commit(lambda: online_play(
        table=table, seat=seat, action=state.action_to_string(state.legal_actions()[0]),
        version=match.version))


def test_a_move_queues_the_bots_only_when_a_bot_or_a_player_away_plays_next(
        online_table, alice, queued, eager_commit):
    eager_commit(lambda: online_start(table=online_table, user=alice, seed=2))
    queued.clear()
    view = _move(online_table, eager_commit)  # all four are here: a person plays next
    assert queued == [] and view["to_act"] is not None
    # Everyone but the one to act has been gone longer than the timeout.
    away = timezone.now() - timedelta(seconds=OnlineMatch.objects.get(
        table=online_table).timeout_seconds + 1)
    OnlineMatch.objects.filter(table=online_table).update(started_at=away)
    OnlineSeat.objects.filter(match__table=online_table).exclude(seat=view["to_act"]).update(
        last_seen=away)
    view = _move(online_table, eager_commit)
    assert next(line for line in view["seats"] if line["seat"] == view["to_act"])["away"]
    assert queued == [online_table.pk]  # the next player is away: a bot plays for them


def test_a_seat_part_reads_the_table_once(client, settings, online_table, alice, eager_commit,
                                          django_assert_max_num_queries):
    settings.SECURE_SSL_REDIRECT = False
    eager_commit(lambda: online_start(table=online_table, user=alice, seed=2))
    links = seat_links_for_event(event=online_table.round.event, user=SYSTEM)
    url = reverse("tournaments:online-seat-link", args=[seat_token(links[0])]) + "?part=1"
    client.get(url)
    # the link, the table with its night, its seats, the match, the seats' looks
    with django_assert_max_num_queries(5):
        assert client.get(url).status_code == 200


def test_a_look_is_written_at_most_every_few_seconds(online_table, alice, eager_commit):
    eager_commit(lambda: online_start(table=online_table, user=alice, seed=2))
    seat = Seat.objects.select_related("player").get(table=online_table, position=1)
    stored = OnlineSeat.objects.filter(match__table=online_table, seat=1)
    recent = timezone.now() - PRESENCE_EVERY / 2
    stored.update(last_seen=recent)
    view = online_seat_view(table=online_table, seat=seat)
    assert stored.get().last_seen == recent  # seen a moment ago: not written again
    assert not next(line for line in view["seats"] if line["seat"] == 1)["away"]
    stale = timezone.now() - PRESENCE_EVERY * 2
    stored.update(last_seen=stale)
    online_seat_view(table=online_table, seat=seat)
    assert stored.get().last_seen > stale
