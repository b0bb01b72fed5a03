"""A push service on the loopback for the tests, and the browsers it delivers to.

Each `Browser` has its own P-256 key pair and auth secret, as a real browser's
PushSubscription does. The receiver checks the VAPID signature (RFC 8292) against the
server's public key, decrypts each message with the browser's private key (RFC 8291,
http_ece) and keeps the payloads per browser. `answers[path]` lists the status codes to
answer that browser's next requests with (then 201); `hang_first` holds the first request
unanswered until `release` is set, as if the worker died waiting.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    def __init__(self, receiver: PushReceiver, name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.path = f"/push/{name}"
        self.endpoint = f"http://127.0.0.1:{receiver.port}{self.path}"

    @property
    def p256dh(self) -> str:
        return b64(self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscribe(self, player):
        from league.models import PushSubscription

        # Straight to the table: the service wants https, the loopback receiver is http.
        return PushSubscription.objects.create(player=player, endpoint=self.endpoint,
                                               p256dh=self.p256dh, auth=b64(self.auth))


def vapid_verified(authorization: str, public_key: str) -> bool:
    """`vapid t=<JWT>, k=<key>`: the key is the server's and signs the token (ES256)."""
    if not authorization.startswith("vapid "):
        return False
    fields = dict(part.strip().split("=", 1) for part in authorization[6:].split(","))
    if fields.get("k") != public_key:
        return False
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    try:
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return False
    return json.loads(unb64(claims))["aud"].startswith("http://127.0.0.1")


class PushReceiver:
    def __init__(self, vapid_public_key: str):
        self.vapid_public_key = vapid_public_key
        self.browsers: dict[str, Browser] = {}
        self.received: dict[str, list[dict]] = {}
        self.requests = 0
        self.answers: dict[str, list[int]] = {}
        self.retry_after = ""  # sent with every refusal when set
        self.hang_first = False
        self.hung, self.release = threading.Event(), threading.Event()
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def browser(self, name: str) -> Browser:
        self.browsers[f"/push/{name}"] = browser = Browser(self, name)
        return browser

    def got(self, browser: Browser) -> list[dict]:
        with self.lock:
            return list(self.received.get(browser.path, []))

    def start(self) -> PushReceiver:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def take(self, path: str, headers, body: bytes) -> int:
        """Decrypt and keep the message; the status to answer."""
        browser = self.browsers.get(path)
        if browser is None:
            return 404
        if not vapid_verified(headers.get("Authorization", ""), self.vapid_public_key):
            return 401
        if headers.get("Content-Encoding") != "aes128gcm" or not headers.get("TTL"):
            return 400
        with self.lock:
            self.requests += 1
            planned = self.answers.get(path)
            status = planned.pop(0) if planned else 201
        if status >= 300:
            return status
        text = http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth,
                                version="aes128gcm")
        with self.lock:
            self.received.setdefault(path, []).append(json.loads(text))
            first = self.hang_first and sum(map(len, self.received.values())) == 1
        if first:
            self.hung.set()
            self.release.wait(60)
        return status


def _handler(receiver: PushReceiver):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (the http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            status = receiver.take(self.path, self.headers, body)
            self.send_response(status)
            if status >= 400 and receiver.retry_after:
                self.send_header("Retry-After", receiver.retry_after)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    return Handler
