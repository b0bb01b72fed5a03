"""Outgoing mail through an outbox: queued in the request's transaction, sent by a worker.

`queue_mail` writes a `QueuedMail` row inside the caller's transaction, so a mail goes out
only if the change that sends it commits, and asks a worker to send it after commit. No
request ever talks to the mail server: a slow or dead server costs the worker time, never a
web request, and a known address answers as fast as an unknown one.

`mail_send_due` (the worker's side) claims rows with a conditional update and a lease, the
way the recompute drain does, sends them and records the outcome: sent, or retried with
back-off, or failed after MAX_ATTEMPTS. Delivery is at-least-once: a worker killed between
the send and the update sends that mail again after the lease. Notices with a dedupe key
are at most once instead: a player must never get one twice, so one whose send started
under a lease that ran out is given up (`failed`), not sent again.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from league.models.mail import MailKind, MailState, QueuedMail

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=2)  # longer than one SMTP exchange with its 10 s timeout
FIRST_BACKOFF = timedelta(seconds=30)
MAX_BACKOFF = timedelta(hours=1)
MAX_ATTEMPTS = 10  # 30 s, 1 min, 2 min, ... about 4 h of trying before `failed`
BROKER_PAUSE = 10.0  # seconds without kicks after a broker error
# A retry's countdown stays under the broker's visibility timeout (300 s), past which
# Redis would hand the waiting task to a second worker.
MAX_RETRY_COUNTDOWN = 240.0
RETRY_FLAG = "league.mail.retry-asked"
_broker_failed_at: float | None = None
# Inside `mail_kicks_held()` (the worker composing mail it sends next) nobody is kicked.
_kicks_held: ContextVar[bool] = ContextVar("mail_kicks_held", default=False)


@dataclass(frozen=True)
class MailLimit:
    """At most `per_address` mails of a kind to one address, and `per_account` about or
    from one login, within `window`."""

    per_address: int
    per_account: int
    window: timedelta = timedelta(hours=1)


# An organiser hands out many claim links on a club's first night; a person resets rarely.
LIMITS = {
    MailKind.PASSWORD_RESET: MailLimit(per_address=3, per_account=3),
    MailKind.CLAIM_LINK: MailLimit(per_address=3, per_account=30),
}


@dataclass(frozen=True)
class MailReport:
    sent: int
    failed: int  # attempts that failed (retried later, or given up)
    due: int  # mails still due when the run stopped


def queue_mail(*, to: str, subject: str, body: str, kind: str = MailKind.NOTICE,
               account=None, headers: dict | None = None,
               dedupe_key: str | None = None, club=None) -> QueuedMail:
    """Queue one mail in the current transaction; a worker sends it after commit.

    `account` is the login the mail is about (a reset) or from (a claim link): the
    throttle counts by it. Check `mail_allowed` first where a throttle applies. A mail with
    a `dedupe_key` already queued (or sent) is not queued again: the stored row is returned.
    """
    to = to.strip()
    try:
        validate_email(to)
    except ValidationError:
        raise ValidationError({"to": _("%(to)s is not an e-mail address.") % {"to": to}}) from None
    if "\n" in subject or "\r" in subject:
        raise ValidationError({"subject": _("A mail's subject must be one line.")})
    now = timezone.now()
    fields = {"kind": kind, "to": to, "account": account, "subject": subject[:200],
              "body": body, "created_at": now, "due_at": now, "headers": headers or {},
              "club": club}
    if dedupe_key is None:
        row = QueuedMail.objects.create(**fields)
    else:
        row, created = _create_once(dedupe_key, fields)
        if not created:
            return row
    if not _kicks_held.get():
        transaction.on_commit(mail_kick)
    return row


def _create_once(dedupe_key: str, fields: dict) -> tuple[QueuedMail, bool]:
    # The unique key decides between two writers racing; the savepoint keeps the
    # caller's transaction usable after the loser's IntegrityError.
    existing = QueuedMail.objects.filter(dedupe_key=dedupe_key).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return QueuedMail.objects.create(dedupe_key=dedupe_key, **fields), True
    except IntegrityError:
        return QueuedMail.objects.get(dedupe_key=dedupe_key), False


@contextmanager
def mail_kicks_held() -> Iterator[None]:
    """Queue without asking a worker: for the worker itself, which sends next anyway."""
    token = _kicks_held.set(True)
    try:
        yield
    finally:
        _kicks_held.reset(token)


def queue_mail_within_limits(*, to: str, subject: str, body: str, kind: str,
                             account=None) -> QueuedMail | None:
    """Queue the mail if LIMITS allow one more of its kind; None when throttled."""
    if not mail_allowed(kind=kind, to=to, account=account):
        log.warning("%s mail to %s not queued: over its hourly limit", kind, to)
        return None
    return queue_mail(to=to, subject=subject, body=body, kind=kind, account=account)


def mail_allowed(*, kind: str, to: str, account=None) -> bool:
    """Whether one more mail of `kind` to `to` (about or from `account`) is within LIMITS."""
    limit = LIMITS.get(kind)
    if limit is None:
        return True
    recent = QueuedMail.objects.filter(kind=kind, created_at__gte=timezone.now() - limit.window)
    if recent.filter(to__iexact=to.strip()).count() >= limit.per_address:
        return False
    return account is None or recent.filter(account=account).count() < limit.per_account


def mail_kick() -> None:
    """Ask a worker to send the queued mail now, if the broker answers (after commit).

    Never raises: the rows are committed, and the periodic task (or the `send_queued_mail`
    command) sends what a failed kick leaves. After a broker error this process skips kicks
    for BROKER_PAUSE, so an outage costs one slow answer, not one per request.
    """
    from league import tasks

    global _broker_failed_at
    if _broker_failed_at is not None and time.monotonic() - _broker_failed_at < BROKER_PAUSE:
        return
    try:
        tasks.send_queued_mail.apply_async(ignore_result=True, retry=False)
    except BrokerError:
        _broker_failed_at = time.monotonic()
        log.warning("broker unreachable: mail not kicked; the periodic send picks it up",
                    exc_info=True)
    except Exception:  # (eager mode) the sending itself failed; the rows stay queued
        log.exception("sending queued mail failed; the periodic send picks it up")


def mail_retry_later() -> None:
    """After a failed run, ask for one run when the next mail is due: the queue empties
    after an outage without beat. One such request at a time (a cache flag that lives as
    long as its countdown); without a cache or a broker the periodic task does it.
    """
    from league import tasks

    task = tasks.send_queued_mail
    if task.app.conf.task_always_eager:  # (embedded mode) nobody could wait for it
        return
    next_due = QueuedMail.objects.filter(state=MailState.QUEUED).order_by("due_at").values_list(
        "due_at", flat=True).first()
    if next_due is None:
        return
    countdown = min(max((next_due - timezone.now()).total_seconds(), 1.0), MAX_RETRY_COUNTDOWN)
    if not cache.add(RETRY_FLAG, True, timeout=countdown):
        return  # a run is asked for already
    try:
        task.apply_async(countdown=countdown, ignore_result=True, retry=False)
    except BrokerError:
        log.warning("broker unreachable: mail retry not asked; the periodic send does it")


def mail_send_due(*, limit: int = 50) -> MailReport:
    """Send up to `limit` due mails, oldest first.

    Stops at the first failure: when the server is down every mail would wait its full
    timeout, and the rest are still queued for the next run.
    """
    sent = failed = 0
    _give_up_interrupted()
    for _attempt in range(limit):
        row = _claim_next()
        if row is None:
            break
        if not _deliver(row):
            failed = 1
            break
        sent += 1
    return MailReport(sent=sent, failed=failed, due=_due(timezone.now()).count())


def mail_waiting() -> int:
    """How many mails are queued (due now or waiting for their back-off)."""
    return QueuedMail.objects.filter(state=MailState.QUEUED).count()


def _due(now):
    return QueuedMail.objects.filter(state=MailState.QUEUED, due_at__lte=now).filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)).exclude(
        dedupe_key__isnull=False, send_started_at__isnull=False)


def _give_up_interrupted() -> int:
    """Deduplicated mails whose worker died during the send: maybe delivered, never resent."""
    count = QueuedMail.objects.filter(
        state=MailState.QUEUED, dedupe_key__isnull=False, send_started_at__isnull=False,
        claimed_until__lt=timezone.now()).update(
        state=MailState.FAILED, body="", claimed_by=None, claimed_until=None,
        last_error="The worker stopped during the send; not sent again, so that nobody "
                   "gets it twice.")
    if count:
        log.error("%s notice mails given up: their worker stopped during the send", count)
    return count


def _claim_next() -> QueuedMail | None:
    while True:
        now = timezone.now()
        pk = _due(now).order_by("due_at", "pk").values_list("pk", flat=True).first()
        if pk is None:
            return None
        claimed_by = uuid.uuid4()
        if _due(now).filter(pk=pk).update(claimed_by=claimed_by, claimed_until=now + LEASE):
            return QueuedMail.objects.get(pk=pk)
        # Another worker claimed it between our read and our update: look again.


def _deliver(row: QueuedMail) -> bool:
    mine = QueuedMail.objects.filter(pk=row.pk, claimed_by=row.claimed_by)
    if row.dedupe_key:
        mine.update(send_started_at=timezone.now())
    try:
        EmailMessage(row.subject, row.body, None, [row.to], headers=row.headers or None).send()
    except Exception as exc:  # SMTP refusals, timeouts, connection errors
        _postpone(mine, row, exc)
        return False
    # The body goes with the delivery: its links must not outlive it in the database.
    mine.update(state=MailState.SENT, sent_at=timezone.now(), body="", attempts=F("attempts") + 1,
                claimed_by=None, claimed_until=None, last_error="")
    return True


def _postpone(mine, row: QueuedMail, exc: Exception) -> None:
    attempts = row.attempts + 1
    error = repr(exc)[:2000]
    if attempts >= MAX_ATTEMPTS:
        log.error("mail %s to %s given up after %s attempts: %s", row.pk, row.to, attempts, error)
        mine.update(state=MailState.FAILED, body="", attempts=attempts, last_error=error,
                    claimed_by=None, claimed_until=None)
        return
    log.warning("mail %s to %s not sent (attempt %s), retried later: %s",
                row.pk, row.to, attempts, error)
    delay = min(FIRST_BACKOFF * 2 ** (attempts - 1), MAX_BACKOFF)
    # The server refused or was unreachable: the outcome is known, so it is tried again.
    mine.update(attempts=attempts, last_error=error, due_at=timezone.now() + delay,
                claimed_by=None, claimed_until=None, send_started_at=None)
