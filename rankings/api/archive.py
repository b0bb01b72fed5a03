"""API: a club's archive for its organisers, an import into a new club, a player's own data.

Thin: the services in `rankings.archive` authorize and validate; the format is
docs/archive.schema.json. Tokens are kept out: an archive names every member of the club,
private clubs' included, and a club token scores and reads, it does not manage.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from league import selectors
from league.api.auth import PeopleOnly, subject_of
from league.api.errors import ERRORS, IDEMPOTENCY_ERRORS
from league.api.idempotency import idempotent
from rankings.archive.export import club_export, player_export
from rankings.archive.importing import club_import
from rankings.selectors_stats import visible_player

ARCHIVE = OpenApiResponse(description="A club archive (docs/archive.schema.json).")


class ImportRequestSerializer(serializers.Serializer):
    archive = serializers.JSONField(help_text="A club archive (scope club).")
    slug = serializers.SlugField(required=False, allow_blank=True, max_length=60,
                                 help_text="The new club's address (default: the archive's).")
    name = serializers.CharField(required=False, allow_blank=True, max_length=120,
                                 help_text="The new club's name (default: the archive's).")


class ImportReportSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    slug = serializers.CharField()
    players = serializers.IntegerField()
    nights = serializers.IntegerField()
    results = serializers.IntegerField()
    renamed_ids = serializers.IntegerField(
        help_text="Players whose id this site had already: they got new ones.")
    differences = serializers.ListField(
        child=serializers.CharField(),
        help_text="Where the rebuilt standings and ratings differ from the archive's (none "
                  "when the archive came from an export).")


class ClubArchiveView(APIView):
    """GET: the club's archive, for its organisers and owners (tokens may not)."""

    permission_classes = [PeopleOnly]

    @extend_schema(responses={200: ARCHIVE, **ERRORS})
    def get(self, request, pk: int):
        club = get_object_or_404(selectors.club_list(subject=subject_of(request)), pk=pk)
        return Response(club_export(club=club, user=request.user))


class ClubImportView(APIView):
    """POST: a club archive becomes a new club that the caller owns; its standings and
    ratings are rebuilt from the results and compared with the archive's. Nothing is
    written when anything is refused (400 names the place)."""

    permission_classes = [PeopleOnly]

    @extend_schema(request=ImportRequestSerializer,
                   responses={201: ImportReportSerializer, **ERRORS, **IDEMPOTENCY_ERRORS})
    def post(self, request):
        return idempotent(request, lambda: self._import(request))

    @staticmethod
    def _import(request) -> Response:
        data = ImportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = club_import(archive=data.validated_data["archive"], user=request.user,
                             slug=data.validated_data.get("slug", ""),
                             name=data.validated_data.get("name", ""))
        body = {"club": report.club.pk, "slug": report.club.slug, "players": report.players,
                "nights": report.nights, "results": report.results,
                "renamed_ids": report.renamed_ids, "differences": report.differences}
        return Response(ImportReportSerializer(body).data, status=status.HTTP_201_CREATED)


class PlayerDataView(APIView):
    """GET: the logged-in player's own data download (their part of every club)."""

    permission_classes = [PeopleOnly]

    @extend_schema(responses={200: ARCHIVE, **ERRORS})
    def get(self, request, pk: int):
        player = visible_player(subject=subject_of(request), pk=pk)
        if player is None:
            raise Http404("No such player.")
        return Response(player_export(player=player, user=request.user))
