"""Seat a few players more than a construction has, keeping it repeat-free.

With N design points and n = N + e players, each round e players sit out and
the e extras play in their seats ("stand in" for them).  An extra then meets the
stood-in player's table-mates, so we look for stand-ins, round by round, such
that no extra meets anyone twice, two extras never share a table, and nobody
sits out twice before everyone has sat out once.  Depth-first search with a node
budget; None when it gives up (the caller then falls back to local search).
"""

import random

from .search_util import Deadline


def stand_ins(rounds: list, extras: list, rng: random.Random, deadline: Deadline,
              budget: int = 20_000):
    """Per round the list of stood-in players (same order as extras), or None."""
    state = {"nodes": 0, "met": {x: set() for x in extras}, "out": set()}
    everyone = sorted({p for rnd in rounds for t in rnd for p in t})
    plan: list = []

    def search(r: int) -> bool:
        if r == len(rounds):
            return True
        for choice in _choices(rounds[r], extras, state, everyone, rng):
            state["nodes"] += 1
            if state["nodes"] > budget or deadline.expired():
                return False
            undo = _take(choice, rounds[r], extras, state, everyone)
            plan.append(choice)
            if search(r + 1):
                return True
            plan.pop()
            undo()
        return False

    return plan if search(0) else None


def _mates(rnd, y):
    return next(t for t in rnd if y in t)


def _choices(rnd, extras, state, everyone, rng):
    """Tuples of distinct stand-ins, one per extra, in different tables."""
    fresh = [p for p in everyone if p not in state["out"]]
    rng.shuffle(fresh)

    def build(k, chosen, tables):
        if k == len(extras):
            yield tuple(chosen)
            return
        for y in fresh:
            table = _mates(rnd, y)
            if y in chosen or id(table) in tables:
                continue
            new = {p for p in table if p != y}
            if new & state["met"][extras[k]]:
                continue
            yield from build(k + 1, chosen + [y], tables | {id(table)})

    yield from build(0, [], frozenset())


def _take(choice, rnd, extras, state, everyone):
    """Record a round's stand-ins; returns the undo callback."""
    added = []
    for x, y in zip(extras, choice, strict=True):
        new = {p for p in _mates(rnd, y) if p != y} - state["met"][x]
        state["met"][x] |= new
        added.append((x, new))
    reset = len(state["out"]) + len(choice) > len(everyone)
    before = set(state["out"])
    state["out"] = set(choice) if reset else state["out"] | set(choice)

    def undo():
        for x, new in added:
            state["met"][x] -= new
        state["out"] = before

    return undo


def apply_stand_ins(rounds: list, extras: list, plan: list) -> tuple[list, list]:
    """New rounds with extras in the stand-ins' seats, and the sit-out lists."""
    out_rounds, outs = [], []
    for rnd, choice in zip(rounds, plan, strict=True):
        swap = dict(zip(choice, extras, strict=True))
        out_rounds.append([[swap.get(p, p) for p in t] for t in rnd])
        outs.append(sorted(choice))
    return out_rounds, outs
