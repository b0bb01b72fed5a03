"""API of online tables: mark a table online, play a seat, run the table (docs/api.md).

- `PATCH /api/v1/tables/{id}/` with `{"online": true}` (organisers, a club token).
- `GET /api/v1/tables/{id}/play/`: the seat's view, with a seat token
  (`Authorization: Seat <token>`) or the seated player's login; anyone else who may see
  the table gets the spectators' view (no seat's hidden cards).
- `POST /api/v1/tables/{id}/play/` with `{"action": "<text>", "version": n}`: a seat's move.
- `POST /api/v1/tables/{id}/play/start|pause|resume|end/`: organisers, a club token.

`tournaments.services.online_tables` decides everything; this module only translates.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import ReadOrCredentials, subject_of
from league.api.errors import ERRORS
from league.models.clubs import BotStrength
from tournaments import selectors
from tournaments.api import table_entry
from tournaments.services import online_tables
from tournaments.services.online_tables import OnlineRefused


class OnlinePatchSerializer(serializers.Serializer):
    online = serializers.BooleanField(help_text="Played online, card by card.")
    bot_strength = serializers.ChoiceField(
        choices=BotStrength.values, required=False,
        help_text="The bots that play empty seats and players away past the timeout.")
    timeout_seconds = serializers.IntegerField(
        required=False, min_value=online_tables.MIN_TIMEOUT, max_value=online_tables.MAX_TIMEOUT,
        help_text="A player to act is played by a bot after this many seconds.")

    def validate(self, attrs):
        unknown = set(self.initial_data) - set(self.fields)
        if unknown:
            raise serializers.ValidationError({name: _("Unknown field.") for name in unknown})
        return attrs


class StrictCharField(serializers.CharField):
    """Text only: a number or a list is refused, not turned into text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class PlaySerializer(serializers.Serializer):
    action = StrictCharField(max_length=200, help_text="One of the view's `legal` texts.")
    version = serializers.IntegerField(min_value=0, max_value=2**31 - 1,
                                       help_text="The `version` of the view it was chosen in.")
    seat = serializers.IntegerField(required=False, min_value=0, max_value=20,
                                    help_text="Optional: the seat you play (from 0); another "
                                              "seat than yours is refused.")


class OnlineSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.BooleanField(help_text="A bot plays this seat (a bot or an empty seat).")
    away = serializers.BooleanField(help_text="Its player has not been seen for longer than "
                                              "the table's timeout.")


class OnlineViewSerializer(serializers.Serializer):
    """Documentation of the view (the payload comes from the service as it is)."""

    table = serializers.IntegerField()
    version = serializers.IntegerField(help_text="Bumped by every move, start, pause, "
                                                 "resume and end.")
    status = serializers.ChoiceField(choices=["waiting", "playing", "paused", "finished"])
    seat = serializers.IntegerField(allow_null=True, help_text="Null: the spectators' view.")
    to_act = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the player to act "
                                         "is replaced by a bot (none while a bot acts).")
    hand_number = serializers.IntegerField()
    hands_total = serializers.IntegerField(allow_null=True)
    game = serializers.CharField()
    title = serializers.CharField()
    seats = OnlineSeatSerializer(many=True)
    observation = serializers.DictField(help_text="The engine's observation for this seat: "
                                        "its hand, what is face up, the trick, bids, scores.")
    legal = serializers.ListField(child=serializers.CharField(),
                                  help_text="The seat's legal actions as texts (its turn only).")
    log = serializers.ListField(child=serializers.CharField(),
                                help_text="This hand's actions as this seat may know them.")
    scores = serializers.ListField(child=serializers.IntegerField())
    bot_strength = serializers.CharField(allow_null=True)
    timeout_seconds = serializers.IntegerField(allow_null=True)
    result = serializers.IntegerField(allow_null=True, help_text="The stored game, once kept.")


class OnlineErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="stale-version, not-your-turn, not-your-seat, "
                                 "not-seated, bad-input, match-paused, match-waiting, "
                                 "match-finished, night-closed, not-online, or the checker's "
                                 "code (revoke, card-not-in-hand, unknown-action, ...).")
    detail = serializers.CharField()
    version = serializers.IntegerField(required=False, help_text="The table's version now.")


def refusal(refused: OnlineRefused) -> Response:
    body = {"code": refused.code, "detail": str(refused)}
    if refused.version is not None:
        body["version"] = refused.version
    return Response(body, status=refused.status)


def _seat_of(request, table):
    """The seat the caller plays at `table`: its seat token's, or its login's; None else."""
    if table_entry.is_seat(request):
        return request.auth.seat
    if request.user.is_authenticated:
        try:
            return online_tables.seat_of_user(table, request.user)
        except PermissionDenied:
            return None
    return None


