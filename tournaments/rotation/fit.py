"""Turn a zero-repeat construction into a first seating for the actual players.

A design on N points is laid over the players (extra points are "ghosts", missing
points leave players in a pool); each round is then reshaped into the wanted
table sizes: sit-outs are chosen fairly (fewest sit-outs so far first, preferring
players the design already leaves alone), and tables short of players are topped
up from the pool with whoever adds the fewest earlier meetings.

`ghost_fit` is the exact alternative when the design has a few points more than
there are players: it picks which points stay empty so that whole rounds keep the
wanted shape (for mixed 4/3 tables, each ghost shortens a different table; for
tables of one size, a ghost's table-mates sit out), e.g. 30 players at 4/3 from
the 32-player schedule with two ghosts that never meet: all 10 rounds.
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


# -- ghosts: a bigger design with a few points left empty ---------------------------
MAX_GHOSTS = 4
MAX_GHOST_SETS = 150  # fitting ghost sets compared for balance before we stop looking
SETS_PER_PASS = 50  # ... and at most this many keeping the same number of rounds


def ghost_fit(design: list, players: list, sizes: list, n_out: int, need: int,
              season: Season, deadline) -> tuple[list, list] | None:
    """Seat `players` on a design with a few more points, or None.

    The design's extra points become ghosts; a round fits when, with the ghosts
    gone, its tables include exactly the wanted sizes (the other tables' players sit
    out).  We look for ghost sets under which at least `need` design rounds fit, so
    the plan keeps the design's zero repeats, and of those keep the one (and the
    rounds) that spread small tables and sit-outs most evenly.
    """
    points = 1 + max((p for rnd in design for t in rnd for p in t), default=-1)
    ghosts = points - len(players)
    if not 0 < ghosts <= MAX_GHOSTS or len(design) < need or not need:
        return None
    best = None
    for chosen in _GhostSets(design, points, ghosts, sizes, need, deadline).fitting():
        ghost_set, rounds = chosen
        labels = _ghost_labels(points, ghost_set, players)
        plan = _seat_fitting(design, rounds, labels, sizes, season, need)
        if best is None or plan[0] < best[0]:
            best = plan
    return None if best is None else (best[1], best[2])


class _GhostSets:
    """Ghost sets (in increasing point order) under which enough rounds fit.

    A round can still fit only while, sorted largest first, its tables with the
    ghosts so far removed are at least as big as the wanted sizes: more ghosts
    only shrink tables, so a round failing that test is lost for good.
    """

    def __init__(self, design, points, ghosts, sizes, need, deadline):
        self.design, self.points, self.ghosts = design, points, ghosts
        self.wanted = sorted(sizes, reverse=True)
        self.need, self.deadline = need, deadline
        self.table_of = [{p: i for i, t in enumerate(rnd) for p in t} for rnd in design]
        self.real = [[len(t) for t in rnd] for rnd in design]
        # the test above, kept incrementally: per round and wanted size v, how many
        # tables still hold at least v players (at least as many as wanted sizes >= v)
        self.floor = {v: sum(w >= v for w in self.wanted) for v in set(self.wanted)}
        self.at_least = [{v: sum(size >= v for size in real) for v in self.floor}
                         for real in self.real]
        self.found, self.pass_end = 0, 0

    def fitting(self):
        """Sets that keep the most rounds first (they leave the most choice of
        rounds), one pass per number of rounds kept, the cheapest passes first."""
        alive = sum(self._possible(r) for r in range(len(self.design)))
        for kept in range(len(self.design), self.need - 1, -1):
            self.pass_end = min(MAX_GHOST_SETS, self.found + SETS_PER_PASS)
            yield from self._extend([], 0, alive, kept)

    def _extend(self, chosen, start, alive, kept):
        if len(chosen) == self.ghosts:
            rounds = [r for r in range(len(self.design)) if self._fits(r)]
            if len(rounds) == kept:
                self.found += 1
                yield tuple(chosen), rounds
            return
        for p in range(start, self.points - (self.ghosts - len(chosen)) + 1):
            if self.found >= self.pass_end or self.deadline.expired():
                return
            lost = self._shrink(p, -1)
            if alive - lost >= kept:
                yield from self._extend(chosen + [p], p + 1, alive - lost, kept)
            self._shrink(p, 1)

    def _shrink(self, p, step) -> int:
        """Add (step -1) or remove (+1) ghost p; rounds newly lost (or regained)."""
        lost = 0
        for r, real in enumerate(self.real):
            t = self.table_of[r][p]
            before = self._possible(r)
            size = real[t] if step < 0 else real[t] + 1  # the threshold crossed
            real[t] += step
            if size in self.at_least[r]:
                self.at_least[r][size] += step
            lost += before != self._possible(r)
        return lost

    def _possible(self, r) -> bool:
        counts = self.at_least[r]
        return all(counts[v] >= need for v, need in self.floor.items())

    def _fits(self, r) -> bool:
        have = sorted((s for s in self.real[r] if s), reverse=True)
        rest = list(have)
        for w in self.wanted:
            if w not in rest:
                return False
            rest.remove(w)
        return True


def _ghost_labels(points: int, ghost_set: tuple, players: list) -> list:
    ghosts, order = set(ghost_set), iter(players)
    return [None if i in ghosts else next(order) for i in range(points)]


def _seat_fitting(design, fitting: list, labels: list, sizes: list, season: Season,
                  need: int):
    """(score, rounds, outs) for the fitting rounds that balance best, in design order.

    Rounds are dropped one at a time, each time the one whose loss leaves the
    fairest season (sit-outs first, then small tables); score compares ghost sets.
    """
    seated = {r: _seat_round(design[r], labels, sizes) for r in fitting}
    counts = {r: _round_counts(seated[r], season) for r in fitting}
    total = [list(season.sit_outs), list(season.small)]
    for r in fitting:
        _add_counts(total, counts[r], 1)
    keep = _balanced_rounds(fitting, counts, total, need, season.active)
    return (_balance(total, season.active), [seated[r][0] for r in keep],
            [seated[r][1] for r in keep])


def _balanced_rounds(fitting: list, counts: dict, total: list, need: int,
                     active: list) -> list:
    """Drop rounds greedily (each time the one whose loss balances best), then swap a
    kept round for a dropped one while that helps; `total` ends as the kept sum."""
    def score_with(drop, add=None):
        _add_counts(total, counts[drop], -1)
        if add is not None:
            _add_counts(total, counts[add], 1)
        score = _balance(total, active)
        if add is not None:
            _add_counts(total, counts[add], -1)
        _add_counts(total, counts[drop], 1)
        return score

    keep, dropped = list(fitting), []
    while len(keep) > need:
        worst = min(keep, key=score_with)
        _add_counts(total, counts[worst], -1)
        keep.remove(worst)
        dropped.append(worst)
    improved = True
    while improved:
        improved = False
        current = _balance(total, active)
        for k in list(keep):
            swap = min(dropped, key=lambda d, k=k: score_with(k, d), default=None)
            if swap is not None and score_with(k, swap) < current:
                _add_counts(total, counts[k], -1)
                _add_counts(total, counts[swap], 1)
                keep[keep.index(k)], dropped[dropped.index(swap)] = swap, k
                improved = True
                break
    return sorted(keep)


def _round_counts(seated, season: Season) -> tuple[list, list]:
    tables, out = seated
    small = [p for t in tables if len(t) < season.preferred for p in t]
    return out, small


def _add_counts(total: list, counts: tuple, step: int) -> None:
    for totals, players in zip(total, counts, strict=True):
        for p in players:
            totals[p] += step


def _seat_round(design_round, labels, sizes):
    """Real tables matching the wanted sizes; players at the other tables sit out."""
    tables = [[labels[p] for p in t if labels[p] is not None] for t in design_round]
    tables = sorted((t for t in tables if t), key=len, reverse=True)
    kept = []
    for size in sorted(sizes, reverse=True):
        table = next(t for t in tables if len(t) == size)
        tables.remove(table)
        kept.append(table)
    return kept, sorted(p for t in tables for p in t)


def _balance(total: list, active: list) -> tuple:
    """(sit-out spread, small-table spread, sum of squares) over the present players."""
    key = []
    for counts in total:
        values = [counts[p] for p in active]
        key.append(max(values) - min(values) if values else 0)
    return (*key, sum(counts[p] ** 2 for counts in total for p in active))
