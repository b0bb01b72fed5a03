"""Mail goes through the outbox: queued with the change that sends it, sent by a worker.

Issue 25 point 6: a password reset sent its mail inside the request (10 s against a stalled
server, addresses told apart by timing, a claim-link mail to a stalled server gave a 500).
"""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from league import tasks
from league.models import MailKind, MailState, QueuedMail
from league.services import mail as mail_service
from league.services.mail import mail_send_due, queue_mail
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def kicks(monkeypatch):
    """The production shape: after commit the request only asks a worker (counted here)."""
    asked = []
    monkeypatch.setattr(tasks.send_queued_mail, "apply_async",
                        lambda *args, **kwargs: asked.append(kwargs))
    return asked


def _queue(**overrides):
    fields = {"to": "rita@example.org", "subject": "Hello", "body": "A line.",
              "kind": MailKind.NOTICE} | overrides
    return queue_mail(**fields)


def test_a_mail_is_sent_after_commit_and_its_body_is_blanked(eager_celery,
                                                             django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        row = _queue(body="Your link: https://example.org/secret/")
    assert [m.to for m in mail.outbox] == [["rita@example.org"]]
    assert "secret" in mail.outbox[0].body
    row.refresh_from_db()
    assert row.state == MailState.SENT and row.sent_at and row.body == ""


def test_a_change_that_rolls_back_sends_nothing(eager_celery, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            _queue()
            raise RuntimeError("the change failed")
    assert not QueuedMail.objects.exists() and mail.outbox == []


def test_it_refuses_a_bad_address_or_a_two_line_subject_and_names_the_field():
    with pytest.raises(ValidationError) as bad_to:
        _queue(to="not-an-address")
    assert "to" in bad_to.value.message_dict
    with pytest.raises(ValidationError) as bad_subject:
        _queue(subject="Hi\nBcc: everyone@example.org")
    assert "subject" in bad_subject.value.message_dict


def test_a_failed_send_is_retried_with_growing_back_off_then_given_up(kicks, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise ConnectionRefusedError("mail server down")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refuse)
    row = _queue()
    delays = []
    for _ in range(mail_service.MAX_ATTEMPTS):
        QueuedMail.objects.filter(pk=row.pk).update(due_at=timezone.now())  # back-off over
        before = timezone.now()
        assert mail_send_due().failed == 1
        row.refresh_from_db()
        delays.append(round((row.due_at - before).total_seconds() / 30))
    assert delays[:4] == [1, 2, 4, 8]  # 30 s, 1 min, 2 min, 4 min
    assert row.state == MailState.FAILED and row.attempts == mail_service.MAX_ATTEMPTS
    assert "mail server down" in row.last_error and row.body == ""
    assert mail_send_due().sent == 0  # given up: not tried again


def test_a_mail_claimed_by_a_killed_worker_goes_out_after_its_lease(kicks):
    row = _queue()
    QueuedMail.objects.filter(pk=row.pk).update(claimed_by="00000000-0000-0000-0000-000000000001",
                                                claimed_until=timezone.now() + timedelta(minutes=1))
    assert mail_send_due().sent == 0  # another worker holds it
    QueuedMail.objects.filter(pk=row.pk).update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert mail_send_due().sent == 1 and len(mail.outbox) == 1


def test_a_long_queue_is_sent_in_batches_each_its_own_task(kicks):
    for n in range(3):
        _queue(to=f"p{n}@example.org")
    kicks.clear()
    assert mail_service.mail_send_due(limit=2).due == 1
    tasks.send_queued_mail.run()  # (limit 50) sends the rest, and asks for no more
    assert len(mail.outbox) == 3 and kicks == []


def test_the_throttle_counts_per_address_and_per_account(kicks):
    organiser = UserFactory(username="orla")
    claim = MailKind.CLAIM_LINK
    for _ in range(3):
        assert mail_service.mail_allowed(kind=claim, to="Wendy@example.org", account=organiser)
        _queue(kind=claim, to="wendy@example.org", account=organiser)
    assert not mail_service.mail_allowed(kind=claim, to="WENDY@example.org ", account=organiser)
    assert mail_service.mail_allowed(kind=claim, to="other@example.org", account=organiser)
    for n in range(27):
        _queue(kind=claim, to=f"p{n}@example.org", account=organiser)
    assert not mail_service.mail_allowed(kind=claim, to="new@example.org", account=organiser)
    QueuedMail.objects.update(created_at=timezone.now() - timedelta(hours=1, seconds=1))
    assert mail_service.mail_allowed(kind=claim, to="wendy@example.org", account=organiser)


def _stalled(message, *args, **kwargs):
    raise TimeoutError("the mail server did not answer")


@pytest.fixture
def with_broker(eager_celery):
    """The production shape's Celery settings: tasks go to a broker (patched by `kicks`)."""
    eager_celery.conf.update(task_always_eager=False)
    return eager_celery


def test_after_a_failed_run_one_more_run_is_asked_when_the_next_mail_is_due(
        kicks, with_broker, monkeypatch):
    monkeypatch.setattr("django.core.mail.EmailMessage.send", _stalled)
    _queue()
    kicks.clear()
    tasks.send_queued_mail.run()
    assert [round(k["countdown"]) for k in kicks] == [30]  # without beat, the queue goes on
    QueuedMail.objects.update(due_at=timezone.now())
    tasks.send_queued_mail.run()  # a second failed run while the first request waits
    assert len(kicks) == 1


def test_the_embedded_mode_asks_for_no_later_run(kicks, eager_celery, monkeypatch):
    monkeypatch.setattr("django.core.mail.EmailMessage.send", _stalled)
    _queue()
    kicks.clear()
    tasks.send_queued_mail.run()
    assert kicks == [] and QueuedMail.objects.get().attempts == 1
