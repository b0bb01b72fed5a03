"""Hand review of a closed night: the search bot judges every card-by-card decision.

`night_review_request` queues a night's review once it is closed (the closing hook and
`manage.py review_nights` call it); `night_review_run` (the Celery task's one call)
reviews each table's record in turn, counting progress, and can run again at any time:
a table whose record was already judged with the same seed, budget and reviewer is
skipped, a corrected one is judged again. A night reviewed by an older reviewer (its
`reviewer` below `REVIEWER_VERSION`) is reviewed again when asked: by its organisers, or
`manage.py review_nights --stale`. A club that switched reviews off gets none.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from games import rules
from games.bots.review import (
    DEFAULT_BUDGET,
    PAR_PLAYOUTS,
    REVIEWER_VERSION,
    ReviewError,
    board_par,
    review_record,
)
from league.page_cache import bump_club_versions
from rankings.models.reviews import (
    BoardPar,
    NightReview,
    ReviewedDecision,
    ReviewedGame,
    ReviewStatus,
)
from tournaments.models import EventStatus, TableResult

log = logging.getLogger(__name__)


def review_budget() -> int:
    return int(getattr(settings, "REVIEW_BUDGET", DEFAULT_BUDGET))


def reviewable_results(event):
    """The night's results recorded card by card (the only ones with decisions to judge)."""
    return (TableResult.objects.filter(table__round__event=event, hands__has_plays=True)
            .distinct().order_by("pk"))


def night_review_request(*, event, kick: bool = True,
                         closing: bool = False) -> NightReview | None:
    """The night's review, queued if it is closed, its club reviews, and it has none
    yet (or the last one failed, or an older reviewer made it); None when there is nothing
    to review. `kick`: hand it
    to a worker (where tasks run in a worker: `review_on_close`). `closing`: asked by
    the night's closing, which queues nothing where no worker runs the tasks."""
    if event.status != EventStatus.CLOSED or not event.club.reviews_on:
        return None
    if closing and not review_on_close():
        return None
    if not reviewable_results(event).exists() and not event.rounds.filter(
            boards__isnull=False).exists():
        return None
    review, created = NightReview.objects.get_or_create(
        event=event, defaults={"seed": event.pk, "budget": review_budget(),
                               "reviewer": REVIEWER_VERSION})
    retry = not created and _queue_again(review)
    if kick and (created or retry) and review_on_close():
        from rankings.tasks_reviews import review_night

        transaction.on_commit(lambda: review_night.delay(review.pk))
    return review


def _queue_again(review: NightReview) -> bool:
    """Queue a failed review, or a finished one of an older reviewer, again. Conditional, so
    two requests at once queue it once; a running review is left to its worker."""
    again = NightReview.objects.filter(pk=review.pk).filter(
        Q(status=ReviewStatus.FAILED)
        | Q(status=ReviewStatus.DONE, reviewer__lt=REVIEWER_VERSION)).update(
        status=ReviewStatus.QUEUED, reviewer=REVIEWER_VERSION)
    if again:
        review.refresh_from_db()
    return bool(again)


def review_on_close() -> bool:
    """Whether closing a night queues its review for a worker. Not when tasks run in the
    closing process (the embedded mode, the demo): a review takes minutes, so there
    `manage.py review_nights` makes the reviews owed. `REVIEW_ON_CLOSE` overrides."""
    from celery import current_app

    setting = getattr(settings, "REVIEW_ON_CLOSE", None)
    return not current_app.conf.task_always_eager if setting is None else bool(setting)


def night_review_run(review_id: int) -> NightReview:
    """Review every card-by-card table of the night not yet judged as it now stands."""
    review = NightReview.objects.select_related("event__club").get(pk=review_id)
    if not review.event.club.reviews_on:
        return review
    results = list(reviewable_results(review.event).select_related("table"))
    NightReview.objects.filter(pk=review.pk).update(
        status=ReviewStatus.RUNNING, reviewer=REVIEWER_VERSION, games_total=len(results),
        games_done=0, error="")
    try:
        night_par(event=review.event, seed=review.seed)
        for result in results:
            game_review(result=result, seed=review.seed, budget=review.budget)
            NightReview.objects.filter(pk=review.pk).update(games_done=F("games_done") + 1)
            bump_club_versions([review.event.club_id])  # the night's page shows progress
    except (ReviewError, rules.RulesError, rules.IllegalAction) as exc:
        log.warning("review of night %s failed: %s", review.event_id, exc)
        NightReview.objects.filter(pk=review.pk).update(status=ReviewStatus.FAILED,
                                                         error=str(exc)[:500])
    else:
        NightReview.objects.filter(pk=review.pk).update(status=ReviewStatus.DONE)
    review.refresh_from_db()
    return review


