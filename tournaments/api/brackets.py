"""The knockout of a final night, read-only: `/api/v1/brackets/` (filter by event or season).

Limited to what the caller may see, like the nights themselves."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers, viewsets

from league import permissions
from league.api.auth import ReadOrCredentials, subject_of
from tournaments.brackets.play import BYE, NOT_NEEDED, PLAYED, READY, WAITING
from tournaments.models import Bracket, BracketFormat
from tournaments.selectors_brackets import bracket_view


class BracketSideSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    total = serializers.FloatField(allow_null=True, help_text="The side's total, once entered.")
    won = serializers.BooleanField()


class BracketMatchSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="W2-1: winners' (or the only) bracket, round 2, "
                                          "match 1; L: losers' bracket; GF, GF2: grand final "
                                          "and its deciding match; 3P: third place.")
    stage = serializers.CharField()
    label = serializers.CharField()
    round = serializers.IntegerField(help_text="The night's round the match is played in.")
    state = serializers.ChoiceField(choices=[BYE, WAITING, READY, PLAYED, NOT_NEEDED])
    top = BracketSideSerializer(allow_null=True)
    bottom = BracketSideSerializer(allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True,
                                     help_text="The table where it is played (results go "
                                               "there: /api/v1/tables/{id}/result/).")
    result_status = serializers.CharField(allow_null=True)


class BracketEntrantSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    standing_rank = serializers.IntegerField(allow_null=True)


class BracketChampionSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    name = serializers.CharField()


class BracketSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="bracket.pk")
    event = serializers.IntegerField(source="bracket.event_id")
    season = serializers.IntegerField(source="bracket.season_id", allow_null=True,
                                      help_text="The season whose standings seeded it.")
    format = serializers.ChoiceField(source="bracket.format", choices=BracketFormat.choices)
    consolation = serializers.BooleanField(source="bracket.consolation")
    entrants = serializers.SerializerMethodField()
    matches = BracketMatchSerializer(many=True)
    champion = serializers.SerializerMethodField()

    @extend_schema_field(BracketEntrantSerializer(many=True))
    def get_entrants(self, view) -> list[dict]:
        return [{"seed": seed, "player": player, "name": name, "standing_rank": rank}
                for seed, player, name, rank in view.entrants]

    @extend_schema_field(BracketChampionSerializer(allow_null=True))
    def get_champion(self, view) -> dict | None:
        return {"seed": view.champion[0], "name": view.champion[1]} if view.champion else None


class BracketViewSet(viewsets.ReadOnlyModelViewSet):
    """Knockout finals: seeds, matches by round of play with their tables, the winner."""

    permission_classes = [ReadOrCredentials]
    serializer_class = BracketSerializer
    filterset_fields = ["event", "season"]
    ordering_fields = ["id"]

    def get_queryset(self):
        return permissions.restrict(
            Bracket.objects.select_related("event__club", "season").order_by("-id"),
            subject_of(self.request))

    def get_serializer(self, instance=None, *args, **kwargs):
        if instance is not None:
            many = kwargs.get("many", False)
            instance = [bracket_view(b) for b in instance] if many else bracket_view(instance)
        return super().get_serializer(instance, *args, **kwargs)
