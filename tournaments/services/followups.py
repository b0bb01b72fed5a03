"""What a result owes after it is stored, corrected or removed.

`result_submit` and `result_remove` call these INSIDE the transaction that changes the
result: the season's standings and the game's rating pools are owed a recompute, written
to the league's outbox (`league.services.followups`) so it commits with the result or not
at all. The rankings app drains the outbox after commit; this layer never calls it.
"""

from league.services.followups import followups_request
from tournaments.models import TableResult


def after_result_saved(game_id: int) -> None:
    """Owe the game's season standings and its rating pool(s) a recompute.

    Call inside the transaction that stores the result. Both recomputes are idempotent,
    so a duplicate request costs time but never corrupts anything.
    """
    season_id = _season_of(game_id)
    followups_request(season_ids=[season_id] if season_id else [], game_ids=[game_id])


def after_result_removed(*, game_id: int, season_id: int | None) -> None:
    """Owe the recomputes after a result was deleted (call inside the deleting transaction).

    `season_id` is captured by the caller before the delete: afterwards nothing leads from
    the game id back to its season. The ratings drain sees the game is gone and replays the
    pools holding its orphaned history rows.
    """
    followups_request(season_ids=[season_id] if season_id else [], game_ids=[game_id])


def _season_of(game_id: int) -> int | None:
    return (
        TableResult.objects.filter(pk=game_id)
        .values_list("table__round__event__season_id", flat=True)
        .first()
    )
