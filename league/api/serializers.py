"""Serializers for clubs, players, seasons, memberships and tokens: shapes only, no logic."""

from __future__ import annotations

from rest_framework import serializers

from league import permissions
from league.models import ApiToken, Club, Membership, Player, Role, Season


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "is_public", "language", "time_zone", "created_at"]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"slug": {"required": False}, "time_zone": {"required": False}}


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "display_name", "is_bot", "bot_strength"]


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "club", "name", "game", "options", "starts_on", "ends_on",
                  "standings_config", "table_size"]


class VisibleClub(serializers.PrimaryKeyRelatedField):
    """A club id the caller may see; any other id reads as "does not exist"."""

    def get_queryset(self):
        from league.api.auth import subject_of

        request = self.context.get("request")
        if request is None:
            return Club.objects.none()
        return permissions.visible_clubs(subject_of(request))


class SeasonWriteSerializer(serializers.Serializer):
    """Input of POST (all required but options, ends_on, standings_config) and PATCH (any)."""

    club = VisibleClub(queryset=Club.objects.all(),
                       help_text="On create only: a season stays in its club.")
    name = serializers.CharField(max_length=120)
    game = serializers.CharField(max_length=40, help_text="A rules-core game, see "
                                                          "/api/v1/rulesets/.")
    options = serializers.DictField(required=False, help_text="Rules options except players.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    standings_config = serializers.DictField(required=False, help_text="Standings rules "
                                             "(points, tiebreaks, ...); {} for the defaults.")
    table_size = serializers.IntegerField(
        required=False, allow_null=True, min_value=2, max_value=15,
        help_text="Preferred players per table for games played at a range of sizes "
                  "(Ribs: 4 to 10); null: the game's usual size.")


class MembershipSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "player_name", "role", "joined_at"]
        read_only_fields = ["id", "club", "joined_at"]


class MembershipAddSerializer(serializers.Serializer):
    # An id, not a related field: the service answers a missing and a hidden player alike.
    player = serializers.IntegerField(help_text="A player of your clubs or of a public club.")
    role = serializers.ChoiceField(choices=Role.choices, default=Role.PLAYER)


class TokenSerializer(serializers.ModelSerializer):
    is_active = serializers.BooleanField(read_only=True)

    class Meta:
        model = ApiToken
        fields = ["id", "club", "name", "prefix", "created_at", "revoked_at", "last_used_at",
                  "is_active"]
        read_only_fields = fields


class TokenCreateSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    name = serializers.CharField(max_length=80)


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(read_only=True, help_text="Shown once: store it now.")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
        read_only_fields = fields
