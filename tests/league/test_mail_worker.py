"""A real Celery worker sends the queued mail through a mail server that was down.

The production shape for mail: PostgreSQL, a Redis broker, a worker process with SMTP
settings. Skipped without a broker and PostgreSQL (CI has both).
"""


import pytest
from django.urls import reverse

from config.celery import app
from league.models import MailState, QueuedMail
from tests.celery_workers import (
    skip_without_broker_and_postgresql,
    start_worker,
    stop_worker,
    wait_for,
    worker_database_url,
)
from tests.factories import UserFactory
from tests.league.smtp_sink import SmtpSink

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def worker_env(own_default_queue):
    skip_without_broker_and_postgresql()
    return {"CELERY_DEFAULT_QUEUE": own_default_queue, "DATABASE_URL": worker_database_url(),
            "EMAIL_USE_TLS": "false"}


def test_a_reset_mail_goes_out_once_after_the_mail_server_comes_back(client, worker_env,
                                                                    settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rita = UserFactory(username="rita", email="rita@example.org")
    rita.set_password("a-long-pass-phrase-9")
    rita.save()
    sink = SmtpSink()  # down: nobody listens on its port yet
    queue = app.amqp.router.route({}, "league.send_queued_mail")["queue"].name
    worker = start_worker(queue, **worker_env, EMAIL_HOST="127.0.0.1",
                          EMAIL_PORT=str(sink.port))
    try:
        answer = client.post(reverse("password_reset"), {"email": "rita@example.org"})
        assert answer.status_code == 302
        wait_for(lambda: QueuedMail.objects.filter(attempts__gte=1).exists(), 60,
               "the worker did not try to send the mail")
        assert QueuedMail.objects.get().state == MailState.QUEUED  # refused: to be retried
        sink.up()
        wait_for(lambda: QueuedMail.objects.filter(state=MailState.SENT).exists(), 120,
               "the worker did not send the mail once the server was back")
    finally:
        stop_worker(worker)
        sink.down()
    assert [m["To"] for m in sink.received] == ["rita@example.org"]
    assert QueuedMail.objects.get().attempts == 2
