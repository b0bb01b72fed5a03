"""API: a club's archive for its organisers, an import into a new club, a player's own data.

Thin: the services in `rankings.archive` authorize and validate; the format is
docs/archive.schema.json. Tokens are kept out: an archive names every member of the club,
private clubs' included, and a club token scores and reads, it does not manage.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.views import APIView

from league import selectors
from league.api.auth import PeopleOnly, subject_of
from league.api.errors import ERRORS, IDEMPOTENCY_ERRORS
from league.api.idempotency import idempotent
from league.api.parsers import SafeJSONParser
from rankings.archive.export import club_export, player_export
from rankings.archive.importing import club_import
from rankings.selectors_stats import visible_player

ARCHIVE = OpenApiResponse(description="A club archive (docs/archive.schema.json).")
ARCHIVE_BYTES = 20 * 1024 * 1024  # a club's archive is a file, larger than any other body
# Each result is checked and stored (about 0.1 s): a larger import would outlast the web
# worker's timeout, so it is refused here with the way to do it on the server.
API_RESULTS = 250


class _ArchiveJSON(SafeJSONParser):
    def limit(self) -> int | None:
        return ARCHIVE_BYTES


class ArchiveParser(BaseParser):
    """The safe JSON parser with the archive's limit. Not a JSONParser itself: DRF reads
    those through request.body, which Django caps at DATA_UPLOAD_MAX_MEMORY_SIZE."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        return _ArchiveJSON().parse(stream, media_type, parser_context)


def _results_in(archive) -> int:
    try:
        return sum(1 for club in archive["clubs"] for night in club["nights"]
                   for round in night["rounds"] for table in round["tables"]
                   if table.get("result"))
    except (KeyError, TypeError, AttributeError):
        return 0  # not an archive: the import says what is wrong with it


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
    parser_classes = [ArchiveParser]

    @extend_schema(request=ImportRequestSerializer,
                   responses={201: ImportReportSerializer, **ERRORS, **IDEMPOTENCY_ERRORS})
    def post(self, request):
        return idempotent(request, lambda: self._import(request))

    @staticmethod
    def _import(request) -> Response:
        data = ImportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        count = _results_in(data.validated_data["archive"])
        if count > API_RESULTS:
            raise ValidationError({"archive": [_(
                "This archive holds %(count)d results; the API imports up to %(limit)d. "
                "Import it on the server: manage.py import_club FILE.")
                % {"count": count, "limit": API_RESULTS}]})
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
