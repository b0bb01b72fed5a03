from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Club, Player


class PlayerGameStat(models.Model):
    """One player's line for one complete game: the result and the hands' statistics.

    Written by `rankings.services.player_stats` when results change, so the player
    page reads a page of these rows instead of walking every game and hand.
    ``game`` is nulled (not cascaded) when a result is removed, so the next
    refresh sees the orphan and recounts its player's totals.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_stats")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(
        "tournaments.TableResult", null=True, on_delete=models.SET_NULL, related_name="player_stats")
    played_at = models.DateTimeField()
    record_hash = models.CharField(max_length=64, help_text=_("The game's record when counted."))
    game_updated_at = models.DateTimeField(
        null=True, help_text=_("The game's updated_at when counted: a game saved since is recounted."))
    table_label = models.CharField(max_length=20, blank=True)
    game_name = models.CharField(max_length=40, blank=True,
                                 help_text=_("The rules game played at the table, e.g. mighty."))
    hands_played = models.PositiveIntegerField(
        default=0, help_text=_("Every hand of the game, whether or not it had bids to count."))
    # None when the game cannot be attributed to sides (an empty seat): no result, no rivals.
    score = models.FloatField(null=True)
    place = models.FloatField(null=True)
    others = models.JSONField(default=list, help_text=_("Every other player at the table."))
    rivals = models.JSONField(
        default=dict, help_text=_("Opponent id -> comparison: 1 ahead of them, -1 behind, 0 level."))
    hands = models.PositiveIntegerField(default=0)
    perfect = models.PositiveIntegerField(default=0)
    over = models.PositiveIntegerField(default=0)
    sets = models.PositiveIntegerField(default=0)
    overtricks = models.PositiveIntegerField(default=0)
    by_size = models.JSONField(default=dict, help_text=_("Cards dealt -> [hands, made, perfect]."))
    bluke_hands = models.PositiveIntegerField(default=0)
    bluke_held = models.PositiveIntegerField(default=0)
    bluke_won = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "league_playergamestat"  # the table from before the move to rankings
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="player_game_stat_unique")
        ]
        indexes = [
            models.Index(fields=["player", "-played_at", "-id"], name="player_game_stat_recent"),
            models.Index(fields=["club", "player"], name="player_game_stat_club"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id}"


class PlayerStats(models.Model):
    """A player's totals at one club: the sums of their `PlayerGameStat` rows there."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="club_stats")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    perfect = models.PositiveIntegerField(default=0)
    over = models.PositiveIntegerField(default=0)
    sets = models.PositiveIntegerField(default=0)
    overtricks = models.PositiveIntegerField(default=0)
    by_size = models.JSONField(default=dict, help_text=_("Cards dealt -> [hands, made, perfect]."))
    bluke_hands = models.PositiveIntegerField(default=0)
    bluke_held = models.PositiveIntegerField(default=0)
    bluke_won = models.PositiveIntegerField(default=0)
    by_game = models.JSONField(
        default=dict, help_text=_("Rules game -> games, firsts, hands, scored games, score sum, "
                                "best score and place sum, for the page's per-game lines."))

    class Meta:
        db_table = "league_playerstats"  # the table from before the move to rankings
        verbose_name_plural = _("player statistics")
        constraints = [
            models.UniqueConstraint(fields=["player", "club"], name="player_stats_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.club}"


class HeadToHead(models.Model):
    """A player's record against one opponent at one club (partners are not opponents)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="head_to_head")
    opponent = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    ahead = models.PositiveIntegerField(default=0)
    behind = models.PositiveIntegerField(default=0)
    level = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "league_headtohead"  # the table from before the move to rankings
        verbose_name_plural = _("head-to-head records")
        constraints = [
            models.UniqueConstraint(fields=["player", "club", "opponent"],
                                    name="head_to_head_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} v {self.opponent}"
