"""Celery tasks for league nights. Thin: fetch by id, call one service, safe to repeat."""

from celery import shared_task

from tournaments.models import Event, Table


@shared_task(name="tournaments.plan_event_seating", bind=True)
def plan_event_seating(self, event_id: int) -> str:
    from tournaments.services.seating import event_run_seating_request

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return "missing"
    event = event_run_seating_request(event=event, task_id=self.request.id)
    return (event.seating or {}).get("task", {}).get("state", "")


@shared_task(name="tournaments.form_next_round")
def form_next_round(event_id: int) -> int | None:
    """After a result: form a king's table or Swiss night's next round if it is due."""
    from tournaments.services.next_round import event_form_due_round

    rnd = event_form_due_round(event_id)
    return rnd.number if rnd is not None else None


# Seconds a bot table waits before asking again for one of its club's slots.
SLOT_WAIT = 5


@shared_task(name="tournaments.play_bot_table", bind=True, max_retries=None)
def play_bot_table(self, table_id: int) -> int | None:
    from tournaments.services.bot_slots import Slot, bot_slot_take

    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None:
        return None
    if self.request.is_eager:  # in-process: one table at a time anyway
        return _play(table)
    slot = bot_slot_take(table=table)
    if slot is Slot.CLUB_BUSY:
        raise self.retry(countdown=SLOT_WAIT)
    if slot is Slot.PLAYING:
        return None
    return _play(table, release=True)


def _play(table: Table, *, release: bool = False) -> int | None:
    from django.core.exceptions import ValidationError

    from tournaments.services.bot_slots import bot_slot_release
    from tournaments.services.bots import table_play_with_bots

    try:
        return table_play_with_bots(table=table).pk
    except ValidationError:
        return None  # someone took a seat since the table was queued: nothing to play
    finally:
        if release:
            bot_slot_release(table=table)


@shared_task(name="tournaments.send_reminders", ignore_result=True)
def send_reminders() -> int:
    """Queue the attendance reminders now due (beat, every 5 minutes); safe to repeat."""
    from tournaments.services.reminders import reminders_queue

    return reminders_queue()


@shared_task(name="tournaments.online_bot_moves")
def online_bot_moves(table_id: int) -> int:
    """Bots move at an online table while it is a bot's (or a timed-out player's) turn."""
    from tournaments.services.online_bots import online_bots_play

    return online_bots_play(table_id=table_id)


@shared_task(name="tournaments.online_sweep")
def online_sweep() -> int:
    """Online tables whose player to act ran out of time: their bots move."""
    from tournaments.services.online_bots import online_sweep_timeouts

    return online_sweep_timeouts()
