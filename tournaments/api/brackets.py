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


class GroupSeatSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    total = serializers.FloatField(allow_null=True)
    through = serializers.BooleanField(allow_null=True, help_text="Goes on to the next round "
                                       "(null until the round's results are complete).")


class GroupTableSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="G2-1: round 2, table 1.")
    table = serializers.IntegerField(source="table_id", allow_null=True)
    result_status = serializers.CharField(allow_null=True)
    seats = GroupSeatSerializer(many=True)


class GroupRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The night's round.")
    final = serializers.BooleanField()
    byes = serializers.SerializerMethodField()
    tables = GroupTableSerializer(many=True)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_byes(self, round_view) -> list[int]:
        return [seed for seed, _name in round_view.byes]


class BracketSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="bracket.pk")
    event = serializers.IntegerField(source="bracket.event_id")
    season = serializers.IntegerField(source="bracket.season_id", allow_null=True,
                                      help_text="The season whose standings seeded it.")
    format = serializers.ChoiceField(source="bracket.format", choices=BracketFormat.choices)
    consolation = serializers.BooleanField(source="bracket.consolation")
    table_size = serializers.IntegerField(source="bracket.table_size", allow_null=True,
                                          help_text="Group knockout: players a table.")
    drop = serializers.IntegerField(source="bracket.drop", allow_null=True,
                                    help_text="Group knockout: out at each table each round.")
    entrants = serializers.SerializerMethodField()
    matches = BracketMatchSerializer(many=True, help_text="Single and double elimination.")
    group_rounds = GroupRoundSerializer(source="groups", many=True, allow_null=True,
                                        help_text="Group knockout: its rounds so far.")
    champion = serializers.SerializerMethodField()

    @extend_schema_field(BracketEntrantSerializer(many=True))
    def get_entrants(self, view) -> list[dict]:
        return [{"seed": seed, "player": player, "name": name, "standing_rank": rank}
                for seed, player, name, rank in view.entrants]

    @extend_schema_field(BracketChampionSerializer(allow_null=True))
    def get_champion(self, view) -> dict | None:
        return {"seed": view.champion[0], "name": view.champion[1]} if view.champion else None


class BracketViewSet(viewsets.ReadOnlyModelViewSet):
    """Knockout finals: seeds, matches (or a group knockout's tables) by round, the winner."""

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
