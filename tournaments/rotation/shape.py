"""How many tables of which size a round has, and how many players sit out."""

from .types import TableSizes


def round_shape(n: int, sizes: TableSizes, partnership: bool = False) -> tuple[list[int], int]:
    """Table sizes (largest first) and sit-out count for n players.

    Priorities, in order: fewest sit-outs, fewest tables not of the preferred size,
    most tables of the preferred size, then sizes closest to the preferred one.  Partnership games use tables of 4 only.
    """
    allowed = (4,) if partnership else sizes.sizes()
    preferred = 4 if partnership else sizes.preferred
    for seated in range(n, -1, -1):
        best = _best_split(seated, allowed, preferred)
        if best is not None:
            return sorted(best, reverse=True), n - seated
    return [], n


def _best_split(total: int, allowed: tuple[int, ...], preferred: int) -> list[int] | None:
    """Multiset of allowed sizes summing to total, best by the priorities above."""
    best, best_key = None, None
    for split in _splits(total, sorted(allowed, reverse=True)):
        key = (sum(s != preferred for s in split), -split.count(preferred),
               sum(abs(s - preferred) for s in split))
        if best_key is None or key < best_key:
            best, best_key = split, key
    return best


def _splits(total: int, sizes: list[int]):
    if total == 0:
        yield []
        return
    if not sizes:
        return
    head, rest = sizes[0], sizes[1:]
    for k in range(total // head, -1, -1):
        for tail in _splits(total - k * head, rest):
            yield [head] * k + tail
