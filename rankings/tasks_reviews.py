"""The hand review's Celery task: thin, idempotent (a table judged as it stands is skipped)."""

from celery import shared_task

from league.tasks import RETRYING
from rankings.services.reviews import night_review_run


@shared_task(name="rankings.review_night", ignore_result=True, **RETRYING)
def review_night(review_id: int) -> None:
    night_review_run(review_id)
