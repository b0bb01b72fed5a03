"""What the league's outboxes share: mail (`mail`), web push (`push_delivery`) and webhooks
(`webhook_delivery`).

Each outbox is a table of rows with `state`, `due_at`, `attempts`, `last_error`, and a
claim (`claimed_by`, `claimed_until`). A change writes rows in its own transaction and
kicks a worker after commit; the worker claims one row at a time with a conditional
update and a lease, sends it, and records the outcome. Here: the kick, the one later run
that makes retries happen without beat, the claim, the back-off, Retry-After, the
dedupe key's first writer, and giving up sends that a killed worker left half done.
What a send is, and when to stop retrying, stays with each outbox.

Delivery is at least once: a worker killed between the send and the update leaves its
row claimed, and the next worker sends it again once the lease has run out. An outbox
with `at_most_once` marks the rows that must never go twice (a notice to a player): one
of those whose send had started is given up when its lease runs out, never sent again.
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Model, Q, QuerySet
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

log = logging.getLogger(__name__)

MAX_BACKOFF = timedelta(hours=1)
BROKER_PAUSE = 10.0  # seconds without kicks after a broker error
# A retry's countdown stays under the broker's visibility timeout (300 s), past which
# Redis would hand the waiting task to a second worker.
MAX_RETRY_COUNTDOWN = 240.0
MAX_RETRY_AFTER = timedelta(hours=1)
UNCLAIMED = {"claimed_by": None, "claimed_until": None}
INTERRUPTED = "The worker stopped during the send; not sent again, so that nobody gets it twice."


@dataclass(frozen=True)
class SendReport:
    sent: int
    failed: int  # attempts that failed (retried later, or given up)
    due: int  # rows still due when the run stopped


class Outbox:
    """One outbox: its model, its states (QUEUED, SENT, FAILED), the `league.tasks` task
    that sends it, and how long a claim lasts (longer than one send with its timeouts)."""

    def __init__(
        self,
        *,
        model: type[Model],
        states,
        task: str,
        name: str,
        lease: timedelta,
        retry_flag: str,
        at_most_once: Q | None = None,
    ):
        self.model = model
        self.states = states
        self.task = task
        self.name = name  # in log lines: "mail", "push messages", "webhooks"
        self.lease = lease
        self.at_most_once = at_most_once
        self.retry_flag = retry_flag  # a cache key
        self._broker_failed_at: float | None = None  # per process, like the broker's client

    def _task(self):
        from league import tasks  # (tasks import the services)

        return getattr(tasks, self.task)

    def kick(self) -> None:
        """Ask a worker to send now (after commit). Never raises: the rows are committed,
        and the periodic task sends what a failed kick leaves. After a broker error this
        process skips kicks for BROKER_PAUSE: an outage costs one slow answer, not one per
        request."""
        failed_at = self._broker_failed_at
        if failed_at is not None and time.monotonic() - failed_at < BROKER_PAUSE:
            return
        try:
            self._task().apply_async(ignore_result=True, retry=False)
        except BrokerError:
            self._broker_failed_at = time.monotonic()
            log.warning(
                "broker unreachable: %s not kicked; the periodic send picks it up",
                self.name,
                exc_info=True,
            )
        except Exception:  # (eager mode) the sending itself failed; the rows stay queued
            log.exception("sending %s failed; the periodic send picks it up", self.name)

    def retry_later(self) -> None:
        """After a run with failures, ask for one run when the next row is due, so the
        queue empties after an outage without beat. One such request at a time (a cache
        flag that lives as long as its countdown); without a cache or a broker the
        periodic task does it."""
        task = self._task()
        if task.app.conf.task_always_eager:  # (embedded mode) nobody could wait for it
            return
        next_due = (
            self.model.objects.filter(state=self.states.QUEUED)
            .order_by("due_at")
            .values_list("due_at", flat=True)
            .first()
        )
        if next_due is None:
            return
        countdown = min(max((next_due - timezone.now()).total_seconds(), 1.0), MAX_RETRY_COUNTDOWN)
        if not cache.add(self.retry_flag, True, timeout=countdown):
            return  # a run is asked for already
        try:
            task.apply_async(countdown=countdown, ignore_result=True, retry=False)
        except BrokerError:
            log.warning(
                "broker unreachable: %s retry not asked; the periodic send does it", self.name
            )

    def waiting(self) -> int:
        """How many rows are queued (due now or waiting for their back-off)."""
        return self.model.objects.filter(state=self.states.QUEUED).count()

    def due(self, now) -> QuerySet:
        """Queued rows due by `now` that nobody holds, less the at-most-once rows whose
        send has started."""
        rows = self.model.objects.filter(state=self.states.QUEUED, due_at__lte=now).filter(
            Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
        )
        return rows if self.at_most_once is None else rows.exclude(self.at_most_once)

    def report(self, *, sent: int, failed: int) -> SendReport:
        return SendReport(sent=sent, failed=failed, due=self.due(timezone.now()).count())

    def claim_next(self, *, related: tuple[str, ...] = (), **exclude):
        """The oldest due row, now claimed by this worker for one lease (None when there
        is none); rows matching `exclude` are passed over."""
        while True:
            now = timezone.now()
            pk = (
                self.due(now)
                .exclude(**exclude)
                .order_by("due_at", "pk")
                .values_list("pk", flat=True)
                .first()
            )
            if pk is None:
                return None
            claim = {"claimed_by": uuid.uuid4(), "claimed_until": now + self.lease}
            if self.due(now).filter(pk=pk).update(**claim):
                rows = self.model.objects
                return (rows.select_related(*related) if related else rows).get(pk=pk)
            # Another worker claimed it between our read and our update: look again.

    def mine(self, row) -> QuerySet:
        """`row` while this worker still holds its claim: an update through it does
        nothing once the lease has run out and another worker took the row."""
        return self.model.objects.filter(pk=row.pk, claimed_by=row.claimed_by)

    def release(self, row) -> None:
        self.mine(row).update(**UNCLAIMED)

    def mark_sent(self, row, **fields) -> None:
        self.mine(row).update(
            state=self.states.SENT,
            sent_at=timezone.now(),
            attempts=F("attempts") + 1,
            last_error="",
            **UNCLAIMED,
            **fields,
        )

    def mark_failed(self, row, *, error: str, **fields) -> None:
        self.mine(row).update(state=self.states.FAILED, last_error=error, **UNCLAIMED, **fields)

    def postpone(self, row, *, attempts: int, delay: timedelta, **fields) -> None:
        """Back to the queue, due after `delay`: the send's outcome is known (refused or
        unreachable), so sending again is safe."""
        self.mine(row).update(
            attempts=attempts, due_at=timezone.now() + delay, **UNCLAIMED, **fields
        )

    def give_up_interrupted(self) -> int:
        """At-most-once rows whose worker died during the send (their lease ran out): maybe
        delivered, so failed, never sent again."""
        if self.at_most_once is None:
            return 0
        count = self.model.objects.filter(
            self.at_most_once,
            state=self.states.QUEUED,
            claimed_until__lt=timezone.now(),
        ).update(state=self.states.FAILED, body="", last_error=INTERRUPTED, **UNCLAIMED)
        if count:
            log.error("%s %s given up: their worker stopped during the send", count, self.name)
        return count


def backoff(attempts: int, base: timedelta, *, at_least: timedelta = timedelta()) -> timedelta:
    """The wait after `attempts` failed sends: `base`, doubling, at most MAX_BACKOFF, and
    never shorter than `at_least` (what the other side asked for)."""
    return max(min(base * 2 ** (attempts - 1), MAX_BACKOFF), at_least)


def retry_after(value: str | None) -> timedelta:
    """An HTTP Retry-After in seconds, capped at MAX_RETRY_AFTER; nothing for an HTTP date
    or garbage (not worth parsing: the back-off rules)."""
    try:
        seconds = int(value or 0)
    except ValueError:
        return timedelta()
    return timedelta(seconds=min(max(seconds, 0), MAX_RETRY_AFTER.total_seconds()))


def create_once(model: type[Model], key: str, fields: dict) -> tuple[Model, bool]:
    """The row with dedupe key `key`, created with `fields` unless one exists; and whether
    it is new. The unique key decides between two writers racing; the savepoint keeps
    the caller's transaction usable after the loser's IntegrityError."""
    existing = model.objects.filter(dedupe_key=key).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return model.objects.create(dedupe_key=key, **fields), True
    except IntegrityError:
        return model.objects.get(dedupe_key=key), False
