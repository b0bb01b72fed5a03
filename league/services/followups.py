"""What happens after a result is stored, corrected or removed.

`result_submit` calls `after_result_saved` on commit, `result_remove` calls
`after_result_removed`. The standings and ratings work is wired in here so the
entry path stays ignorant of it.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from tournaments.models import Game


@dataclass
class _Batch:
    """Follow-ups waiting for the end of `followups_batched()`."""

    game_ids: set[int] = field(default_factory=set)
    season_ids: set[int] = field(default_factory=set)  # seasons that lost a result


_pending: ContextVar[_Batch | None] = ContextVar("pending_followups", default=None)


def after_result_saved(game_id: int) -> None:
    """Schedule the recomputations that depend on this game's result.

    Both tasks are idempotent full/replay recomputations, so a duplicate call
    costs time but never corrupts anything. A removed game leaves no season to
    find (use `after_result_removed`); its rating pool is repaired from the
    orphaned history rows.
    """
    batch = _pending.get()
    if batch is not None:
        batch.game_ids.add(game_id)
        return
    _schedule(season_id=_season_of(game_id), game_id=game_id)


def after_result_removed(*, game_id: int, season_id: int | None) -> None:
    """Schedule the recomputations after a result was deleted.

    `season_id` is captured by the caller before the delete: afterwards nothing
    leads from the game id back to its season. The ratings task sees the game is
    gone and replays the pools holding its orphaned history rows.
    """
    batch = _pending.get()
    if batch is not None:
        batch.game_ids.add(game_id)
        if season_id:
            batch.season_ids.add(season_id)
        return
    _schedule(season_id=season_id, game_id=game_id)


def _schedule(*, season_id: int | None, game_id: int) -> None:
    from league import tasks

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
    token = _pending.set(_Batch())
    try:
        yield
        batch = _pending.get()
    finally:
        _pending.reset(token)
    from league import tasks

    covered = set()
    for game_id in _one_game_per_season_and_pool(batch.game_ids):
        season_id = _season_of(game_id)
        covered.add(season_id)
        _schedule(season_id=season_id, game_id=game_id)
    for season_id in sorted(batch.season_ids - covered):
        tasks.recompute_standings.delay_on_commit(season_id)


def _season_of(game_id: int) -> int | None:
    return (
        Game.objects.filter(pk=game_id)
        .values_list("table__round__event__season_id", flat=True)
        .first()
    )


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
