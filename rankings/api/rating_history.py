"""API: one player in one rating pool: the history a page at a time (oldest game first),
and where they stand (percentile, peaks, nights against the expectation, a chance).

The whole history inline in /players/{id}/ratings/ grows with every game; this list is
paged like every other (`?page=N`, 50 a page) and names the game and its night.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import subject_of
from league.api.errors import ERRORS
from rankings.models import RatingHistory
from rankings.selectors_leaderboard import visible_pool
from rankings.selectors_rating_page import nights, peak, pool_standing, win_chance
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


class PeakSerializer(serializers.Serializer):
    rating = serializers.FloatField(allow_null=True)
    rating_at = serializers.DateTimeField(allow_null=True)
    percentile = serializers.FloatField(allow_null=True)
    percentile_at = serializers.DateTimeField(allow_null=True)


class NightSerializer(serializers.Serializer):
    night_id = serializers.IntegerField(source="event_id")
    name = serializers.CharField()
    date = serializers.DateField()
    games = serializers.IntegerField()
    expected_place = serializers.FloatField(
        help_text="From everyone's ratings before each game: 1 plus each other side's chance "
                  "to finish ahead, averaged over the night.")
    place = serializers.FloatField(source="actual_place", help_text="The average place won.")


class AgainstSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    chance = serializers.FloatField(help_text="P(this player finishes ahead of the opponent "
                                              "at a table of the two), by the pool's engine.")


class PlayerPoolRatingSerializer(serializers.Serializer):
    pool = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="Grown for the time since the last game.")
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    rank = serializers.IntegerField()
    size = serializers.IntegerField(help_text="Players rated in the pool.")
    percentile = serializers.FloatField(
        allow_null=True, help_text="Percent of the pool's other players rated below; ties "
                                   "count half (null: alone in the pool).")
    peak = PeakSerializer()
    nights = NightSerializer(many=True)
    against = AgainstSerializer(allow_null=True)


class PlayerPoolRatingView(APIView):
    """The player's standing in one pool: percentile, peaks, each night against the
    expectation, and with `?against=<player id>` the chance against that opponent."""

    @extend_schema(parameters=[OpenApiParameter("against", int, required=False)],
                   responses={200: PlayerPoolRatingSerializer, **ERRORS})
    def get(self, request, pk: int, pool: int):
        subject = subject_of(request)
        found = visible_pool(subject=subject, pk=pool)
        player = visible_player(subject=subject, pk=pk) if found else None
        standing = pool_standing(found, player) if player else None
        if standing is None:
            raise Http404("No such rating.")
        view = standing.row.view
        body = {"pool": found.pk, "mu": view.mu, "sigma": view.sigma, "games": view.games,
                "provisional": view.provisional, "rank": standing.rank,
                "size": standing.size, "percentile": standing.percentile,
                "peak": peak(found, player), "nights": nights(found, player),
                "against": _against(request, found, standing)}
        return Response(PlayerPoolRatingSerializer(body).data)


def _against(request, pool, standing) -> dict | None:
    wanted = request.query_params.get("against")
    if not wanted:
        return None
    row = next((r for r in standing.rows if str(r.player.pk) == wanted
                and r.player.pk != standing.row.player.pk), None)
    if row is None:
        raise ValidationError({"against": [_("Choose another player rated in this pool.")]})
    return {"player_id": row.player.pk, "chance": win_chance(pool, standing.row, row)}
