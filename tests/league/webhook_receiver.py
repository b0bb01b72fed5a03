"""A webhook receiver on the loopback for the tests: records every POST (headers and raw
body) and answers 503 to the first `refuse` of them, then 204."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class WebhookReceiver:
    def __init__(self, refuse: int = 0):
        self.refuse = refuse
        self.received: list[tuple[dict, bytes, int]] = []  # headers, body, status answered
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver._lock:
                    status = 503 if len(receiver.received) < receiver.refuse else 204
                    receiver.received.append((dict(self.headers), body, status))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def accepted(self) -> list[tuple[dict, bytes]]:
        with self._lock:
            return [(h, b) for h, b, status in self.received if status < 300]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
