"""The one HTTP request a webhook delivery makes, and the address check that guards it.

A webhook URL is typed by an organiser, so without a check the worker would POST wherever
it points: the database, the cache, a cloud's metadata service (SSRF). Every address the
host resolves to must be public unless `WEBHOOK_ALLOW_PRIVATE_URLS` is on (development and
the tests' receivers on the loopback). The check runs when a hook is registered and again
at each delivery, and the request connects to the very address that was checked, so a DNS
answer that changes in between (rebinding) cannot lead it inside. Redirects are not
followed for the same reason.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

TIMEOUT = 10.0  # seconds for the connection and for the answer


def checked_address(url: str, *, allow_private: bool | None = None) -> tuple[str, int]:
    """The (address, port) to send to, or a ValidationError on field `url` saying why not.

    `allow_private` None follows WEBHOOK_ALLOW_PRIVATE_URLS (push has its own setting)."""
    if allow_private is None:
        allow_private = settings.WEBHOOK_ALLOW_PRIVATE_URLS
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError({"url": _("A webhook URL starts with https:// or http:// and "
                                        "names a host.")})
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        answers = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise ValidationError({"url": _("The host %(host)s cannot be found.")
                               % {"host": parts.hostname}}) from None
    addresses = [answer[4][0] for answer in answers]
    if not allow_private:
        for address in addresses:
            if not ipaddress.ip_address(address.split("%")[0]).is_global:
                raise ValidationError({"url": _(
                    "%(host)s is a private or local address (%(address)s): webhooks go to "
                    "public addresses only.") % {"host": parts.hostname, "address": address}})
    return addresses[0], port


def post(url: str, body: bytes, headers: dict[str, str], *,
         allow_private: bool | None = None) -> int:
    """POST `body` to `url` at its checked address; the answer's status (redirects are not
    followed). Raises ValidationError (a refused address) or OSError (network)."""
    return post_answer(url, body, headers, allow_private=allow_private)[0]


def post_answer(url: str, body: bytes, headers: dict[str, str], *,
                allow_private: bool | None = None) -> tuple[int, dict[str, str]]:
    """As `post`, with the answer's headers too (a push service's Retry-After)."""
    address, port = checked_address(url, allow_private=allow_private)
    parts = urlsplit(url)
    connection = _connection(parts.scheme, parts.hostname, address, port)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    try:
        connection.request("POST", target, body=body, headers=headers)
        answer = connection.getresponse()
        answer.read(64 * 1024)  # the receiver's answer is not used, only its status
        return answer.status, dict(answer.getheaders())
    finally:
        connection.close()


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, address: str, port: int):
        super().__init__(host, port, timeout=TIMEOUT)
        self._address = address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, address: str, port: int):
        super().__init__(host, port, timeout=TIMEOUT, context=ssl.create_default_context())
        self._address = address

    def connect(self):
        raw = socket.create_connection((self._address, self.port), self.timeout)
        # The certificate is checked against the URL's host name, not the address.
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)


def _connection(scheme: str, host: str, address: str, port: int):
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    return kind(host, address, port)
