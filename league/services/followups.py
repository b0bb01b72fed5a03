"""What happens after a result is stored, corrected or removed.

`result_submit` calls `after_result_saved` on commit. The standings and ratings
work is wired in here so the entry path stays ignorant of it.
"""


def after_result_saved(game_id: int) -> None:
    """Schedule the recomputations that depend on this game's result."""
