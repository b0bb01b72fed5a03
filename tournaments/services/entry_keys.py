"""A phone's own key for each result it sends from a seat page (issue 27, without a network).

The seat page makes a key on the phone when an entry is made (static/js/seat-entry.js) and
posts it with the form as `entry_key`. A result queued offline keeps its key, so however
often a dropped network makes the phone send it again, the action runs once and every later
send with the same key is answered with the first answer: a dispute sent twice still reads
"disputed" after the organiser has decided, not "this result is approved".

Keys live beside the API's Idempotency-Keys (IdempotencyRecord, owner `seat:<seat id>`) and
are pruned with them after a day (`prune_idempotency_keys`). The whole action and its key
commit in one transaction: the unique (owner, key) row decides which of two sends runs, the
other waits for it and replays its answer.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from league.models import IdempotencyRecord
from tournaments.models import Seat

# What the page makes (a UUID, or 32 hex digits where crypto.randomUUID is missing).
KEY = re.compile(r"[A-Za-z0-9-]{16,64}")
DONE = 200


@dataclass(frozen=True)
class Answer:
    """What the page tells the phone: DONE with a message, or a refusal's status and reason."""

    status: int
    message: str
    replayed: bool = False


def entry_digest(form) -> str:
    """The content of one send: every posted field but the CSRF token and the key itself."""
    fields = sorted((name, value) for name, values in form.lists() for value in values
                    if name not in ("csrfmiddlewaretoken", "entry_key"))
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()


def entry_once(*, seat: Seat, key: str, digest: str, act: Callable[[], Answer]) -> Answer:
    """Run `act` once per (seat, key); a later send with the same content gets its answer.

    `act` raises for refusals that wrote nothing (the rules check, a seat that may not do
    this): the key is then not kept, and the phone may send again once the reason is gone.
    """
    owner = f"seat:{seat.pk}"
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(owner=owner, key=key,
                                                          request_hash=digest)
        except IntegrityError:
            return _replay(IdempotencyRecord.objects.get(owner=owner, key=key), digest)
        answer = act()
        IdempotencyRecord.objects.filter(pk=record.pk).update(
            in_flight=False, response_status=answer.status,
            response_body={"message": answer.message})
        return answer


def _replay(record: IdempotencyRecord, digest: str) -> Answer:
    if record.request_hash != digest:
        return Answer(422, _("This phone sent another version under the same entry key. "
                             "Reload the page and send it again."))
    return Answer(record.response_status, (record.response_body or {}).get("message", ""),
                  replayed=True)