def view(request, table) -> Response:
    try:
        seat = _seat_of(request, table)
        if seat is None:
            return Response(online_tables.online_spectator_view(table=table))
        return Response(online_tables.online_seat_view(table=table, seat=seat))
    except OnlineRefused as refused:
        return refusal(refused)


def play(request, table) -> Response:
    seat = _seat_of(request, table)
    if seat is None:
        return Response({"code": "not-seated", "detail": _(
            "Only a seat of table %(n)d plays at it: use its seat token or log in as its "
            "player.") % {"n": table.number}}, status=status.HTTP_403_FORBIDDEN)
    data = PlaySerializer(data=request.data if isinstance(request.data, dict) else {})
    if not data.is_valid():
        field, problems = next(iter(data.errors.items()))
        return Response({"code": "bad-input", "detail": _("Field `%(field)s`: %(problem)s") % {
            "field": field, "problem": problems[0]}, "errors": data.errors},
            status=status.HTTP_400_BAD_REQUEST)
    values = data.validated_data
    if "seat" in values and values["seat"] != seat.position:
        return Response({"code": "not-your-seat", "detail": _(
            "Seat %(mine)d may not play for seat %(other)d.") % {
            "mine": seat.position + 1, "other": values["seat"] + 1}},
            status=status.HTTP_403_FORBIDDEN)
    try:
        return Response(online_tables.online_play(table=table, seat=seat,
                                                  action=values["action"],
                                                  version=values["version"]))
    except OnlineRefused as refused:
        return refusal(refused)


COMMANDS = {
    "start": online_tables.online_start,
    "pause": online_tables.online_pause,
    "resume": online_tables.online_resume,
    "end": online_tables.online_end,
}


def set_online(request, table) -> None:
    """PATCH /tables/{id}/: the service marks it (or refuses); the caller answers the table."""
    data = OnlinePatchSerializer(data=request.data if isinstance(request.data, dict) else {})
    data.is_valid(raise_exception=True)
    online_tables.tables_set_online(table=table, user=subject_of(request),
                                    **data.validated_data)


def _table(request, pk):
    """The table the caller names: a seat token's own (else 403/404), or a visible one."""
    if table_entry.is_seat(request):
        return online_tables.load_table(table_entry.seat_table(request, pk).pk)
    if not (str(pk).isascii() and str(pk).isdigit()):
        raise NotFound()
    if not selectors.table_list(subject=subject_of(request)).filter(pk=int(pk)).exists():
        raise NotFound()
    return online_tables.load_table(int(pk))


ONLINE_ERRORS = {
    400: OpenApiResponse(OnlineErrorSerializer, description="Refused: bad input, not your "
                         "turn, or the checker's named error for an illegal action."),
    401: ERRORS[401],
    403: OpenApiResponse(OnlineErrorSerializer, description="Not a seat of this table "
                         "(not-seated), another seat (not-your-seat), or another table's "
                         "seat token."),
    404: ERRORS[404],
    409: OpenApiResponse(OnlineErrorSerializer, description="stale-version (with the "
                         "current `version`), or the table is waiting, paused or finished."),
}


class TablePlayView(APIView):
    permission_classes = [table_entry.SeatOrCredentials]

    @extend_schema(responses={200: OnlineViewSerializer, **ONLINE_ERRORS},
                   description="The seat's view of an online table (seat token or the "
                               "seated player's login); anyone else who may see the table "
                               "gets the spectators' view (`seat` null, no hidden card).")
    def get(self, request, pk):
        return view(request, _table(request, pk))

    @extend_schema(request=PlaySerializer, responses={200: OnlineViewSerializer,
                                                      **ONLINE_ERRORS},
                   description="Play an action for your seat, made against `version`. A "
                               "retry of a move that was applied answers as it did.")
    def post(self, request, pk):
        return play(request, _table(request, pk))


class TableCommandView(APIView):
    permission_classes = [ReadOrCredentials]
    command = ""

    @extend_schema(request=None, responses={200: OnlineViewSerializer, **ONLINE_ERRORS},
                   description="Organisers or a club token: start the match (bots take the "
                               "empty seats), pause, resume, or end it (the hands completed "
                               "so far are stored as the table's complete result, ranked "
                               "on the totals so far; none when no hand was complete).")
    def post(self, request, pk):
        if table_entry.is_seat(request):
            raise PermissionDenied(_("A seat token plays its seat; organisers run the table."))
        table = _table(request, pk)
        try:
            COMMANDS[self.command](table=table, user=subject_of(request))
        except OnlineRefused as refused:
            return refusal(refused)
        return Response(online_tables.online_spectator_view(table=table))
