"""How deep a record's lists and objects nest, found without recursion.

No record of any game nests deeper than a few levels (record, hands, a hand, its deal,
the hands dealt, one seat's cards). A value nested thousands deep would make Python
itself fail when a message shows it, so the checker refuses it first (`bad-shape`),
naming the hand and field where it starts.
"""

from __future__ import annotations

MAX_DEPTH = 12  # lists and objects inside one another, the record itself counted


def deepest(record) -> tuple[int, list]:
    """The deepest nesting of lists and objects in `record` and the path to it (keys
    and list positions from the record down)."""
    best: tuple[int, list] = (0, [])
    stack = [(record, 1, [])]
    while stack:
        value, depth, path = stack.pop()
        if not isinstance(value, dict | list):
            continue
        if depth > best[0]:
            best = (depth, path)
            if depth > MAX_DEPTH:
                break  # deep enough to refuse: no need to walk the rest
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((child, depth + 1, [*path, key]) for key, child in items)
    return best


def place_of(path: list) -> tuple[int | None, str]:
    """(hand number, field) of a path: ``["hands", 0, "summary", "high", 0]`` is hand 1,
    ``summary.high``."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        hand, rest = path[1] + 1, path[2:]
    else:
        hand, rest = None, path
    names = [str(key) for key in rest if not isinstance(key, int)]
    return hand, ".".join(names) or ("hands" if hand else "record")
