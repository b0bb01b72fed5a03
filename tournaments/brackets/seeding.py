"""Where each seed starts in a bracket of a power-of-two size."""


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant (the empty lines are byes)."""
    if entrants < 2:
        raise ValueError("a bracket needs at least two entrants")
    return 1 << (entrants - 1).bit_length()


def seed_lines(size: int) -> list[int]:
    """Seeds in bracket order, top line first: first-round pairs are consecutive entries.

    Built by doubling: every seed s of the smaller bracket is paired with size + 1 - s, so
    each first-round match adds up to size + 1 (1 meets the last line, which is a bye when
    the field is short) and seeds 1 and 2 stay in opposite halves, 1 to 4 in four quarters.
    """
    lines = [1]
    while len(lines) < size:
        total = 2 * len(lines) + 1
        lines = [seed for top in lines for seed in (top, total - top)]
    return lines
