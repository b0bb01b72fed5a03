"""A worker killed while a notice mail is with the mail server: no player gets it twice.

The server takes the mail's text and then never answers (as if the worker died before it
heard "250"); the worker is killed there. The next worker gives that mail up instead of
sending it again, and sends the rest. Skipped without a broker and PostgreSQL (CI has both).
"""

import socketserver
import threading
from email import message_from_bytes

import pytest

from league.models import MailState, QueuedMail
from tests.celery_workers import (
    kill_a_worker_mid_send,
    skip_without_broker_and_postgresql,
    worker_setup,
)
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
    skip_without_broker_and_postgresql()
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _FirstMailHangs)
    server.daemon_threads = True
    server.received, server.hung, server.release = [], threading.Event(), threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    queue, env = worker_setup("league.send_queued_mail", EMAIL_USE_TLS="false",
                              EMAIL_HOST="127.0.0.1",
                              EMAIL_PORT=str(server.server_address[1]))
    table = seated_table(club_a, players_a, published=False)  # published below
    try:
        kill_a_worker_mid_send(
            queue, env, outbox=QueuedMail, hung=server.hung, release=server.release,
            # three notices (Dee has no login)
            send=lambda: round_set_published(rnd=table.round, user=alice),
            then=lambda: event_close(event=table.round.event, user=alice, force=True,
                                     reason="test"))
    finally:
        server.shutdown()
        server.server_close()
    seating = [m for m in server.received if "seat" in m["Subject"]]
    recipients = [m["To"] for m in seating]
    assert sorted(recipients) == ["alice@example.org", "pat@example.org", "sam@example.org"]
    interrupted = QueuedMail.objects.get(to=server.received[0]["To"],
                                         dedupe_key__startswith="seating")
    assert interrupted.state == MailState.FAILED and "twice" in interrupted.last_error
    assert QueuedMail.objects.filter(state=MailState.SENT).count() == 5  # 2 seats + 3 closed
