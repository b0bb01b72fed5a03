"""A mail server on localhost for the outbox tests, which can be up, stalled or down.

Up, it speaks just enough SMTP for Django's SMTP backend (no TLS, no auth) and keeps what
it receives; stalled, it accepts connections and never answers (a frozen server); down, no
one listens (a killed one).
"""

import socket
import socketserver
import threading
from email import message_from_bytes


class _Handler(socketserver.StreamRequestHandler):
    def handle(self):
        sink = self.server.sink
        sink.connections += 1
        if sink.stalled:
            sink.release.wait(10)
            return
        self._reply(220, "localhost ready")
        while line := self.rfile.readline():
            verb = line.split(b" ", 1)[0].strip().upper()
            if verb == b"DATA":
                self._reply(354, "end with <CRLF>.<CRLF>")
                sink.received.append(message_from_bytes(self._read_data()))
                self._reply(250, "queued")
            elif verb == b"QUIT":
                self._reply(221, "bye")
                return
            else:  # EHLO, MAIL, RCPT, RSET, NOOP
                self._reply(250, "ok")

    def _read_data(self) -> bytes:
        lines = []
        while (line := self.rfile.readline()) not in (b".\r\n", b""):
            lines.append(line[1:] if line.startswith(b"..") else line)
        return b"".join(lines)

    def _reply(self, code: int, text: str) -> None:
        self.wfile.write(f"{code} {text}\r\n".encode())


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class SmtpSink:
    def __init__(self):
        self.received = []
        self.connections = 0
        self.stalled = False
        self.release = threading.Event()
        with socket.socket() as probe:  # a free port, kept while the server is down
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self._server = None

    def up(self) -> None:
        self.stalled = False
        self.release.set()
        self._start()

    def stall(self) -> None:
        self.stalled = True
        self.release.clear()
        self._start()

    def down(self) -> None:
        self.release.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _start(self) -> None:
        if self._server is None:
            self._server = _Server(("127.0.0.1", self.port), _Handler)
            self._server.sink = self
            threading.Thread(target=self._server.serve_forever, daemon=True).start()
