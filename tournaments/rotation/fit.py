"""Turn a zero-repeat construction into a first seating for the actual players.

A design on N points is laid over the players (extra points are "ghosts", missing
points leave players in a pool); each round is then reshaped into the wanted
table sizes: sit-outs are chosen fairly (fewest sit-outs so far first, preferring
players the design already leaves alone), and tables short of players are topped
up from the pool with whoever adds the fewest earlier meetings.
"""

import random

from .state import Season


def fit_rounds(design: list, labels: list, shapes: list, season: Season,
               rng: random.Random) -> tuple[list, list]:
    """Seat `season` players round by round; labels[i] is design point i's player or None.

    Returns (rounds, sit_outs) in player indices; `season` is updated as we go.
    """
    rounds, outs = [], []
    for r, (sizes, n_out) in enumerate(shapes):
        design_round = design[r % len(design)] if design else []
        tables, out = _fit_round(design_round, labels, sizes, n_out, season, rng)
        season.add_round(tables, out)
        rounds.append(tables)
        outs.append(out)
    return rounds, outs


def _fit_round(design_round, labels, sizes, n_out, season: Season, rng):
    tables = [[labels[p] for p in t if p < len(labels) and labels[p] is not None]
              for t in design_round]
    placed = {p for t in tables for p in t}
    pool = [p for p in season.active if p not in placed]
    rng.shuffle(pool)
    out = _choose_sit_outs(tables, pool, sizes, n_out, season, rng)
    tables = [[p for p in t if p not in out] for t in tables]
    pool = [p for p in pool if p not in out]
    return _reshape(tables, pool, sizes, season), sorted(out)


def _choose_sit_outs(tables, pool, sizes, n_out, season: Season, rng) -> set:
    """Fairness first (fewest sit-outs so far), then players the design strands."""
    smallest = min(sizes, default=0)
    stranded = set(pool) | {p for t in tables if len(t) < smallest for p in t}
    everyone = list(season.active)
    rng.shuffle(everyone)
    everyone.sort(key=lambda p: (season.sit_outs[p], p not in stranded))
    return set(everyone[:n_out])


def _reshape(tables, pool, sizes, season: Season) -> list:
    """Match wanted sizes to design tables, spill extras to the pool, fill gaps."""
    tables = sorted(tables, key=len, reverse=True)
    result = []
    for size in sorted(sizes, reverse=True):
        if tables:
            base = min(tables, key=lambda t: (len(t) < size, abs(len(t) - size)))
            tables.remove(base)
            pool.extend(base[size:])
            result.append(base[:size])
        else:
            result.append([])
    pool.extend(p for t in tables for p in t)
    for table, size in zip(result, sorted(sizes, reverse=True), strict=False):
        while len(table) < size:
            best = min(pool, key=lambda p: sum(season.meet[p][q] for q in table))
            pool.remove(best)
            table.append(best)
    return result
