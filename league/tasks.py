"""Celery tasks of the league app: thin, idempotent, each calls one service.

Every task here is safe to run twice, so they are acknowledged late and retried with
exponential backoff when the database or the broker fails under them.
"""

from celery import shared_task
from kombu.exceptions import OperationalError as BrokerError

from league.database_errors import DATABASE_ERRORS
from league.services.idempotency import idempotency_prune
from league.services.mail import mail_retry_later, mail_send_due
from league.services.password_resets import password_resets_compose
from league.services.push_delivery import push_retry_later, push_send_due
from league.services.webhook_delivery import webhooks_retry_later, webhooks_send_due

RETRYING = {
    "autoretry_for": (*DATABASE_ERRORS, BrokerError),
    "retry_backoff": True,  # 1 s, 2 s, 4 s, ... with jitter
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
    "acks_late": True,
    "reject_on_worker_lost": True,
}


@shared_task(name="league.prune_idempotency_keys", ignore_result=True, **RETRYING)
def prune_idempotency_keys() -> int:
    """Forget Idempotency-Key records and their stored responses after a day."""
    return idempotency_prune()


@shared_task(name="league.send_queued_mail", ignore_result=True, **RETRYING)
def send_queued_mail() -> int:
    """Compose the asked-for password resets, then send the queued mail (kicked after
    commit, and periodically for back-offs)."""
    password_resets_compose()
    return _after_a_run(mail_send_due(), send_queued_mail, mail_retry_later)


@shared_task(name="league.send_webhooks", ignore_result=True, **RETRYING)
def send_webhooks() -> int:
    """Send the queued webhook deliveries (kicked after commit, periodically for back-offs).

    On the default queue, with the mail: both are short network calls to outside servers.
    """
    return _after_a_run(webhooks_send_due(), send_webhooks, webhooks_retry_later)


@shared_task(name="league.send_push", ignore_result=True, **RETRYING)
def send_push() -> int:
    """Send the queued web push messages (kicked after commit, periodically for back-offs)."""
    return _after_a_run(push_send_due(), send_push, push_retry_later)


def _after_a_run(report, task, retry_later) -> int:
    """How many an outbox's run sent; after failures (a server or receiver is down) one
    more run when the next row is due; while rows are still due, the next batch."""
    if report.failed:
        retry_later()
    elif report.due:  # a long queue: the next batch, as its own task
        task.apply_async(ignore_result=True)
    return report.sent


@shared_task(name="league.prune_webhooks", ignore_result=True, **RETRYING)
def prune_webhooks() -> int:
    """Forget webhook events and deliveries past WEBHOOK_RETENTION_DAYS (beat, hourly)."""
    from league.services.webhook_prune import webhooks_prune

    return webhooks_prune()
