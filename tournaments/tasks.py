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


@shared_task(name="tournaments.play_bot_table")
def play_bot_table(table_id: int) -> int | None:
    from django.core.exceptions import ValidationError

    from tournaments.services.bots import table_play_with_bots

    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    try:
        return table_play_with_bots(table=table).pk
    except ValidationError:
        return None  # someone took a seat since the table was queued: nothing to play
