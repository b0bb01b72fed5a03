import json

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.game_titles import game_label
from league.models import Club, Federation, Player


class RatingPool(models.Model):
    """The ratings of one club for one game variant, and how they are computed.

    A pool belongs to a club, or to a federation (``club`` empty): a federation's pool
    rates the nights its member clubs counted in it (`FederationNight`), each person as
    one player across clubs (`league.models.PlayerLink`).

    The key is (club or federation, game, variant); ``variant`` is the canonical JSON of the
    table's rules options without the player count, so "bluke" and "bluke
    New Jersey" are rated apart while 3- and 4-player tables share a pool.
    ``kind`` and ``params`` configure the engine (`rankings.ratings.make_rater`);
    `fit_ratings` rewrites ``params`` from the pool's own history.
    """

    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="rating_pools")
    federation = models.ForeignKey(Federation, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="rating_pools")
    game = models.CharField(max_length=40)
    variant = models.CharField(max_length=255, default="{}", blank=True)
    # New pools: rankings.services.ratings.pools.default_kind (the same kind today).
    kind = models.CharField(max_length=20, default="whole_history")
    params = models.JSONField(default=dict, blank=True)
    fitted_at = models.DateTimeField(null=True, blank=True)
    fit_report = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "league_ratingpool"  # the table from before the move to rankings
        ordering = ["club", "game", "variant"]
        constraints = [
            models.UniqueConstraint(fields=["club", "game", "variant"], name="rating_pool_unique"),
            models.UniqueConstraint(fields=["federation", "game", "variant"],
                                    name="federation_rating_pool_unique"),
            models.CheckConstraint(
                condition=models.Q(club__isnull=True) ^ models.Q(federation__isnull=True),
                name="rating_pool_club_or_federation"),
        ]

    def __str__(self) -> str:
        return f"{self.club or self.federation}: {self.label}"

    @property
    def label(self) -> str:
        """"Bluke" or "Ribs (hands to win: 2)": the game's title and its rules options."""
        try:
            options = json.loads(self.variant or "{}")
        except ValueError:
            options = {}
        return game_label(self.game, options if isinstance(options, dict) else {})


class PlayerRating(models.Model):
    """A player's current rating state in a pool (what the engine's ``get`` returns).

    ``mu`` is the Elo number for Elo pools; ``sigma`` is 0 there. The stored
    state depends only on the games played; inactivity inflation is applied
    when the rating is read (`rankings.selectors_stats.rating_view`).
    """

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField(default=0.0)
    games = models.PositiveIntegerField(default=0)
    provisional = models.BooleanField(
        default=True, help_text=_("By the engine's rule at the last game (before inactivity).")
    )
    last_played_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "league_playerrating"  # the table from before the move to rankings
        ordering = ["pool", "-mu"]
        constraints = [
            models.UniqueConstraint(fields=["pool", "player"], name="player_rating_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.pool}: {self.mu:.1f}"

    @property
    def kind(self) -> str:
        return self.pool.kind


class RatingHistory(models.Model):
    """One player's before/after state for one rated game.

    ``game`` is nulled (not cascaded) when a result is removed, so the next
    update sees the orphan row and replays the pool from ``played_at``.

    On PostgreSQL the table is partitioned by pool (migration 0003): a pool's
    rows live in a default partition until its first full recompute, which
    builds the pool a partition of its own and swaps it in
    (`rankings.services.ratings.rebuild`). The primary key there is (id, pool),
    as PostgreSQL requires; ids still come from one sequence, so ``id`` alone
    stays unique.
    """

    # No single-column indexes on pool and player: the unique key starts with pool and
    # the chart's index with player, and every extra index is paid on each stored row.
    pool = models.ForeignKey(
        RatingPool, on_delete=models.CASCADE, related_name="history", db_index=False)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_history", db_index=False)
    game = models.ForeignKey(
        "tournaments.TableResult", null=True, on_delete=models.SET_NULL, related_name="rating_history"
    )
    played_at = models.DateTimeField()
    game_order = models.BigIntegerField(help_text=_("The game id, for ordering within played_at."))
    record_hash = models.CharField(max_length=64, help_text=_("The game's record when rated."))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    games_before = models.PositiveIntegerField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games_after = models.PositiveIntegerField()

    class Meta:
        db_table = "league_ratinghistory"  # the table from before the move to rankings
        ordering = ["pool", "played_at", "game_order", "player_id"]
        verbose_name_plural = _("rating history")
        constraints = [
            models.UniqueConstraint(
                fields=["pool", "game_order", "player"], name="rating_history_unique"
            )
        ]
        indexes = [
            models.Index(fields=["pool", "played_at", "game_order"]),
            models.Index(fields=["player", "played_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.mu_before:.1f} -> {self.mu_after:.1f}"
