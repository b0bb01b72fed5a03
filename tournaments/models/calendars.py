from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Player


class CalendarLink(models.Model):
    """A player's private calendar feed: the URL carries a random key, only its hash is kept.

    One link per player; a new one replaces it and removing it revokes the feed, so a
    leaked URL is cut off by making a new one.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="calendar_link")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("calendar link")
        verbose_name_plural = _("calendar links")

    def __str__(self) -> str:
        return f"calendar of {self.player}"
