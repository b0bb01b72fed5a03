"""The Celery application; configuration comes from Django settings (CELERY_*)."""

import logging
import os

from celery import Celery, bootsteps
from kombu.exceptions import OperationalError as BrokerError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

app = Celery("bluke_league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Seconds between the drains a followups worker queues for itself (see FollowupsTick).
DRAIN_EVERY = 15.0
FOLLOWUPS_QUEUE = "followups"


@app.task(name="config.ping")
def ping() -> str:
    """Round trip used by the health check and the worker integration test."""
    return "pong"


class FollowupsTick(bootsteps.StartStopStep):
    """A worker that serves the followups queue queues a drain every DRAIN_EVERY seconds.

    Owed recomputes are then done while beat is down, after a kick lost to a broker
    outage, and soon after a killed worker's claim runs out: no process but the worker
    itself has to be up. A drain finds nothing to do in one query when nothing is owed.
    """

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.timer_ref = None

    def start(self, worker):
        queues = list(worker.app.amqp.queues.consume_from or ())
        if not queues:  # a worker for every queue (development)
            self.timer_ref = worker.timer.call_repeatedly(DRAIN_EVERY, queue_drain)
            return
        # The queue it serves, maybe with a prefix ("<run>-followups" in the tests).
        served = [q for q in queues if q.rsplit("-", 1)[-1] == FOLLOWUPS_QUEUE]
        if served:  # not a pool for other work (bots, mail)
            self.timer_ref = worker.timer.call_repeatedly(DRAIN_EVERY, queue_drain,
                                                          (served[0],))

    def stop(self, worker):
        if self.timer_ref is not None:
            self.timer_ref.cancel()


def queue_drain(queue: str | None = None) -> None:
    """Publish one drain (never raises: the next tick tries again)."""
    from rankings.tasks import drain_followups

    try:
        drain_followups.apply_async(ignore_result=True, retry=False,
                                    **({"queue": queue} if queue else {}))
    except (BrokerError, OSError):  # the broker is down: the worker is reconnecting
        log.warning("the periodic follow-up drain could not be queued", exc_info=True)


app.steps["worker"].add(FollowupsTick)
