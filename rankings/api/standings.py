"""API: a season's stored standings and a player's ratings with history. Read-only."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import subject_of
from league.page_cache import cached_api, club_version
from rankings.models import StandingRow
from rankings.selectors_ratings import player_ratings, rating_history, rating_view
from rankings.selectors_stats import season_standings, visible_player, visible_seasons


class StandingRowSerializer(serializers.ModelSerializer):
    player_id = serializers.IntegerField(read_only=True)
    player_name = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = StandingRow
        fields = ["rank", "player_id", "player_name", "qualified", "points", "games", "nights",
                  "counted_nights", "total_score", "average_score", "average_points", "firsts",
                  "seconds", "places", "tiebreak", "computed_at"]
        read_only_fields = fields


def _season_versions(request, pk: int) -> dict[int, str]:
    season = get_object_or_404(visible_seasons(subject=subject_of(request)), pk=pk)
    return {season.club_id: club_version(season.club_id)}


class SeasonStandingsView(generics.ListAPIView):
    """The season's standings as last recomputed, best first (public clubs for anyone).

    Served from the cache while the season's results are unchanged, with an ETag
    (If-None-Match gets 304 Not Modified).
    """

    serializer_class = StandingRowSerializer
    filter_backends = []

    @cached_api("api-standings", _season_versions)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        season = get_object_or_404(visible_seasons(subject=subject_of(self.request)),
                                   pk=self.kwargs["pk"])
        return season_standings(season)


class HistoryPointSerializer(serializers.Serializer):
    game_id = serializers.IntegerField(allow_null=True)
    played_at = serializers.DateTimeField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()
    games_after = serializers.IntegerField()


class PlayerRatingSerializer(serializers.Serializer):
    club_id = serializers.IntegerField()
    game = serializers.CharField()
    variant = serializers.CharField()
    kind = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="Grown for the time since the last game.")
    conservative = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_at = serializers.DateTimeField(allow_null=True)
    history = HistoryPointSerializer(many=True)


class PlayerRatingsView(APIView):
    """The player's current rating per club and game variant, with the per-game history."""

    @extend_schema(responses=PlayerRatingSerializer(many=True))
    def get(self, request, pk: int):
        subject = subject_of(request)
        player = visible_player(subject=subject, pk=pk)
        if player is None:
            raise Http404("No such player.")
        data = []
        for rating in player_ratings(player, subject=subject):
            view = rating_view(rating)
            pool = rating.pool
            data.append({
                "club_id": pool.club_id, "game": pool.game, "variant": pool.variant,
                "kind": pool.kind, "mu": view.mu, "sigma": view.sigma,
                "conservative": view.conservative, "games": view.games,
                "provisional": view.provisional, "last_played_at": view.last_played_at,
                "history": list(rating_history(player, pool).values(
                    "game_id", "played_at", "mu_before", "sigma_before", "mu_after",
                    "sigma_after", "games_after")),
            })
        return Response(PlayerRatingSerializer(data, many=True).data)
