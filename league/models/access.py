import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Club


def hash_token_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    """A club-scoped API credential for a scoring app or play server.

    Only the hash is stored; the key is shown once when the token is created.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

    @staticmethod
    def new_key() -> str:
        return "blk_" + secrets.token_urlsafe(32)


class IdempotencyRecord(models.Model):
    """One `Idempotency-Key` use: the request it guarded and the response it produced."""

    owner = models.CharField(max_length=64, help_text=_("user:<id> or token:<id>"))
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    in_flight = models.BooleanField(default=True)
    response_status = models.PositiveSmallIntegerField(null=True)
    response_body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # While in flight: the running request holds the key until then, and a request
    # that died (worker killed, connection lost) frees it when the lease runs out.
    locked_until = models.DateTimeField(null=True, blank=True)
    lease = models.UUIDField(null=True, blank=True, help_text=_("Which request holds the key."))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="idempotency_key_unique")
        ]

    def __str__(self) -> str:
        return f"{self.owner} · {self.key}"
