"""API: a club's archive for its organisers, an import into a new club, a player's own data.

Thin: the services in `rankings.archive` authorize and validate; the format is
docs/archive.schema.json. Tokens are kept out: an archive names every member of the club,
private clubs' included, and a club token scores and reads, it does not manage.

An import runs as a background task of any size (each result is checked and stored, about
0.1 s each, far past a web request's time): the POST checks what it can at once (400 names
the place) and answers 202 with the import's status URL to poll.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from league import selectors
from league.api.auth import PeopleOnly, subject_of
from league.api.errors import ERRORS, IDEMPOTENCY_ERRORS
from league.api.idempotency import idempotent
from league.api.parsers import SafeJSONParser
from rankings.archive.export import club_export, player_export
from rankings.archive.jobs import club_import_of, club_import_request, club_import_status
from rankings.selectors_stats import visible_player

ARCHIVE = OpenApiResponse(description="A club archive (docs/archive.schema.json).")
ARCHIVE_BYTES = 20 * 1024 * 1024  # a club's archive is a file, larger than any other body


class _ArchiveJSON(SafeJSONParser):
    def limit(self) -> int | None:
        return ARCHIVE_BYTES


class ArchiveParser(BaseParser):
    """The safe JSON parser with the archive's limit. Not a JSONParser itself: DRF reads
    those through request.body, which Django caps at DATA_UPLOAD_MAX_MEMORY_SIZE."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        return _ArchiveJSON().parse(stream, media_type, parser_context)


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


class ProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(allow_null=True, help_text="Results stored so far (null: "
                                    "unknown, e.g. after a failure).")
    total = serializers.IntegerField(help_text="Results in the archive.")


class ImportStatusSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The import's (and its task's) id.")
    state = serializers.CharField(help_text="Celery state: PENDING, STARTED, SUCCESS or "
                                            "FAILURE.")
    ready = serializers.BooleanField(help_text="True once the import has finished.")
    progress = ProgressSerializer()
    result = ImportReportSerializer(allow_null=True, help_text="On SUCCESS: the new club.")
    error = serializers.CharField(allow_blank=True, help_text="On FAILURE: why, in words.")
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()),
                                   help_text="On FAILURE: field -> messages, each naming its "
                                             "place in the archive. Nothing was written.")
    updated = serializers.DateTimeField()


class ImportAcceptedSerializer(serializers.Serializer):
    task = ImportStatusSerializer()
    status_url = serializers.URLField()


class ClubImportView(APIView):
    """POST: a club archive of any size becomes a new club that the caller owns, imported
    in the background; its standings and ratings are rebuilt from the results and
    compared with the archive's. All or nothing: a refused result leaves no club."""

    permission_classes = [PeopleOnly]
    parser_classes = [ArchiveParser]

    @extend_schema(request=ImportRequestSerializer,
                   responses={202: ImportAcceptedSerializer, **ERRORS, **IDEMPOTENCY_ERRORS},
                   description="Checks the archive at once (400 names each place and queues "
                               "nothing), then answers 202 with the import's status URL to "
                               "poll. The same archive, address and name sent again by the "
                               "same person answer with the same import while it is pending "
                               "or its club exists; `Idempotency-Key` is honoured too.")
    def post(self, request):
        return idempotent(request, lambda: self._queue(request))

    @staticmethod
    def _queue(request) -> Response:
        data = ImportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = club_import_request(archive=data.validated_data["archive"], user=request.user,
                                  slug=data.validated_data.get("slug", ""),
                                  name=data.validated_data.get("name", ""))
        url = reverse("api:club-import-status", args=[job.pk], request=request)
        body = {"task": club_import_status(job), "status_url": url}
        return Response(ImportAcceptedSerializer(body).data, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": url})


class ClubImportStatusView(APIView):
    """GET: an import's state, progress and, once finished, its report or its errors.
    Only the person who sent it sees it (404 for everybody else)."""

    permission_classes = [PeopleOnly]

    @extend_schema(responses={200: ImportStatusSerializer, **ERRORS})
    def get(self, request, pk):
        job = club_import_of(import_id=pk, user=request.user)
        if job is None:
            raise Http404("No such import.")
        return Response(ImportStatusSerializer(club_import_status(job)).data)


class PlayerDataView(APIView):
    """GET: the logged-in player's own data download (their part of every club)."""

    permission_classes = [PeopleOnly]

    @extend_schema(responses={200: ARCHIVE, **ERRORS})
    def get(self, request, pk: int):
        player = visible_player(subject=subject_of(request), pk=pk)
        if player is None:
            raise Http404("No such player.")
        return Response(player_export(player=player, user=request.user))
