"""API views for clubs, players, seasons and tokens. Thin: selectors read, services write."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from league import selectors
from league.api.auth import PeopleOnly, ReadOrCredentials, subject_of
from league.api.errors import ERRORS
from league.api.serializers import (
    ClubSerializer,
    MembershipAddSerializer,
    MembershipSerializer,
    NewTokenSerializer,
    PlayerSerializer,
    SeasonSerializer,
    SeasonWriteSerializer,
    TokenCreateSerializer,
    TokenSerializer,
)
from league.services.clubs import club_create, membership_add, player_for_membership
from league.services.seasons import season_create, season_update
from league.services.tokens import token_create, token_revoke


class ClubViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs you may see. Anyone logged in may create a club (and becomes its owner)."""

    serializer_class = ClubSerializer
    permission_classes = [PeopleOnly]
    filterset_fields = ["slug", "is_public"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.club_list(subject=subject_of(self.request))

    @extend_schema(responses={201: ClubSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = ClubSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = club_create(user=request.user, **data.validated_data)
        return Response(ClubSerializer(club).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=MembershipAddSerializer,
                   responses={200: MembershipSerializer(many=True), 201: MembershipSerializer,
                              **ERRORS})
    @action(detail=True, methods=["get", "post"], permission_classes=[ReadOrCredentials],
            filterset_fields=[], pagination_class=None)
    def members(self, request, pk=None):
        """The club's members; organisers add a player (owners give owner/organiser)."""
        club = self.get_object()
        if request.method == "GET":
            members = selectors.membership_list(subject=subject_of(request), club=club)
            return Response(MembershipSerializer(members, many=True).data)
        data = MembershipAddSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        subject = subject_of(request)
        player = player_for_membership(user=subject, club=club,
                                       player_id=data.validated_data["player"])
        membership = membership_add(club=club, player=player, user=subject,
                                    role=data.validated_data["role"])
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Players of the clubs you may see."""

    serializer_class = PlayerSerializer
    filterset_fields = {"memberships__club": ["exact"], "display_name": ["exact", "icontains"]}
    ordering_fields = ["display_name"]

    def get_queryset(self):
        return selectors.player_list(subject=subject_of(self.request))


class SeasonViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin,
                    viewsets.ReadOnlyModelViewSet):
    """Seasons you may see; organisers create and change their club's seasons."""

    serializer_class = SeasonSerializer
    permission_classes = [ReadOrCredentials]
    filterset_fields = ["club", "game"]
    ordering_fields = ["starts_on", "name"]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        return selectors.season_list(subject=subject_of(self.request))

    @extend_schema(request=SeasonWriteSerializer, responses={201: SeasonSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = SeasonWriteSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        season = season_create(user=subject_of(request), **data.validated_data)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=SeasonWriteSerializer(partial=True),
                   responses={200: SeasonSerializer, **ERRORS})
    def partial_update(self, request, *args, **kwargs):
        season = self.get_object()
        data = SeasonWriteSerializer(data=request.data, partial=True,
                                     context={"request": request})
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)
        if "club" in changes and changes.pop("club") != season.club:
            return Response({"club": ["A season cannot move to another club."]},
                            status=status.HTTP_400_BAD_REQUEST)
        season = season_update(season=season, user=subject_of(request), **changes)
        return Response(SeasonSerializer(season).data)


class TokenViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """API tokens of the clubs you organise. The key is shown once, in the create response."""

    serializer_class = TokenSerializer
    permission_classes = [PeopleOnly]
    filterset_fields = ["club"]

    def get_queryset(self):
        return selectors.token_list(subject=subject_of(self.request))

    @extend_schema(request=TokenCreateSerializer, responses={201: NewTokenSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = TokenCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = get_object_or_404(selectors.club_list(subject=request.user),
                                 pk=data.validated_data["club"].pk)
        new = token_create(club=club, name=data.validated_data["name"], user=request.user)
        body = NewTokenSerializer(new.token).data | {"key": new.key}
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: TokenSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        token = token_revoke(token=self.get_object(), user=request.user)
        return Response(TokenSerializer(token).data)
