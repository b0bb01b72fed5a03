"""What happens after a result is stored, corrected or removed.

`result_submit` calls `after_result_saved` on commit. The standings and ratings
work is wired in here so the entry path stays ignorant of it.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tournaments.models import Game

# Set inside `followups_batched()`: game ids whose follow-ups wait for the end of the batch.
_pending: ContextVar[set[int] | None] = ContextVar("pending_followups", default=None)


def after_result_saved(game_id: int) -> None:
    """Schedule the recomputations that depend on this game's result.

    Both tasks are idempotent full/replay recomputations, so a duplicate call
    costs time but never corrupts anything. A removed game leaves no season to
    find; its rating pool is repaired from the orphaned history rows.
    """
    pending = _pending.get()
    if pending is not None:
        pending.add(game_id)
        return
    from league import tasks

    season_id = (
        Game.objects.filter(pk=game_id)
        .values_list("table__round__event__season_id", flat=True)
        .first()
    )
    if season_id:
        tasks.recompute_standings.delay_on_commit(season_id)
    tasks.update_ratings.delay_on_commit(game_id)


@contextmanager
def followups_batched() -> Iterator[None]:
    """Run each season's standings and each rating pool's update once, after many results.

    For bulk work (the demo season, imports): the recomputations are whole-season
    and whole-pool anyway, so one run at the end gives the same numbers as one
    run per result.
    """
    token = _pending.set(set())
    try:
        yield
        game_ids = _pending.get()
    finally:
        _pending.reset(token)
    for game_id in _one_game_per_season_and_pool(game_ids):
        after_result_saved(game_id)


def _one_game_per_season_and_pool(game_ids: set[int]) -> list[int]:
    from league.services.ratings import variant_key

    chosen: dict[tuple, int] = {}
    rows = Game.objects.filter(pk__in=game_ids).values_list(
        "pk", "table__round__event__season_id", "table__round__event__club_id",
        "table__game", "table__options",
    ).order_by("played_at", "pk")
    for pk, season_id, club_id, game, options in rows:
        chosen.setdefault(("season", season_id), pk)
        chosen.setdefault(("pool", club_id, game, variant_key(options)), pk)
    removed = game_ids - {pk for pk, *_ in rows}
    return sorted(set(chosen.values()) | removed)
