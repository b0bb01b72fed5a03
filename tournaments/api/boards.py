"""A duplicate night's boards: `GET /api/v1/events/{id}/boards/`.

Before the night closes only its organisers see them; anyone else (other clubs, players,
API tokens, which never manage a club) gets the same 404 as for a night they may not see."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import ReadOrCredentials, subject_of
from league.api.errors import ERRORS
from tournaments import selectors
from tournaments.services.duplicate import visible_boards


class BoardSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number", help_text="The round's number.")
    number = serializers.IntegerField(help_text="1-based: hand i of each table's match is "
                                                "dealt from board i.")
    dealer = serializers.IntegerField(source="deal.dealer", help_text="The seat that deals "
                                                                      "(0-based).")
    cards = serializers.IntegerField(source="deal.cards", allow_null=True,
                                     help_text="Cards per player (null: no set number).")
    deal = serializers.JSONField(source="deal.deal", help_text="The written deal, in a "
                                 "record's `deal` form: `hands` per seat, then the table's "
                                 "parts (turned card, stock, widow...).")
    board = serializers.JSONField(source="deal", help_text="The whole board as the rules "
                                  "core dealt it (what `check_record(boards=...)` takes).")
    checksum = serializers.CharField(help_text="Six hexadecimal digits printed on the slip.")


class EventBoardsView(APIView):
    permission_classes = [ReadOrCredentials]

    @extend_schema(responses={200: BoardSerializer(many=True), 404: ERRORS[404]},
                   description="A duplicate night's boards, round by round. Organisers of "
                               "the club see them at once; everyone else once the night is "
                               "closed (404 before, and for a night that is not duplicate).")
    def get(self, request, pk: int):
        subject = subject_of(request)
        event = get_object_or_404(selectors.event_list(subject=subject), pk=pk)
        boards = visible_boards(subject, event)
        if boards is None:
            raise Http404("Not found")
        return Response(BoardSerializer(boards, many=True).data)
