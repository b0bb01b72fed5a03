"""A worker killed while a notice mail is with the mail server: no player gets it twice.

The server takes the mail's text and then never answers (as if the worker died before it
heard "250"); the worker is killed there. The next worker gives that mail up instead of
sending it again, and sends the rest. Skipped without a broker and PostgreSQL (CI has both).
"""

import os
import signal
import socketserver
import threading
from email import message_from_bytes

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from config.celery import app
from league.models import MailState, QueuedMail
from tests.celery_workers import start_worker, stop_worker, wait_for, worker_database_url
from tests.factories import seated_table
from tournaments.services.events import event_close
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


class _FirstMailHangs(socketserver.StreamRequestHandler):
    """Speaks SMTP; the first message's end of DATA is never answered."""

    def handle(self):
        server = self.server
        self._reply(220, "ready")
        while line := self.rfile.readline():
            verb = line.split(b" ", 1)[0].strip().upper()
            if verb == b"DATA":
                self._reply(354, "go on")
                lines = []
                while (data := self.rfile.readline()) not in (b".\r\n", b""):
                    lines.append(data)
                server.received.append(message_from_bytes(b"".join(lines)))
                if len(server.received) == 1:
                    server.hung.set()
                    server.release.wait(60)
                    return
                self._reply(250, "queued")
            elif verb == b"QUIT":
                self._reply(221, "bye")
                return
            else:
                self._reply(250, "ok")

    def _reply(self, code, text):
        self.wfile.write(f"{code} {text}\r\n".encode())


def test_a_notice_interrupted_by_a_killed_worker_is_never_sent_twice(club_a, alice, players_a,
                                                                     own_default_queue):
    if settings.CELERY_TASK_ALWAYS_EAGER or connection.vendor != "postgresql":
        pytest.skip("needs a broker (CELERY_BROKER_URL) and PostgreSQL")
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _FirstMailHangs)
    server.daemon_threads = True
    server.received, server.hung, server.release = [], threading.Event(), threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    queue = app.amqp.router.route({}, "league.send_queued_mail")["queue"].name
    env = {"CELERY_DEFAULT_QUEUE": queue, "DATABASE_URL": worker_database_url(),
           "EMAIL_USE_TLS": "false", "EMAIL_HOST": "127.0.0.1",
           "EMAIL_PORT": str(server.server_address[1])}
    table = seated_table(club_a, players_a, published=False)  # published below
    first = start_worker(queue, **env)
    second = None
    try:
        round_set_published(rnd=table.round, user=alice)  # three notices (Dee has no login)
        wait_for(server.hung.is_set, 60, "the worker did not send the first notice")
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
        server.release.set()
        # The killed worker's lease runs out (2 min in production; here at once).
        QueuedMail.objects.filter(claimed_until__isnull=False).update(
            claimed_until=timezone.now())
        second = start_worker(queue, **env)
        event_close(event=table.round.event, user=alice, force=True, reason="test")  # a kick
        wait_for(lambda: not QueuedMail.objects.filter(state=MailState.QUEUED).exists(), 120,
               "the second worker did not send the rest")
    finally:
        for worker in (first, second):
            if worker is not None:
                stop_worker(worker)
        server.shutdown()
        server.server_close()
    seating = [m for m in server.received if "seat" in m["Subject"]]
    recipients = [m["To"] for m in seating]
    assert sorted(recipients) == ["alice@example.org", "pat@example.org", "sam@example.org"]
    interrupted = QueuedMail.objects.get(to=server.received[0]["To"],
                                         dedupe_key__startswith="seating")
    assert interrupted.state == MailState.FAILED and "twice" in interrupted.last_error
    assert QueuedMail.objects.filter(state=MailState.SENT).count() == 5  # 2 seats + 3 closed