def night_par(*, event, seed: int) -> int:
    """The par of each board of a duplicate night that has none yet (boards_par over the
    round's boards); returns how many boards got one."""
    made = 0
    for rnd in event.rounds.prefetch_related("boards__par").order_by("number"):
        boards = list(rnd.boards.all())
        if not boards or all(hasattr(board, "par") for board in boards):
            continue
        game = rules.load(event.game, players=len(boards[0].deal["deal"]["hands"]),
                          **(event.options or {}))
        pars = board_par(game, [board.deal for board in boards], seed=seed)
        with transaction.atomic():
            for board, par in zip(boards, pars, strict=True):
                BoardPar.objects.update_or_create(board=board, defaults={
                    "par": par, "playouts": PAR_PLAYOUTS, "seed": seed})
        made += len(boards)
    return made


def game_review(*, result: TableResult, seed: int, budget: int) -> bool:
    """Judge one table's record (False: already judged as it stands). The search runs
    outside any transaction; its rows replace the table's old ones in one."""
    if ReviewedGame.objects.filter(game=result, record_hash=result.record_hash, seed=seed,
                                   budget=budget, reviewer=REVIEWER_VERSION).exists():
        return False
    decisions = review_record(result.record, seed=seed, budget=budget)
    players = dict(result.table.seats.values_list("position", "player_id"))
    rows = [ReviewedDecision(game=result, hand=d.hand, position=d.event, seat=d.seat,
                             player_id=players.get(d.seat), kind=d.kind, played=d.played,
                             preferred=d.preferred, loss=d.loss, stakes=d.stakes,
                             costly=d.costly, choices=d.choices, samples=d.samples)
            for d in decisions]
    with transaction.atomic():
        ReviewedDecision.objects.filter(game=result).delete()
        ReviewedDecision.objects.bulk_create(rows)
        ReviewedGame.objects.update_or_create(game=result, defaults={
            "record_hash": result.record_hash, "seed": seed, "budget": budget,
            "reviewer": REVIEWER_VERSION, "decisions": len(rows)})
    return True


def night_reviews_pending(*, stale: bool = False) -> list[int]:
    """Start the reviews closed nights owe: none yet, queued but never started, or failed,
    and with `stale` those an older reviewer made (`manage.py review_nights [--stale]`; in
    the embedded mode the task runs right here). Returns the nights' ids."""
    from rankings.tasks_reviews import review_night
    from tournaments.models import Event

    nights = []
    owed = Q(review__isnull=True) | Q(review__status__in=[ReviewStatus.QUEUED,
                                                          ReviewStatus.FAILED])
    if stale:
        owed |= Q(review__status=ReviewStatus.DONE, review__reviewer__lt=REVIEWER_VERSION)
    events = Event.objects.filter(status=EventStatus.CLOSED, club__reviews_on=True).filter(owed)
    for event in events.select_related("club").order_by("date", "pk"):
        review = night_review_request(event=event, kick=False)
        if review is not None:
            review_night.delay(review.pk)
            nights.append(event.pk)
    return nights


def night_review_queue(*, event, user) -> NightReview | None:
    """An organiser asks for the review of a closed night (one closed before reviews
    existed, or whose review failed): the same as closing queues, refused to others."""
    from django.core.exceptions import PermissionDenied, ValidationError
    from django.utils.translation import gettext as _

    from league.permissions import MANAGE, can

    if not can(user, MANAGE, event.club):
        raise PermissionDenied(_("Only the club's organisers can do this."))
    if event.status != EventStatus.CLOSED:
        raise ValidationError({"event": _("A night is reviewed once it is closed.")})
    if not event.club.reviews_on:
        raise ValidationError({"event": _("The club has switched hand reviews off.")})
    return night_review_request(event=event)
