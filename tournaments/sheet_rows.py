"""How many rows a scoresheet has and who deals each hand, from the game's rules.

The paper sheet and the entry page both ask here, so they never disagree: a game with a
fixed number of hands (a schedule, or a set number such as Mighty's `hands` option) gets
exactly that many rows; a game played to a target gets rows enough for a night. The
dealer of each hand comes from the game too (`sheet_dealer`): the deal passes to the left
in most games, while in Mighty it follows the play (the declarer's partner deals next,
`dealer_follows_play`), so a row's dealer is known only once the hand before is written.
"""

from __future__ import annotations

PAPER_ROWS = 16  # a paper sheet of a game played to a target: rows enough for a night


def fixed_hands(game) -> int | None:
    """The number of hands a match has when the rules fix it (else None)."""
    if game.schedule:
        return len(game.schedule)
    hands = getattr(game.ending, "hands", None)
    return hands() if hands else None

