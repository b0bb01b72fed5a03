"""`DELETE /tables/{id}/result/`: an organiser removes a table's result, with a reason.

The reason comes as the `reason` query parameter (what the schema documents: many clients
and proxies drop a DELETE body) or as `{"reason": ...}` in a JSON body. The view is thin:
`result_remove` authorizes (403), refuses (400) and tells "nothing stored" (404).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import status
from rest_framework.response import Response

from league.api.auth import subject_of
from league.api.errors import ERRORS, ErrorSerializer, RejectedSerializer
from tournaments.api.serializers import RemovedSerializer
from tournaments.models import Table
from tournaments.services.records import error
from tournaments.services.results import ResultMissing, ResultRejected, result_remove

REASON = OpenApiParameter(
    "reason", OpenApiTypes.STR, OpenApiParameter.QUERY, required=True,
    description="Why the result is removed (kept in the audit trail). A JSON body "
                '`{"reason": "..."}` is accepted instead.')
REMOVE_RESPONSES = {
    200: RemovedSerializer,
    **ERRORS,
    400: OpenApiResponse(RejectedSerializer, description="Refused: no reason "
                         "(`reason-required`), or the night is closed (`event-closed`)."),
    404: OpenApiResponse(ErrorSerializer, description="No such table (or not visible to "
                         "you), or the table has no result (already removed)."),
}
REMOVE_DESCRIPTION = (
    "Organisers remove the table's stored result (game and hands) with a reason; the "
    "season's standings and the ratings are recomputed in the background. Refused once "
    "the night is closed. Removing again answers 404.")


MAX_REASON = 2000


def _reason(request) -> str:
    body = request.data
    reason = body.get("reason") if hasattr(body, "get") else None
    if reason in (None, ""):
        reason = request.query_params.get("reason", "")
    return reason if isinstance(reason, str) else ""  # not text: refused as missing


def _refused(errors: list[dict]) -> Response:
    return Response({"detail": "; ".join(e["message"] for e in errors), "errors": errors},
                    status=status.HTTP_400_BAD_REQUEST)


def remove_response(request, table: Table) -> Response:
    """Run the removal and turn its outcome or refusal into a response."""
    reason = _reason(request)
    if len(reason) > MAX_REASON:
        return _refused([error("reason-too-long", f"The reason is at most {MAX_REASON} "
                               "characters.", field="reason")])
    try:
        outcome = result_remove(actor=subject_of(request), table=table, reason=reason)
    except ResultMissing as missing:
        return Response({"detail": str(missing)}, status=status.HTTP_404_NOT_FOUND)
    except ResultRejected as refused:
        return _refused(refused.errors)
    body = {"detail": _("Result removed; standings and ratings are being recomputed."),
            "table": outcome.table.pk, "game": outcome.game_id, "season": outcome.season_id}
    return Response(RemovedSerializer(body).data)
