from django.db import models

from league.models import Federation


class FederationNight(models.Model):
    """A closed night that counts in a federation's pools (its correction window passed).

    Written by `rankings.services.federations.federation_sync`; a club that leaves takes
    its nights out again.
    """

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="nights")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE,
                              related_name="federation_counts")
    counted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["federation", "event"]
        constraints = [models.UniqueConstraint(fields=["federation", "event"],
                                               name="federation_night_unique")]

    def __str__(self) -> str:
        return f"{self.event} in {self.federation}"
