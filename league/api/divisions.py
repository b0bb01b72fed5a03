"""A season's divisions, read-only: `/api/v1/divisions/?season=` (who plays in which)."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers, viewsets

from league import permissions
from league.api.auth import ReadOrCredentials, subject_of
from league.models import Division, DivisionPlace


class DivisionSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()

    class Meta:
        model = Division
        fields = ["id", "season", "name", "level", "players"]

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_players(self, division) -> list[dict]:
        return [{"player": place.player_id, "name": place.player.display_name}
                for place in division.places.all()]


class DivisionViewSet(viewsets.ReadOnlyModelViewSet):
    """Divisions of the seasons you may see, top first (level 1); set up and rolled over
    on the organiser's pages."""

    permission_classes = [ReadOrCredentials]
    serializer_class = DivisionSerializer
    filterset_fields = ["season"]
    ordering_fields = ["level", "id"]

    def get_queryset(self):
        places = DivisionPlace.objects.select_related("player").order_by(
            "player__display_name", "player_id")
        return permissions.restrict(
            Division.objects.order_by("season_id", "level").prefetch_related(
                Prefetch("places", queryset=places)), subject_of(self.request))
