"""Hand review by the bots: a night's review job and the decisions it judged.

The search bot judges every decision of every card-by-card hand of a closed night
(games/bots/review.py); `rankings.services.reviews` writes these rows, never a form.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.bots.review import REVIEWER_VERSION


class ReviewStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class NightReview(models.Model):
    """The review of one closed night: its seed and budget, and how far it got."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE,
                                 related_name="review")
    status = models.CharField(max_length=10, choices=ReviewStatus.choices,
                              default=ReviewStatus.QUEUED)
    seed = models.PositiveIntegerField(help_text=_("Seeds the bot's guesses: the same seed "
                                                   "gives the same review."))
    budget = models.PositiveSmallIntegerField(help_text=_("Guesses of the hidden cards per "
                                                          "decision."))
    reviewer = models.PositiveSmallIntegerField(
        help_text=_("The reviewer's version that reviews the night (games/bots/review.py); "
                    "an older one's review is redone when asked."))
    games_total = models.PositiveIntegerField(default=0)
    games_done = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Review of {self.event}"

    @property
    def is_stale(self) -> bool:
        """Finished by an older reviewer: its costly marks may differ from today's."""
        return self.status == ReviewStatus.DONE and self.reviewer < REVIEWER_VERSION


class ReviewedGame(models.Model):
    """One table's record, reviewed: the record's hash says which version was judged,
    so a corrected result is judged again and an unchanged one never twice."""

    game = models.OneToOneField("tournaments.TableResult", on_delete=models.CASCADE,
                                related_name="review")
    record_hash = models.CharField(max_length=64)
    seed = models.PositiveIntegerField()
    budget = models.PositiveSmallIntegerField()
    reviewer = models.PositiveSmallIntegerField(help_text=_("The reviewer's version that "
                                                            "judged it."))
    decisions = models.PositiveIntegerField(default=0)
    reviewed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Review of {self.game}"


class ReviewedDecision(models.Model):
    """One decision of a card-by-card hand as the search bot judged it."""

    game = models.ForeignKey("tournaments.TableResult", on_delete=models.CASCADE,
                             related_name="reviewed_decisions")
    hand = models.PositiveSmallIntegerField(help_text=_("1-based, in play order."))
    position = models.PositiveSmallIntegerField(
        help_text=_("Actions of the hand before this one (0-based)."))
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey("league.Player", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="reviewed_decisions")
    kind = models.CharField(max_length=10)
    played = models.CharField(max_length=40)
    preferred = models.CharField(max_length=40)
    loss = models.FloatField(help_text=_("Expected points the played action gave away "
                                         "against the bot's preferred one (0 or more)."))
    stakes = models.FloatField()
    costly = models.BooleanField(default=False)
    choices = models.PositiveSmallIntegerField()
    samples = models.PositiveSmallIntegerField(
        help_text=_("Guesses that fitted what the seat saw (0: not judged)."))

    class Meta:
        ordering = ["game", "hand", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "hand", "position"],
                                               name="reviewed_decision_unique")]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"{self.game} · hand {self.hand} · {self.played}"

    @property
    def agrees(self) -> bool:
        return self.played == self.preferred or self.loss == 0


class BoardPar(models.Model):
    """A duplicate board's par: each unit's mean score on it over seeded bot-only
    playouts (games.bots.review.board_par), made with the night's review."""

    board = models.OneToOneField("tournaments.Board", on_delete=models.CASCADE,
                                 related_name="par")
    par = models.JSONField(help_text=_("Mean score per seat (per side in partnership games)."))
    playouts = models.PositiveSmallIntegerField()
    seed = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Par of {self.board}"
