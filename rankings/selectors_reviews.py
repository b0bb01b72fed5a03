"""Reads of the bots' hand review: a night's progress, a table's judged decisions, a
player's figures per game. A review is seen only once its night is closed, and only by
those who may see the night (the policy's `restrict`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Avg, Count, Q, Sum

from league import permissions
from league.game_titles import game_title
from rankings.models.reviews import NightReview, ReviewedDecision
from tournaments.models import EventStatus, TableResult


def night_review_progress(event) -> dict | None:
    """Status, games done and total of the night's review (None: no review)."""
    review = NightReview.objects.filter(event=event).first()
    if review is None:
        return None
    return {"status": review.status, "status_label": review.get_status_display(),
            "done": review.games_done, "total": review.games_total,
            "seed": review.seed, "budget": review.budget, "reviewer": review.reviewer,
            "stale": review.is_stale}


def visible_reviewed_game(*, subject, pk: int) -> TableResult | None:
    """The table's result, if the subject may see it and its night is closed."""
    games = permissions.restrict(TableResult.objects.all(), subject).filter(
        pk=pk, table__round__event__status=EventStatus.CLOSED)
    return games.select_related("table__round__event__club").first()


@dataclass
class ReviewedHand:
    number: int
    decisions: list
    costly: int
    loss: float


def game_review_hands(result: TableResult) -> list[ReviewedHand]:
    """The judged decisions of each card-by-card hand, in play order."""
    by_hand = defaultdict(list)
    for decision in ReviewedDecision.objects.filter(game=result).select_related("player"):
        by_hand[decision.hand].append(decision)
    return [ReviewedHand(number, rows, sum(d.costly for d in rows),
                         round(sum(d.loss for d in rows), 2))
            for number, rows in sorted(by_hand.items())]


@dataclass
class GameFigures:
    game: str
    title: str
    decisions: int
    agreement: float  # share of decisions where the player chose as the bot would
    mean_loss: float
    costly: int
    trend: list  # (night date, night name, mean loss) in date order


def player_review_figures(player, *, subject) -> list[GameFigures]:
    """Per game: decisions judged, agreement with the bot, mean loss per decision, costly
    decisions, and the mean loss night by night (visible closed nights only)."""
    games = permissions.restrict(TableResult.objects.all(), subject).filter(
        table__round__event__status=EventStatus.CLOSED)
    rows = ReviewedDecision.objects.filter(player=player, samples__gt=0, game__in=games)
    agreed = Q(loss=0)
    totals = (rows.values("game__table__round__event__game")
              .annotate(n=Count("id"), agreed=Count("id", filter=agreed), loss=Sum("loss"),
                        costly=Count("id", filter=Q(costly=True)))
              .order_by("game__table__round__event__game"))
    nights = (rows.values("game__table__round__event__game", "game__table__round__event__date",
                          "game__table__round__event__name", "game__table__round__event")
              .annotate(mean=Avg("loss"))
              .order_by("game__table__round__event__date", "game__table__round__event"))
    trend = defaultdict(list)
    for night in nights:
        trend[night["game__table__round__event__game"]].append(
            (night["game__table__round__event__date"], night["game__table__round__event__name"],
             round(night["mean"], 3)))
    return [GameFigures(row["game__table__round__event__game"],
                        game_title(row["game__table__round__event__game"]), row["n"],
                        round(row["agreed"] / row["n"], 4), round(row["loss"] / row["n"], 3),
                        row["costly"], trend[row["game__table__round__event__game"]])
            for row in totals]


def club_night_reviews(club) -> list:
    """The club's closed nights, latest first, each with its review (or None)."""
    from tournaments.models import Event

    events = (Event.objects.filter(club=club, status=EventStatus.CLOSED)
              .select_related("review").order_by("-date", "-pk")[:50])
    return [(event, getattr(event, "review", None)) for event in events]


def board_pars(event) -> dict:
    """(round number, board number) -> [(unit label, par)] for the night's boards with a
    par (made with the night's review)."""
    from django.utils.translation import gettext as _

    from rankings.models.reviews import BoardPar

    pars = {}
    for par in BoardPar.objects.filter(board__round__event=event).select_related(
            "board__round"):
        side = len(par.par) < len(par.board.deal["deal"]["hands"])
        pars[(par.board.round.number, par.board.number)] = [
            ((_("Side %(n)s") if side else _("Seat %(n)s")) % {"n": unit + 1}, value)
            for unit, value in enumerate(par.par)]
    return pars
