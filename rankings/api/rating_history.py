"""API: one player's rating history in one pool, a page at a time (oldest game first).

The whole history inline in /players/{id}/ratings/ grows with every game; this list is
paged like every other (`?page=N`, 50 a page) and names the game and its night.
"""

from __future__ import annotations

from django.http import Http404
from rest_framework import generics, serializers

from league.api.auth import subject_of
from rankings.models import RatingHistory
from rankings.selectors_leaderboard import visible_pool
from rankings.selectors_stats import visible_player


class RatingHistoryRowSerializer(serializers.ModelSerializer):
    game_id = serializers.IntegerField(allow_null=True, read_only=True,
                                       help_text="The rated game (null once it was removed).")
    night_id = serializers.IntegerField(source="game.table.round.event_id", allow_null=True,
                                        read_only=True, default=None)

    class Meta:
        model = RatingHistory
        fields = ["game_id", "night_id", "played_at", "mu_before", "sigma_before",
                  "games_before", "mu_after", "sigma_after", "games_after"]
        read_only_fields = fields


class PlayerRatingHistoryView(generics.ListAPIView):
    """The player's rating before and after each rated game in the pool, oldest first."""

    serializer_class = RatingHistoryRowSerializer
    filter_backends: list = []

    def get_queryset(self):
        subject = subject_of(self.request)
        pool = visible_pool(subject=subject, pk=self.kwargs["pool"])
        player = visible_player(subject=subject, pk=self.kwargs["pk"]) if pool else None
        if pool is None or player is None:
            raise Http404("No such rating.")
        return (RatingHistory.objects.filter(pool=pool, player=player)
                .select_related("game__table__round").order_by("played_at", "game_order"))
