from django.db import models


class Heartbeat(models.Model):
    """When a background process last showed it was alive ("beat", "followups"), for
    /healthz: read from the database, so the check costs one query, not a broadcast."""

    name = models.CharField(max_length=40, unique=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%H:%M:%S}"
