"""Serializers for clubs, players, seasons, memberships and tokens: shapes only, no logic."""

from __future__ import annotations

from rest_framework import serializers

from league.models import ApiToken, Club, Membership, Player, Role, Season


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "is_public", "created_at"]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"slug": {"required": False}}


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "display_name", "is_bot", "bot_strength"]


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "club", "name", "game", "options", "starts_on", "ends_on",
                  "standings_config"]


class MembershipSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "player_name", "role", "joined_at"]
        read_only_fields = ["id", "club", "joined_at"]


class MembershipAddSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
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
