"""API: the bots' hand review: a night's progress, a table's judged decisions, a player's
figures per game. Seen by whoever may see the night, once it is closed; 404 otherwise."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from league import permissions
from league.api.auth import subject_of
from rankings.models import ReviewedDecision
from rankings.selectors_reviews import (
    night_review_progress,
    player_review_figures,
    visible_reviewed_game,
)
from rankings.selectors_stats import visible_player
from tournaments.models import Event, EventStatus


class ReviewProgressSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["none", "queued", "running", "done", "failed"])
    done = serializers.IntegerField(help_text="Tables reviewed so far.")
    total = serializers.IntegerField(help_text="Tables recorded card by card.")
    seed = serializers.IntegerField(allow_null=True)
    budget = serializers.IntegerField(allow_null=True,
                                      help_text="Guesses of the hidden cards per decision.")
    reviewer = serializers.IntegerField(allow_null=True, required=False,
                                        help_text="The reviewer's version that made it.")
    stale = serializers.BooleanField(default=False, help_text="Made by an older reviewer: "
                                     "its organisers may ask for it again.")


class NightReviewView(APIView):
    """How far the review of a closed night has got (status "none": not queued, e.g. the
    club switched reviews off or no hand was recorded card by card)."""

    @extend_schema(responses=ReviewProgressSerializer)
    def get(self, request, pk: int):
        event = permissions.restrict(Event.objects.all(), subject_of(request)).filter(
            pk=pk, status=EventStatus.CLOSED).first()
        if event is None:
            raise Http404("No such closed night.")
        progress = night_review_progress(event) or {
            "status": "none", "done": 0, "total": 0, "seed": None, "budget": None,
            "reviewer": None, "stale": False}
        return Response(ReviewProgressSerializer(progress).data)


class DecisionSerializer(serializers.ModelSerializer):
    agrees = serializers.BooleanField(read_only=True)

    class Meta:
        model = ReviewedDecision
        fields = ["hand", "position", "seat", "player", "kind", "played", "preferred", "loss",
                  "stakes", "costly", "agrees", "choices", "samples"]
        read_only_fields = fields


class GameReviewView(APIView):
    """Every judged decision of a table's card-by-card hands, in play order."""

    @extend_schema(responses=DecisionSerializer(many=True))
    def get(self, request, pk: int):
        result = visible_reviewed_game(subject=subject_of(request), pk=pk)
        if result is None:
            raise Http404("No such game.")
        rows = ReviewedDecision.objects.filter(game=result)
        return Response(DecisionSerializer(rows, many=True).data)


class TrendSerializer(serializers.Serializer):
    date = serializers.DateField()
    night = serializers.CharField()
    mean_loss = serializers.FloatField()


class GameFiguresSerializer(serializers.Serializer):
    game = serializers.CharField()
    title = serializers.CharField()
    decisions = serializers.IntegerField()
    agreement = serializers.FloatField(help_text="Share (0 to 1) of decisions the bot would "
                                                 "have taken as well.")
    mean_loss = serializers.FloatField()
    costly = serializers.IntegerField()
    trend = serializers.SerializerMethodField()

    def get_trend(self, figures) -> list[dict]:
        return [TrendSerializer({"date": when, "night": name, "mean_loss": mean}).data
                for when, name, mean in figures.trend]


class PlayerReviewView(APIView):
    """A player's figures per game: agreement with the bot, mean loss per decision, costly
    decisions, and the mean loss night by night."""

    @extend_schema(responses=GameFiguresSerializer(many=True))
    def get(self, request, pk: int):
        subject = subject_of(request)
        player = visible_player(subject=subject, pk=pk)
        if player is None:
            raise Http404("No such player.")
        figures = player_review_figures(player, subject=subject)
        return Response(GameFiguresSerializer(figures, many=True).data)
