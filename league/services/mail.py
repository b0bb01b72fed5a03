"""Outgoing mail through an outbox: queued in the request's transaction, sent by a worker.

`queue_mail` writes a `QueuedMail` row inside the caller's transaction, so a mail goes out
only if the change that sends it commits, and asks a worker to send it after commit. No
request ever talks to the mail server: a slow or dead server costs the worker time, never a
web request, and a known address answers as fast as an unknown one.

`mail_send_due` (the worker's side) claims rows with a conditional update and a lease
(`league.services.outbox`, shared with web push and webhooks), sends them and records the
outcome: sent, or retried with back-off, or failed after MAX_ATTEMPTS. Delivery is at-least-once: a worker killed between
the send and the update sends that mail again after the lease. Notices with a dedupe key
are at most once instead: a player must never get one twice, so one whose send started
under a lease that ran out is given up (`failed`), not sent again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models.mail import MailKind, MailState, QueuedMail
from league.services.outbox import Outbox, SendReport, backoff, create_once

log = logging.getLogger(__name__)

FIRST_BACKOFF = timedelta(seconds=30)
MAX_ATTEMPTS = 10  # 30 s, 1 min, 2 min, ... about 4 h of trying before `failed`
OUTBOX = Outbox(
    model=QueuedMail, states=MailState, task="send_queued_mail", name="mail",
    lease=timedelta(minutes=2),  # longer than one SMTP exchange with its 10 s timeout
    retry_flag="league.mail.retry-asked",
    # A notice (it has a dedupe key) whose send started is never sent again.
    at_most_once=Q(dedupe_key__isnull=False, send_started_at__isnull=False))
MailReport = SendReport
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
        row, created = create_once(QueuedMail, dedupe_key, fields)
        if not created:
            return row
    if not _kicks_held.get():
        transaction.on_commit(mail_kick)
    return row


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

    Never raises: the periodic task (or the `send_queued_mail` command) sends what a
    failed kick leaves.
    """
    OUTBOX.kick()


def mail_retry_later() -> None:
    """After a failed run, ask for one run when the next mail is due (outbox.retry_later)."""
    OUTBOX.retry_later()


def mail_send_due(*, limit: int = 50) -> MailReport:
    """Send up to `limit` due mails, oldest first.

    Stops at the first failure: when the server is down every mail would wait its full
    timeout, and the rest are still queued for the next run.
    """
    sent = failed = 0
    OUTBOX.give_up_interrupted()
    for _attempt in range(limit):
        row = OUTBOX.claim_next()
        if row is None:
            break
        if not _deliver(row):
            failed = 1
            break
        sent += 1
    return OUTBOX.report(sent=sent, failed=failed)


def mail_waiting() -> int:
    """How many mails are queued (due now or waiting for their back-off)."""
    return OUTBOX.waiting()


def _deliver(row: QueuedMail) -> bool:
    if row.dedupe_key:
        OUTBOX.mine(row).update(send_started_at=timezone.now())
    try:
        EmailMessage(row.subject, row.body, None, [row.to], headers=row.headers or None).send()
    except Exception as exc:  # SMTP refusals, timeouts, connection errors
        _postpone(row, exc)
        return False
    # The body goes with the delivery: its links must not outlive it in the database.
    OUTBOX.mark_sent(row, body="")
    return True


def _postpone(row: QueuedMail, exc: Exception) -> None:
    attempts = row.attempts + 1
    error = repr(exc)[:2000]
    if attempts >= MAX_ATTEMPTS:
        log.error("mail %s to %s given up after %s attempts: %s", row.pk, row.to, attempts, error)
        OUTBOX.mark_failed(row, error=error, body="", attempts=attempts)
        return
    log.warning("mail %s to %s not sent (attempt %s), retried later: %s",
                row.pk, row.to, attempts, error)
    # The server refused or was unreachable: the outcome is known, so it is tried again.
    OUTBOX.postpone(row, attempts=attempts, delay=backoff(attempts, FIRST_BACKOFF),
                    last_error=error, send_started_at=None)
