"""API: one player in one rating pool: the history a page at a time (oldest game first),
and where they stand (percentile, peaks, nights against the expectation, a chance).

The whole history inline in /players/{id}/ratings/ grows with every game; this list is
paged like every other (`?page=N`, 50 a page) and names the game and its night.
"""

from __future__ import annotations

from datetime import date

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from league import permissions
from league.api.auth import subject_of
from league.api.errors import ERRORS
from league.models import Player
from league.page_cache import cached_api
from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.selectors_federations import pool_versions, unlisted_for
from rankings.selectors_leaderboard import visible_pool
from rankings.selectors_rating_page import nights, peak, pool_standing, win_chance
from rankings.selectors_stats import visible_player
from tournaments.models import Event


def pool_and_player(subject, pool_pk, player_pk):
    """The pool, the player and the players the subject may not see in it, or 404.

    A club's pool: its club visible to the subject and the player visible there. A
    federation's pool: the person rated in it and not one of the private clubs' players
    who did not agree to appear (`unlisted_for`), who are also left out of the
    percentile, the peaks, the distribution and the opponents."""
    pool = RatingPool.objects.filter(pk=pool_pk).only("pk", "club_id", "federation_id").first()
    if pool is not None and pool.federation_id is not None:
        pool = RatingPool.objects.select_related("federation").get(pk=pool.pk)
        exclude = unlisted_for(pool, subject)
        player = None
        if player_pk not in exclude and PlayerRating.objects.filter(
                pool=pool, player_id=player_pk).exists():
            player = Player.objects.filter(pk=player_pk).first()
        if player is None:
            raise Http404("No such rating.")
        return pool, player, exclude
    found = visible_pool(subject=subject, pk=pool_pk)
    player = visible_player(subject=subject, pk=player_pk) if found else None
    if found is None or player is None:
        raise Http404("No such rating.")
    return found, player, frozenset()


class RatingHistoryRowSerializer(serializers.ModelSerializer):
    game_id = serializers.SerializerMethodField(
        help_text="The rated game (null once it was removed, or in a federation's pool when "
                  "its club is private to the caller).")
    night_id = serializers.SerializerMethodField(help_text="The game's night (null as game_id).")

    class Meta:
        model = RatingHistory
        fields = ["game_id", "night_id", "played_at", "mu_before", "sigma_before",
                  "games_before", "mu_after", "sigma_after", "games_after"]
        read_only_fields = fields

    def _shown(self, row) -> bool:
        clubs = self.context.get("clubs")  # None: a club's pool, every game is its own
        return row.game_id is not None and (
            clubs is None or row.game.table.round.event.club_id in clubs)

    def get_game_id(self, row) -> int | None:
        return row.game_id if self._shown(row) else None

    def get_night_id(self, row) -> int | None:
        return row.game.table.round.event_id if self._shown(row) else None


def _visible_clubs(pool, subject) -> set[int] | None:
    """For a federation's pool, the clubs whose games and nights the subject may see named."""
    if pool.federation_id is None:
        return None
    return set(permissions.visible_clubs(subject).values_list("pk", flat=True))


class PlayerRatingHistoryView(generics.ListAPIView):
    """The player's rating before and after each rated game in the pool, oldest first."""

    serializer_class = RatingHistoryRowSerializer
    filter_backends: list = []

    def get_queryset(self):
        subject = subject_of(self.request)
        pool, player, _exclude = pool_and_player(subject, self.kwargs["pool"], self.kwargs["pk"])
        self.clubs = _visible_clubs(pool, subject)
        return (RatingHistory.objects.filter(pool=pool, player=player)
                .select_related("game__table__round__event").order_by("played_at", "game_order"))

    def get_serializer_context(self):
        return super().get_serializer_context() | {"clubs": getattr(self, "clubs", None)}


class PeakSerializer(serializers.Serializer):
    rating = serializers.FloatField(allow_null=True)
    rating_at = serializers.DateTimeField(allow_null=True)
    percentile = serializers.FloatField(allow_null=True)
    percentile_at = serializers.DateTimeField(allow_null=True)


class NightSerializer(serializers.Serializer):
    night_id = serializers.IntegerField(source="event_id")
    name = serializers.CharField()
    date = serializers.DateField()
    games = serializers.IntegerField()
    expected_place = serializers.FloatField(
        help_text="From everyone's ratings before each game: 1 plus each other side's chance "
                  "to finish ahead, averaged over the night.")
    place = serializers.FloatField(source="actual_place", help_text="The average place won.")


class AgainstSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    chance = serializers.FloatField(help_text="P(this player finishes ahead of the opponent "
                                              "at a table of the two), by the pool's engine.")


class PlayerPoolRatingSerializer(serializers.Serializer):
    pool = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="Grown for the time since the last game.")
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    rank = serializers.IntegerField()
    size = serializers.IntegerField(help_text="Players rated in the pool.")
    percentile = serializers.FloatField(
        allow_null=True, help_text="Percent of the pool's other players rated below; ties "
                                   "count half (null: alone in the pool).")
    peak = PeakSerializer()
    nights = NightSerializer(many=True)
    against = AgainstSerializer(allow_null=True)


def _standing_versions(request, pk: int, pool: int) -> dict | None:
    """A federation pool's standing is cached (its peaks replay the pool's history: about a
    second at 20,000 games) while `pool_versions` hold, and a day at most (uncertainty
    grows while players are away); a club pool's is computed every time."""
    found = RatingPool.objects.filter(pk=pool, federation__isnull=False).first()
    if found is None:
        return None
    return pool_versions(found, subject_of(request)) | {"day": date.today().isoformat()}


class PlayerPoolRatingView(APIView):
    """The player's standing in one pool: percentile, peaks, each night against the
    expectation, and with `?against=<player id>` the chance against that opponent."""

    @extend_schema(parameters=[OpenApiParameter("against", int, required=False)],
                   responses={200: PlayerPoolRatingSerializer, **ERRORS})
    @cached_api("api-federation-standing", _standing_versions)
    def get(self, request, pk: int, pool: int):
        subject = subject_of(request)
        found, player, exclude = pool_and_player(subject, pool, pk)
        standing = pool_standing(found, player, exclude=exclude)
        if standing is None:
            raise Http404("No such rating.")
        view = standing.row.view
        lines = nights(found, player)
        clubs = _visible_clubs(found, subject)
        if clubs is not None:  # a federation's pool: only nights of clubs the caller sees
            shown = set(Event.objects.filter(pk__in=[line.event_id for line in lines],
                                             club_id__in=clubs).values_list("pk", flat=True))
            lines = [line for line in lines if line.event_id in shown]
        body = {"pool": found.pk, "mu": view.mu, "sigma": view.sigma, "games": view.games,
                "provisional": view.provisional, "rank": standing.rank,
                "size": standing.size, "percentile": standing.percentile,
                "peak": peak(found, player, exclude=exclude), "nights": lines,
                "against": _against(request, found, standing)}
        return Response(PlayerPoolRatingSerializer(body).data)


def _against(request, pool, standing) -> dict | None:
    wanted = request.query_params.get("against")
    if not wanted:
        return None
    row = next((r for r in standing.rows if str(r.player.pk) == wanted
                and r.player.pk != standing.row.player.pk), None)
    if row is None:
        raise ValidationError({"against": [_("Choose another player rated in this pool.")]})
    return {"player_id": row.player.pk, "chance": win_chance(pool, standing.row, row)}
