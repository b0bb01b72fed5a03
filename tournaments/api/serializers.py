"""Serializers for events, rounds, tables, seats, games and hands: shapes only, no logic.

Input serializers limit related-object choices to what the caller may see, so an id of an
invisible club's object reads as "does not exist" (400), never as a hint that it exists.
"""

from __future__ import annotations

from rest_framework import serializers

from league import permissions
from league.api.auth import subject_of
from league.models import Club, Player, Season
from tournaments import sheet_fields
from tournaments.models import Event, EventFormat, EventKind, Hand, Round, Seat, Table, TableResult


class VisibleRelated(serializers.PrimaryKeyRelatedField):
    def get_queryset(self):
        queryset = super().get_queryset()
        request = self.context.get("request")
        if request is None:
            return queryset.none()
        if queryset.model is Club:
            return permissions.visible_clubs(subject_of(request))
        if queryset.model is Player:
            return permissions.visible_players(subject_of(request))
        return permissions.restrict(queryset, subject_of(request))


class SeatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.display_name", read_only=True,
                                        default=None)

    class Meta:
        model = Seat
        fields = ["id", "table", "position", "player", "player_name"]


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["id", "club", "season", "name", "kind", "date", "start_time", "status", "game",
                  "options", "format", "boards_per_round", "online", "created_at"]
        read_only_fields = ["online"]  # set by PATCH /tables/ or the night's page (docs/online.md)


class EventCreateSerializer(serializers.Serializer):
    club = VisibleRelated(queryset=Club.objects.all())
    season = VisibleRelated(queryset=Season.objects.all(), required=False, allow_null=True)
    name = serializers.CharField(max_length=120)
    date = serializers.DateField()
    start_time = serializers.TimeField(required=False, allow_null=True, default=None,
                                       help_text="In the club's time zone (calendar feeds).")
    kind = serializers.ChoiceField(choices=EventKind.choices, default=EventKind.LEAGUE_NIGHT)
    game = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    options = serializers.DictField(required=False, allow_null=True, default=None)
    format = serializers.ChoiceField(
        choices=EventFormat.choices, default=EventFormat.ROTATION,
        help_text="How the rounds are formed: `rotation` plans every round at once; `kings` "
                  "(king's table) and `swiss` form each round from the results of the round "
                  "before (Swiss pairs for two-player games, Swiss tables otherwise); "
                  "`duplicate`: every table of a round plays the same boards, seated all at "
                  "once (fixed partnerships in partnership games).")
    boards_per_round = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=60,
        help_text="Duplicate nights: boards dealt for each round (null: the game's natural "
                  "match length).")


class RoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["id", "event", "number", "published"]


class RoundCreateSerializer(serializers.Serializer):
    event = VisibleRelated(queryset=Event.objects.all())
    number = serializers.IntegerField(min_value=1, max_value=1000, required=False,
                                      allow_null=True)


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    has_result = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "round", "event", "number", "game", "options", "first_dealer", "seats",
                  "has_result", "online"]

    def get_has_result(self, table) -> bool:
        return hasattr(table, "result")


class TableCreateSerializer(serializers.Serializer):
    round = VisibleRelated(queryset=Round.objects.all())
    seats = serializers.ListField(
        child=VisibleRelated(queryset=Player.objects.all(), allow_null=True),
        min_length=1, max_length=15,
        help_text="Player id per seat, clockwise from seat 0; null for an empty seat.")
    number = serializers.IntegerField(min_value=1, max_value=1000, required=False,
                                      allow_null=True)
    game = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    options = serializers.DictField(required=False, allow_null=True, default=None)
    first_dealer = serializers.IntegerField(min_value=0, max_value=14, default=0)


class SeatAssignSerializer(serializers.Serializer):
    player = VisibleRelated(queryset=Player.objects.all(), allow_null=True)


class HandSerializer(serializers.ModelSerializer):
    class Meta:
        model = Hand
        fields = ["id", "game", "number", "dealer", "cards", "trump", "bids", "tricks", "scores",
                  "summary", "has_plays"]


class TableResultSerializer(serializers.ModelSerializer):
    event = serializers.IntegerField(source="table.round.event_id", read_only=True)
    players = serializers.SerializerMethodField(help_text="Player id per seat (null: empty).")

    class Meta:
        model = TableResult
        fields = ["id", "table", "event", "status", "source", "players", "totals", "ranks",
                  "record_hash", "played_at", "created_at", "updated_at"]

    def get_players(self, game) -> list[int | None]:
        return [seat.player_id for seat in game.table.seats.all()]


class TableResultDetailSerializer(TableResultSerializer):
    hands = HandSerializer(many=True, read_only=True)

    class Meta(TableResultSerializer.Meta):
        fields = [*TableResultSerializer.Meta.fields, "record", "hands"]


class CorrectionSerializer(serializers.Serializer):
    record = serializers.DictField()
    reason = serializers.CharField(max_length=2000)


