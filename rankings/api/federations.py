"""API: federations, their member clubs and pools, and a pool's leaderboard. Read-only.

The leaderboard leaves out the players of private clubs who did not agree to appear,
as the pages do (`rankings.selectors_federations`); it is paged like every list.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import subject_of
from league.api.errors import ERRORS
from league.models import Federation
from rankings.selectors_federations import (
    federation_pool,
    federation_pools,
    member_clubs,
    unlisted_for,
)
from rankings.selectors_leaderboard import pool_leaderboard


class FederationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Federation
        fields = ["slug", "name", "site_wide", "description"]
        read_only_fields = fields


class MemberSerializer(serializers.Serializer):
    club_id = serializers.IntegerField()
    club_slug = serializers.CharField(source="club.slug")
    club_name = serializers.CharField(source="club.name")
    game = serializers.CharField()
    joined_at = serializers.DateTimeField()


class PoolSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    game = serializers.CharField()
    variant = serializers.CharField(help_text="The rules options (canonical JSON).")
    label = serializers.CharField()
    kind = serializers.CharField(help_text="The rating engine.")
    games = serializers.IntegerField(help_text="Rated games.")


class FederationDetailSerializer(FederationSerializer):
    clubs = MemberSerializer(many=True, help_text="Member clubs the caller may see, per game.")
    private_clubs = serializers.IntegerField(help_text="Member clubs the caller may not see.")
    pools = PoolSerializer(many=True)

    class Meta(FederationSerializer.Meta):
        fields = [*FederationSerializer.Meta.fields, "clubs", "private_clubs", "pools"]
        read_only_fields = fields


class LeaderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField(source="player.pk")
    player_name = serializers.CharField(source="player.display_name")
    rating = serializers.FloatField()
    sigma = serializers.FloatField()
    conservative = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_at = serializers.DateTimeField(allow_null=True)


class FederationListView(generics.ListAPIView):
    """Every federation (anyone may list them)."""

    serializer_class = FederationSerializer
    filter_backends: list = []
    queryset = Federation.objects.order_by("name", "pk")


class FederationDetailView(APIView):
    """One federation: the member clubs the caller may see, and its rating pools."""

    @extend_schema(responses={200: FederationDetailSerializer, **ERRORS})
    def get(self, request, slug: str):
        federation = get_object_or_404(Federation, slug=slug)
        clubs, hidden = member_clubs(federation, subject_of(request))
        pools = list(federation_pools(federation))
        data = FederationSerializer(federation).data | {
            "clubs": MemberSerializer(clubs, many=True).data, "private_clubs": hidden,
            "pools": PoolSerializer(pools, many=True).data}
        return Response(data)


class FederationLeaderboardView(generics.ListAPIView):
    """A federation pool's leaderboard, best first: players of private clubs only if they
    agreed to appear (the caller's own line always)."""

    serializer_class = LeaderRowSerializer
    filter_backends: list = []

    def get_queryset(self):
        federation = get_object_or_404(Federation, slug=self.kwargs["slug"])
        pool = federation_pool(federation, self.kwargs["pool"])
        if pool is None:
            raise Http404("No such rating pool.")
        return pool_leaderboard(pool, exclude=unlisted_for(pool, subject_of(self.request)))
