"""What happens after a result is stored, corrected or removed.

`result_submit` calls `after_result_saved` on commit. The standings and ratings
work is wired in here so the entry path stays ignorant of it.
"""

from tournaments.models import Game


def after_result_saved(game_id: int) -> None:
    """Schedule the recomputations that depend on this game's result.

    Both tasks are idempotent full/replay recomputations, so a duplicate call
    costs time but never corrupts anything. A removed game leaves no season to
    find; its rating pool is repaired from the orphaned history rows.
    """
    from league import tasks

    season_id = (
        Game.objects.filter(pk=game_id)
        .values_list("table__round__event__season_id", flat=True)
        .first()
    )
    if season_id:
        tasks.recompute_standings.delay_on_commit(season_id)
    tasks.update_ratings.delay_on_commit(game_id)