class RemovedSerializer(serializers.Serializer):
    detail = serializers.CharField()
    table = serializers.IntegerField()
    game = serializers.IntegerField(help_text="Id of the removed game.")
    season = serializers.IntegerField(allow_null=True, help_text="Season whose standings "
                                      "are recomputed (null for a one-off tournament).")


class SeatsSerializer(serializers.Serializer):
    min = serializers.IntegerField(help_text="Fewest players at a table.")
    max = serializers.IntegerField(help_text="Most players at a table.")
    table_sizes = serializers.ListField(child=serializers.IntegerField(),
                                        help_text="The sizes the league seats tables at.")
    preferred = serializers.IntegerField(help_text="The size it seats when it can.")


class TeamsSerializer(serializers.Serializer):
    partnership = serializers.BooleanField(help_text="Partners score together.")
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Seats (0-based) per scoring side at a table of the fewest players.")


class SheetFieldSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The summary's key.")
    title = serializers.CharField(help_text="The column label.")
    per = serializers.ChoiceField(choices=["seat", "side", "hand", "list"],
                                  help_text="The summary's x-per: one value per seat, per "
                                            "side, one for the hand, or a list of items.")
    kind = serializers.ChoiceField(
        choices=list(sheet_fields.KINDS),
        help_text="The value's type (seat, side: an integer naming a seat, or a side as in "
                  "teams.sides, 0-based in the record; the scoresheet page offers their "
                  "players' names).")
    nullable = serializers.BooleanField()
    choices = serializers.ListField(child=serializers.JSONField(), help_text="enum values.")
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    description = serializers.CharField(allow_blank=True)
    parts = serializers.ListField(child=serializers.CharField(),
                                  help_text="list items that are objects: their fields.")
    part_kinds = serializers.ListField(child=serializers.CharField())
    format = serializers.CharField(required=False,
                                   help_text="list fields: how the scoresheet page types them.")


class RulesetSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    partnership = serializers.BooleanField()
    options = serializers.ListField(child=serializers.DictField())
    record_schema = serializers.DictField()
    seats = SeatsSerializer()
    teams = TeamsSerializer()
    ranking = serializers.ChoiceField(choices=["higher-wins", "lower-wins"],
                                      help_text="Which total is first at the end.")
    sheet = SheetFieldSerializer(many=True, help_text="The scoresheet's columns (engine "
                                 "games, from their summary schema; empty for the Bluke "
                                 "family, whose sheet is bids, tricks and trump).")


class SeatingRequestSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=VisibleRelated(queryset=Player.objects.all()), min_length=1, max_length=500,
        help_text="Ids of the players present tonight (members of the event's club).")
    rounds = serializers.IntegerField(min_value=1, max_value=12,
                                      help_text="Rounds in total (kept rounds included).")
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False,
                                    allow_null=True, default=None,
                                    help_text="Same seed, same plan; random when left out.")
    table_size = serializers.IntegerField(
        min_value=2, max_value=15, required=False, allow_null=True, default=None,
        help_text="Preferred players per table, for games played at a range of sizes "
                  "(Ribs: 4 to 10); the season's choice when left out.")


class TaskStatusSerializer(serializers.Serializer):
    id = serializers.CharField()
    state = serializers.CharField(help_text="Celery state: PENDING, STARTED, SUCCESS, "
                                            "FAILURE, RETRY or REVOKED.")
    ready = serializers.BooleanField(help_text="True once the task has finished.")
    result = serializers.DictField(allow_null=True, help_text="On SUCCESS.")
    error = serializers.CharField(allow_blank=True, help_text="On FAILURE.")
    updated = serializers.DateTimeField(allow_null=True, required=False)


class SeatingAcceptedSerializer(serializers.Serializer):
    task = TaskStatusSerializer()
    status_url = serializers.URLField()


class PlanSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    player_name = serializers.CharField(allow_null=True)


class PlanTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    seats = PlanSeatSerializer(many=True)


class PlanRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    published = serializers.BooleanField()
    tables = PlanTableSerializer(many=True)


class SitOutPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)


class SitOutSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    players = SitOutPlayerSerializer(many=True)


class SeatingStatusSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    status = serializers.CharField(help_text="The event's status.")
    task = TaskStatusSerializer(allow_null=True, help_text="The last seating task (null: "
                                                           "never planned through a task).")
    seed = serializers.IntegerField(allow_null=True)
    algorithm = serializers.CharField(allow_null=True)
    version = serializers.CharField(allow_null=True)
    planned_at = serializers.DateTimeField(allow_null=True)
    report = serializers.DictField(allow_null=True, help_text="The rotation engine's fairness "
                                                              "report.")
    rounds = PlanRoundSerializer(many=True)
    sit_outs = SitOutSerializer(many=True)


class PublishSerializer(serializers.Serializer):
    published = serializers.BooleanField(default=True)


class CloseSerializer(serializers.Serializer):
    force = serializers.BooleanField(default=False, help_text="Close even though some tables "
                                                              "have no complete result.")
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True,
                                   default="", help_text="Required with force.")
