"""Each club plays at most BOT_TABLES_PER_CLUB bot tables at once (issue 25 point 4): a
club's further tables wait for its own slots, while another club's tables still play."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import ClubFactory, EventFactory, RoundFactory, TableFactory
from tournaments.models import BotPlay
from tournaments.services.bot_slots import Slot, bot_slot_release, bot_slot_take

pytestmark = pytest.mark.django_db


def _tables(club, count):
    round_ = RoundFactory(event=EventFactory(club=club))
    return [TableFactory(round=round_, number=n) for n in range(1, count + 1)]


@pytest.fixture
def one_each(settings):
    settings.BOT_TABLES_PER_CLUB = 1


def test_a_clubs_second_bot_table_waits_while_another_clubs_table_plays(one_each):
    busy, other = ClubFactory(), ClubFactory()
    first, second = _tables(busy, 2)
    (theirs,) = _tables(other, 1)
    assert bot_slot_take(table=first) is Slot.TAKEN
    assert bot_slot_take(table=second) is Slot.CLUB_BUSY
    assert bot_slot_take(table=theirs) is Slot.TAKEN
    bot_slot_release(table=first)
    assert bot_slot_take(table=second) is Slot.TAKEN


def test_a_table_already_being_played_is_not_played_twice(one_each, settings):
    settings.BOT_TABLES_PER_CLUB = 3
    (table,) = _tables(ClubFactory(), 1)
    assert bot_slot_take(table=table) is Slot.TAKEN
    assert bot_slot_take(table=table) is Slot.PLAYING


def test_a_slot_held_by_a_killed_worker_comes_back_when_its_lease_runs_out(one_each):
    club = ClubFactory()
    stuck, waiting = _tables(club, 2)
    assert bot_slot_take(table=stuck) is Slot.TAKEN
    BotPlay.objects.filter(table=stuck).update(until=timezone.now() - timedelta(seconds=1))
    assert bot_slot_take(table=waiting) is Slot.TAKEN
    assert list(BotPlay.objects.values_list("table", flat=True)) == [waiting.pk]


def test_the_bot_task_asks_again_later_when_its_club_is_busy(one_each, monkeypatch):
    from celery.exceptions import Retry

    from tournaments import tasks

    club = ClubFactory()
    first, second = _tables(club, 2)
    bot_slot_take(table=first)
    asked = {}

    def retry(**kwargs):
        asked.update(kwargs)
        return Retry()

    monkeypatch.setattr(tasks.play_bot_table, "retry", retry)
    with pytest.raises(Retry):
        tasks.play_bot_table.run(second.pk)
    assert asked == {"countdown": tasks.SLOT_WAIT}
    assert not BotPlay.objects.filter(table=second).exists()
