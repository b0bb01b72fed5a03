"""API of table entry: a seat token submits, confirms or disputes its table's result.

`Authorization: Seat <token>` (league.api.auth) makes `request.auth` the seat's link; the
views here find the table through it, so a seat token reaches its own table only (another
table: 404 when an anonymous visitor could not see it, else 403). Organisers list the
night's seat links and approve or resolve with their login. The services in
`tournaments.services.table_entry` decide; this module only translates.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from league.api.errors import ConflictSerializer, ErrorSerializer, RejectedSerializer
from tournaments import selectors
from tournaments.api.serializers import TableResultDetailSerializer
from tournaments.models import PendingResult, SeatLink, WayIn
from tournaments.services.results import ResultConflict, ResultRejected
from tournaments.services.seat_links import seat_token, short_code
from tournaments.services.table_entry import (
    VERSIONS,
    EntryConflict,
    EntryMissing,
    SeatActor,
    pending_confirm,
    pending_decide,
    pending_dispute,
    pending_submit,
)


def is_seat(request) -> bool:
    return isinstance(request.auth, SeatLink)


class SeatOrCredentials(permissions.BasePermission):
    """Reads for anyone (the views hide what they may not see); writes need a login, a
    club token or a seat token."""

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS or is_seat(request):
            return True
        return request.auth is not None or request.user.is_authenticated


class SeatOnly(permissions.BasePermission):
    message = gettext_lazy("Only a seat token of the table confirms or disputes its result; "
                           "organisers approve it.")

    def has_permission(self, request, view):
        return is_seat(request)


WAYS_IN = "Way in: " + ", ".join(WayIn.values) + "."


class PendingResultSerializer(serializers.ModelSerializer):
    status = serializers.CharField(source="state", help_text="pending, disputed, confirmed "
                                                             "or approved.")
    # One choice set under three names would make three enums in the schema.
    submitted_via = serializers.CharField(help_text=WAYS_IN)
    disputed_via = serializers.CharField(help_text=WAYS_IN)
    decided_via = serializers.CharField(help_text=WAYS_IN)

    class Meta:
        model = PendingResult
        fields = ["id", "table", "status", "record", "submitted_seat", "submitted_via",
                  "submitted_at", "disputed_record", "disputed_seat", "disputed_via",
                  "disputed_at", "dispute_reason", "decided_seat", "decided_by",
                  "decided_via", "decided_at", "game"]


class DisputeSerializer(serializers.Serializer):
    record = serializers.DictField(required=False, allow_null=True, default=None,
                                   help_text="The disputer's own record, when they have one.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class DecideSerializer(serializers.Serializer):
    version = serializers.ChoiceField(choices=VERSIONS, default="submitted")
    record = serializers.DictField(required=False, allow_null=True, default=None,
                                   help_text="A third version: replaces both.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class SeatLinkSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="seat.table.round.number")
    table = serializers.IntegerField(source="seat.table_id")
    table_number = serializers.IntegerField(source="seat.table.number")
    seat = serializers.IntegerField(source="seat.position")
    player = serializers.CharField(source="seat.player.display_name")
    short_code = serializers.SerializerMethodField()
    link = serializers.SerializerMethodField()
    token = serializers.SerializerMethodField()

    def get_short_code(self, link) -> str:
        return short_code(link)

    def get_token(self, link) -> str:
        return seat_token(link)

    def get_link(self, link) -> str:
        url = reverse("tournaments:seat-entry", args=[seat_token(link)])
        return self.context["request"].build_absolute_uri(url)


PENDING_ERRORS = {
    400: OpenApiResponse(RejectedSerializer, description="The record was refused: the "
                         "checker's named errors (hand, seat, field)."),
    401: OpenApiResponse(ErrorSerializer, description="Unknown, revoked or closed-night "
                         "seat token."),
    403: OpenApiResponse(ErrorSerializer, description="Not this seat's table, the submitter "
                         "or a partner confirming, or a closed night."),
    404: OpenApiResponse(ErrorSerializer, description="No such table, or nothing pending."),
    409: OpenApiResponse(ConflictSerializer, description="A different version was submitted "
                         "first (the dispute is open), or the result is decided already."),
}


def seat_table(request, pk):
    """The table a seat token may act on: its own, else 404 (invisible) or 403."""
    table = request.auth.seat.table
    if str(table.pk) != str(pk):
        # The router lets any text through as the id: only ASCII digits can name a table.
        if not (str(pk).isascii() and str(pk).isdigit()):
            raise NotFound()
        if selectors.table_list(subject=request.user).filter(pk=pk).exists():
            raise PermissionDenied(_("This seat token is for table %(n)d only.") % {
                "n": table.number})
        raise NotFound()
    return table


def actor_of(request) -> SeatActor:
    return SeatActor(seat=request.auth.seat, via=WayIn.API)


def run(action, *, created_status=status.HTTP_200_OK) -> Response:
    """Run a table entry service; its outcome or refusal as a response."""
    try:
        outcome = action()
    except ResultRejected as refused:
        return Response({"detail": _("The record was refused."), "errors": refused.errors},
                        status=status.HTTP_400_BAD_REQUEST)
    except EntryMissing as missing:
        return Response({"detail": str(missing)}, status=status.HTTP_404_NOT_FOUND)
    except EntryConflict as conflict:
        body = {"detail": str(conflict)}
        if conflict.pending is not None:
            body["pending"] = PendingResultSerializer(conflict.pending).data
        return Response(body, status=status.HTTP_409_CONFLICT)
    except ResultConflict as conflict:
        return Response({"detail": str(conflict), "game": conflict.game.pk},
                        status=status.HTTP_409_CONFLICT)
    return outcome_response(outcome, created_status)


def outcome_response(outcome, created_status) -> Response:
    code = created_status if outcome.changed else status.HTTP_200_OK
    if outcome.game is not None and created_status != status.HTTP_202_ACCEPTED:
        return Response(TableResultDetailSerializer(outcome.game).data, status=code)
    return Response(PendingResultSerializer(outcome.pending).data, status=code)


def submit(request, table):
    if not isinstance(request.data, dict):
        return Response({"detail": _("The body must be a JSON object (a record).")},
                        status=status.HTTP_400_BAD_REQUEST)
    return run(lambda: pending_submit(table=table, record=request.data,
                                      actor=actor_of(request)),
               created_status=status.HTTP_202_ACCEPTED)


def confirm(request, table):
    return run(lambda: pending_confirm(table=table, actor=actor_of(request)),
               created_status=status.HTTP_201_CREATED)


def dispute(request, table):
    data = DisputeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return run(lambda: pending_dispute(table=table, actor=actor_of(request),
                                       **data.validated_data))


def decide(request, table):
    data = DecideSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return run(lambda: pending_decide(table=table, user=request.user, **data.validated_data),
               created_status=status.HTTP_201_CREATED)


def state(table) -> Response:
    pending = PendingResult.objects.filter(table=table).first()
    if pending is None:
        return Response({"detail": _("%(table)s has no result entered at the table.") % {
            "table": table}}, status=status.HTTP_404_NOT_FOUND)
    return Response(PendingResultSerializer(pending).data)
