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
    if not isinstance(record, dict | list):
        return 0, []
    # Only containers go on the stack, each with a link to its parent instead of a copy
    # of its path: a full record holds thousands of card strings, and copying a path for
    # each of them doubled the cost of checking a record.
    best_depth, best_link = 0, None
    stack = [(record, 1, None)]
    while stack:
        value, depth, link = stack.pop()
        if depth > best_depth:
            best_depth, best_link = depth, link
            if depth > MAX_DEPTH:
                break  # deep enough to refuse: no need to walk the rest
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((child, depth + 1, (link, key)) for key, child in items
                     if isinstance(child, dict | list))
    path = []
    while best_link is not None:
        best_link, key = best_link
        path.append(key)
    return best_depth, path[::-1]


def place_of(path: list) -> tuple[int | None, str]:
    """(hand number, field) of a path: ``["hands", 0, "summary", "high", 0]`` is hand 1,
    ``summary.high``."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        hand, rest = path[1] + 1, path[2:]
    else:
        hand, rest = None, path
    names = [str(key) for key in rest if not isinstance(key, int)]
    return hand, ".".join(names) or ("hands" if hand else "record")
