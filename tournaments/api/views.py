"""API views for events, rounds, tables, seats, games, hands, rulesets and record checks.

Thin: selectors read (already limited to what the caller may see, so an invisible object
is a 404), services write and authorize (403), results go through `result_submit` and
leave through `result_remove` (`tournaments.api.removal`).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from games import rules
from games.rules.records import CheckReport
from league.api.auth import AnonymousThrottle, ReadOrCredentials, subject_of
from league.api.errors import (
    ERRORS,
    IDEMPOTENCY_ERRORS,
    ErrorSerializer,
    RejectedSerializer,
)
from league.api.idempotency import HEADER, idempotent
from league.api.throttles import RecordBytesThrottle, RecordWorkThrottle
from tournaments import selectors
from tournaments.api import online, table_entry
from tournaments.api.removal import (
    REASON,
    REMOVE_DESCRIPTION,
    REMOVE_RESPONSES,
    remove_response,
)
from tournaments.api.serializers import (
    CloseSerializer,
    CorrectionSerializer,
    EventCreateSerializer,
    EventSerializer,
    HandSerializer,
    PublishSerializer,
    RoundCreateSerializer,
    RoundSerializer,
    RulesetSerializer,
    SeatAssignSerializer,
    SeatingAcceptedSerializer,
    SeatingRequestSerializer,
    SeatingStatusSerializer,
    SeatSerializer,
    TableCreateSerializer,
    TableResultDetailSerializer,
    TableResultSerializer,
    TableSerializer,
)
from tournaments.checker_messages import translated_errors
from tournaments.models import ResultSource
from tournaments.rulesets import ruleset
from tournaments.selectors_tasks import seating_plan, seating_task_status
from tournaments.services import events as event_services
from tournaments.services import next_round as next_round_services
from tournaments.services import seating as seating_services
from tournaments.services.record_limits import COSTLY, limit_errors
from tournaments.services.records import input_errors
from tournaments.services.results import (
    ResultConflict,
    ResultRejected,
    result_correct,
    result_submit,
)
from tournaments.services.seat_links import seat_links_for_event

IDEMPOTENCY_KEY = OpenApiParameter(
    HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="Retry-safe key: the same key and body replay the stored response.")
RESULT_RESPONSES = {
    201: TableResultDetailSerializer, 200: TableResultDetailSerializer,
    **ERRORS, 400: OpenApiResponse(RejectedSerializer, description="The record was refused."),
    **IDEMPOTENCY_ERRORS,
}


def _created(serializer_class, obj):
    return Response(serializer_class(obj).data, status=status.HTTP_201_CREATED)


def _result_response(submit) -> Response:
    """Run a submission and turn its outcome or refusal into a response."""
    try:
        outcome = submit()
    except ResultRejected as refused:
        return Response({"detail": _("The record was refused."), "errors": refused.errors},
                        status=status.HTTP_400_BAD_REQUEST)
    except ResultConflict as conflict:
        return Response({"detail": str(conflict), "game": conflict.game.pk},
                        status=status.HTTP_409_CONFLICT)
    code = status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK
    return Response(TableResultDetailSerializer(outcome.game).data, status=code)


class EventViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = EventSerializer
    permission_classes = [ReadOrCredentials]
    filterset_fields = ["club", "season", "status", "kind", "game", "date"]
    ordering_fields = ["date", "name", "id"]

    def get_queryset(self):
        return selectors.event_list(subject=subject_of(self.request))

    @extend_schema(request=EventCreateSerializer, responses={201: EventSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = EventCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        event = event_services.event_create(user=subject_of(request), **data.validated_data)
        return _created(EventSerializer, event)

    @extend_schema(
        methods=["GET"], request=None,
        responses={200: SeatingStatusSerializer, 404: ERRORS[404]},
        description="The seating plan: its task's status, rounds -> tables -> seats and the "
                    "fairness report. Poll this after POST until `task.ready`.")
    @extend_schema(
        methods=["POST"], request=SeatingRequestSerializer,
        responses={202: SeatingAcceptedSerializer, **ERRORS},
        description="Organisers: mark the players present and plan `rounds` rounds for them "
                    "in the background (published or played rounds are kept). Answers 202 "
                    "with the status URL to poll.")
    @action(detail=True, methods=["get", "post"], filterset_fields=[], pagination_class=None)
    def seating(self, request, pk=None):
        event = self.get_object()
        if request.method == "GET":
            return Response(_seating_body(event))
        data = SeatingRequestSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        seating_services.event_seat_present(event=event, user=subject_of(request),
                                            **data.validated_data)
        event.refresh_from_db()
        url = request.build_absolute_uri(reverse("api:event-seating", args=[event.pk]))
        body = {"task": seating_task_status(event), "status_url": url}
        return Response(SeatingAcceptedSerializer(body).data, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": url})

    @extend_schema(request=None,
                   responses={200: table_entry.SeatLinkSerializer(many=True), **ERRORS},
                   description="Organisers: per table and seat, the player, the seat link "
                               "(no account needed) and its seat token "
                               "(`Authorization: Seat <token>`). Links are made on first "
                               "asking and stop working once the night is closed.")
    @action(detail=True, methods=["get"], url_path="seat-links", filterset_fields=[],
            pagination_class=None)
    def seat_links(self, request, pk=None):
        links = seat_links_for_event(event=self.get_object(), user=subject_of(request))
        return Response(table_entry.SeatLinkSerializer(links, many=True,
                                                       context={"request": request}).data)

    @extend_schema(request=CloseSerializer, responses={200: EventSerializer, **ERRORS},
                   description="Organisers close the night: refused (400) while a table has "
                               "no complete result, unless `force` with a `reason`.")
    @action(detail=True, methods=["post"], filterset_fields=[], pagination_class=None)
    def close(self, request, pk=None):
        event = self.get_object()
        data = CloseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = event_services.event_close(event=event, user=subject_of(request),
                                           **data.validated_data)
        return Response(EventSerializer(event).data)


    @extend_schema(request=None, responses={201: RoundSerializer, **ERRORS},
                   description="Organisers of a king's table or Swiss night (`format`): form "
                               "the next round from the results so far. Refused (400) while "
                               "a table of the last round has no complete result; it is also "
                               "formed by itself when the last result of a round is stored.")
    @action(detail=True, methods=["post"], url_path="next-round", filterset_fields=[],
            pagination_class=None)
    def next_round(self, request, pk=None):
        request.data  # noqa: B018 -- no body is needed, but a bad one is refused like anywhere
        rnd = next_round_services.event_form_next_round(event=self.get_object(),
                                                        user=subject_of(request))
        return Response(RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


def _seating_body(event) -> dict:
    body = {"event": event.pk, "status": event.status, "task": seating_task_status(event),
            **seating_plan(event)}
    return SeatingStatusSerializer(body).data


class RoundViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = RoundSerializer
    permission_classes = [ReadOrCredentials]
    filterset_fields = ["event", "published"]
    ordering_fields = ["number"]

    def get_queryset(self):
        return selectors.round_list(subject=subject_of(self.request))

    @extend_schema(request=RoundCreateSerializer, responses={201: RoundSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = RoundCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        round_ = event_services.round_create(user=subject_of(request), **data.validated_data)
        return _created(RoundSerializer, round_)

    @extend_schema(request=PublishSerializer, responses={200: RoundSerializer, **ERRORS},
                   description="Organisers publish a round (a re-plan keeps it), or take it "
                               "back with `published: false`.")
    @action(detail=True, methods=["post"], filterset_fields=[], pagination_class=None)
    def publish(self, request, pk=None):
        rnd = self.get_object()
        data = PublishSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rnd = seating_services.round_set_published(rnd=rnd, user=subject_of(request),
                                                   **data.validated_data)
        return Response(RoundSerializer(rnd).data)


class TableViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = TableSerializer
    permission_classes = [ReadOrCredentials]
    filterset_fields = ["round", "round__event", "game"]
    ordering_fields = ["number", "id"]

    def get_queryset(self):
        return selectors.table_list(subject=subject_of(self.request))

    @extend_schema(request=online.OnlinePatchSerializer, responses={200: TableSerializer,
                                                                    **ERRORS},
                   description="Mark the table online (`{\"online\": true}`, with the bots' "
                               "strength and the players' timeout if wanted) or back to "
                               "paper: organisers, or a club token.")
    def partial_update(self, request, pk=None):
        table = self.get_object()
        online.set_online(request, table)
        return Response(TableSerializer(self.get_queryset().get(pk=table.pk)).data)

    @extend_schema(request=TableCreateSerializer, responses={201: TableSerializer, **ERRORS})
    def create(self, request, *args, **kwargs):
        data = TableCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        players = values.pop("seats")
        table = event_services.table_create(user=subject_of(request), players=players,
                                            **values)
        return _created(TableSerializer, selectors.table_list(subject=subject_of(request))
                        .get(pk=table.pk))

    @extend_schema(
        methods=["GET"], request=None,
        responses={200: table_entry.PendingResultSerializer, 404: ERRORS[404]},
        description="The result entered at the table: its state (pending, disputed, "
                    "confirmed, approved), the versions, and which seat did what through "
                    "which way in, when. Anyone who may see the table, or its seat tokens.")
    @extend_schema(
        methods=["POST"],
        request=OpenApiTypes.OBJECT, parameters=[IDEMPOTENCY_KEY],
        responses={**RESULT_RESPONSES, **table_entry.PENDING_ERRORS,
                   202: table_entry.PendingResultSerializer},
        description="Submit the table's result: the body is the record itself (see "
                    "/api/v1/rulesets/ for each game's record JSON Schema). Scorekeepers, "
                    "organisers and club tokens store it (201). A seat token "
                    "(`Authorization: Seat <token>`) submits it for confirmation (202, "
                    "`status: pending`); a second, different submission answers 409 and "
                    "opens a dispute.")
    @action(detail=True, methods=["get", "post"], filterset_fields=[], pagination_class=None,
            throttle_classes=[RecordWorkThrottle, RecordBytesThrottle],
            permission_classes=[table_entry.SeatOrCredentials])
    def result(self, request, pk=None):
        if table_entry.is_seat(request):
            table = table_entry.seat_table(request, pk)
            if request.method == "GET":
                return table_entry.state(table)
            return idempotent(request, lambda: table_entry.submit(request, table))
        if request.method == "GET":
            return table_entry.state(self.get_object())

        def submit():
            table = self.get_object()
            return _result_response(lambda: result_submit(
                table=table, record=request.data, source=ResultSource.API,
                user=request.user, token=_token(request)))

        return idempotent(request, submit)

    @extend_schema(request=None, parameters=[IDEMPOTENCY_KEY],
                   responses={201: TableResultDetailSerializer,
                              200: TableResultDetailSerializer, **table_entry.PENDING_ERRORS},
                   description="A seat token of another side confirms the pending result: "
                               "it is stored (201, the stored game) and counts from now. "
                               "The submitter and, in a partnership game, the submitter's "
                               "partner are refused (403).")
    @action(detail=True, methods=["post"], url_path="result/confirm", filterset_fields=[],
            pagination_class=None, permission_classes=[table_entry.SeatOnly])
    def confirm_result(self, request, pk=None):
        table = table_entry.seat_table(request, pk)
        return idempotent(request, lambda: table_entry.confirm(request, table))

    @extend_schema(request=table_entry.DisputeSerializer, parameters=[IDEMPOTENCY_KEY],
                   responses={200: table_entry.PendingResultSerializer,
                              **table_entry.PENDING_ERRORS},
                   description="A seat token of another side disputes the pending result, "
                               "with its own record if it has one: both versions are kept "
                               "for the organiser.")
    @action(detail=True, methods=["post"], url_path="result/dispute", filterset_fields=[],
            pagination_class=None, permission_classes=[table_entry.SeatOnly])
    def dispute_result(self, request, pk=None):
        table = table_entry.seat_table(request, pk)
        return idempotent(request, lambda: table_entry.dispute(request, table))

    @extend_schema(request=table_entry.DecideSerializer, parameters=[IDEMPOTENCY_KEY],
                   responses={201: TableResultDetailSerializer,
                              200: table_entry.PendingResultSerializer,
                              **table_entry.PENDING_ERRORS},
                   description="Organisers approve a pending result or resolve a dispute: "
                               "`version` picks the submitted or the disputed record, a "
                               "`record` of their own replaces both.")
    @action(detail=True, methods=["post"], url_path="result/approve", filterset_fields=[],
            pagination_class=None, throttle_classes=[RecordWorkThrottle])
    def approve_result(self, request, pk=None):
        table = self.get_object()
        return idempotent(request, lambda: table_entry.decide(request, table))

    @extend_schema(request=None, parameters=[REASON, IDEMPOTENCY_KEY],
                   responses=REMOVE_RESPONSES, description=REMOVE_DESCRIPTION)
    @result.mapping.delete
    def remove_result(self, request, pk=None):
        return idempotent(request, lambda: remove_response(request, self.get_object()))


def _token(request):
    subject = subject_of(request)
    return subject if subject is request.auth else None


class SeatViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = SeatSerializer
    permission_classes = [ReadOrCredentials]
    filterset_fields = ["table", "player"]

    def get_queryset(self):
        return selectors.seat_list(subject=subject_of(self.request))

    @extend_schema(request=SeatAssignSerializer, responses={200: SeatSerializer, **ERRORS})
    @action(detail=True, methods=["post"], filterset_fields=[])
    def assign(self, request, pk=None):
        data = SeatAssignSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        seat = event_services.seat_assign(seat=self.get_object(), user=subject_of(request),
                                          **data.validated_data)
        return Response(SeatSerializer(seat).data)


class TableResultViewSet(viewsets.ReadOnlyModelViewSet):
    """Stored results. The list leaves out the hands; a game's detail nests them."""

    permission_classes = [ReadOrCredentials]
    filterset_fields = ["table", "status", "source", "table__round", "table__round__event"]
    ordering_fields = ["played_at", "id"]

    def get_queryset(self):
        if self.action == "list":
            return selectors.game_list(subject=subject_of(self.request))
        return selectors.game_detail_list(subject=subject_of(self.request))

    def get_serializer_class(self):
        return TableResultSerializer if self.action == "list" else TableResultDetailSerializer

    @extend_schema(request=CorrectionSerializer, parameters=[IDEMPOTENCY_KEY],
                   responses=RESULT_RESPONSES)
    @action(detail=True, methods=["post"], filterset_fields=[],
            throttle_classes=[RecordWorkThrottle, RecordBytesThrottle])
    def correct(self, request, pk=None):
        """Organisers replace a stored result; the reason is kept in the audit trail."""

        def submit():
            game = self.get_object()
            data = CorrectionSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            return _result_response(lambda: result_correct(
                game=game, record=data.validated_data["record"],
                reason=data.validated_data["reason"], source=ResultSource.API,
                user=request.user, token=_token(request)))

        return idempotent(request, submit)


class HandViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = HandSerializer
    filterset_fields = ["game", "cards", "trump"]
    ordering_fields = ["number"]

    def get_queryset(self):
        return selectors.hand_list(subject=subject_of(self.request))


class RulesetsView(APIView):
    """The rules core's games: options and the JSON Schema of their records."""

    @extend_schema(responses={200: RulesetSerializer(many=True)})
    def get(self, request):
        return Response([ruleset(game) for game in rules.games()])


class RecordCheckView(APIView):
    """Check any record against the rules without storing it (open to everyone, throttled)."""

    throttle_classes = [AnonymousThrottle, RecordWorkThrottle, RecordBytesThrottle]

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT,
                                        description="The checker's report (valid or not)."),
                   400: OpenApiResponse(ErrorSerializer, description="Not a JSON object, "
                                        "or text no record may hold (NUL, lone surrogates, "
                                        "nesting deeper than 32 levels)."),
                   413: OpenApiResponse(ErrorSerializer, description="Body too large."),
                   429: OpenApiResponse(ErrorSerializer, description="Too many requests.")})
    def post(self, request):
        if not isinstance(request.data, dict):
            return Response({"detail": _("The body must be a JSON object (a record).")},
                            status=status.HTTP_400_BAD_REQUEST)
        refused = input_errors(request.data) + limit_errors(request.data)
        if COSTLY.intersection(e["code"] for e in refused):
            report = CheckReport(game=request.data.get("game")).to_dict()  # not checked
        else:
            report = rules.check_record(request.data).to_dict()
            report["errors"] = translated_errors(report["errors"])  # in the caller's language
        if refused:  # what storing the record would refuse too
            report.update(valid=False, errors=report["errors"] + refused)
        return Response(report)

