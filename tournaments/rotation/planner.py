"""plan_rotation: constructions first, then local search, then seats and a report."""

import hashlib
import random

from . import extras as extras_mod
from . import fit
from .anneal import anneal
from .designs import library
from .report import build_report
from .search import LocalSearch, pair_cost, total_cost
from .search_util import Deadline, exact_rounds
from .seats import assign_seats
from .shape import round_shape
from .state import Season
from .types import Plan, SeatingRequest

EXACT_MAX_PLAYERS = 24  # beyond this the constructions do better than a plain search


def _stable_key(seed: int, player) -> str:
    """Seeded, order-independent rank of a player id: the per-event relabelling."""
    return hashlib.sha256(f"{seed}|{player!r}".encode()).hexdigest()


class _Context:
    """Index space, season counters and round shapes for one request."""

    def __init__(self, req: SeatingRequest):
        self.req = req
        present = list(dict.fromkeys(req.players))
        seen = [p for rnd in req.published for t in rnd for p in t]
        seen += [p for out in req.published_sit_outs for p in out]
        old = sorted(dict.fromkeys(p for p in seen), key=lambda p: _stable_key(req.seed, p))
        new = sorted((p for p in present if p not in set(old)),
                     key=lambda p: _stable_key(req.seed, p))
        self.ids = old + new  # design point i is ids[i] (absent ids become ghosts)
        self.index = {p: i for i, p in enumerate(self.ids)}
        self.present = [self.index[p] for p in present]
        sizes = req.table_sizes
        self.preferred = 4 if req.partnership else sizes.preferred
        shape = round_shape(len(present), sizes, req.partnership)
        self.shapes = [shape] * (req.rounds - len(req.published))
        self.season = self._season()

    def _season(self) -> Season:
        season = Season(len(self.ids), self.preferred, self.req.partnership)
        season.active = self.present
        self._add_history(season)
        for rnd, out in zip(self.req.published, self._published_outs(), strict=False):
            season.add_round(self.to_idx(rnd), [self.index[p] for p in out])
        for rule, pairs in ((1, self.req.forbidden_pairs), (-1, self.req.together_pairs)):
            for a, b in pairs:
                if a in self.index and b in self.index:
                    season.set_rule(self.index[a], self.index[b], rule)
        return season

    def _published_outs(self):
        outs = list(self.req.published_sit_outs)
        return outs + [[]] * (len(self.req.published) - len(outs))

    def _add_history(self, season: Season) -> None:
        h = self.req.history
        if h is None:
            return
        idx = self.index
        for (a, b), c in h.meetings.items():
            if a in idx and b in idx:
                season.meet[idx[a]][idx[b]] += c
                season.meet[idx[b]][idx[a]] += c
        for (a, b), c in h.partners.items():
            if a in idx and b in idx:
                season.partner[idx[a]][idx[b]] += c
                season.partner[idx[b]][idx[a]] += c
        for p, c in h.small_tables.items():
            if p in idx:
                season.small[idx[p]] += c
        for p, c in h.sit_outs.items():
            if p in idx:
                season.sit_outs[idx[p]] += c

    def to_idx(self, rnd):
        return [[self.index[p] for p in t] for t in rnd]

    def to_ids(self, rnd):
        return [[self.ids[p] for p in t] for t in rnd]


def _candidates(ctx: _Context) -> list[tuple[list, int]]:
    """(design, offset) pairs worth trying: constructions near the player count."""
    n, req = len(ctx.present), ctx.req
    offset = len(req.published)
    if req.partnership:
        found = [library.whist_design(m) for m in range(max(4, n - 3), n + 4)]
        return [([list(map(list, r)) for r in d], offset) for d in found if d] or [([], 0)]
    out = []
    for s in sorted({size for size in ctx.shapes[0][0]} if ctx.shapes else set()):
        for m in library.available(s, n - s, n + s):
            out.append((library.construction(m, s), offset))
    return out or [([], 0)]


def _labels(ctx: _Context, size: int) -> list:
    """Design point i -> player index, or None for a ghost (absent or beyond n)."""
    present = set(ctx.present)
    labels = [i if i in present else None for i in range(min(size, len(ctx.ids)))]
    return labels + [None] * (size - len(labels))


def _initial(ctx: _Context, rng: random.Random, deadline: Deadline):
    """Best fitted construction by total season cost."""
    best = None
    for design, offset in _candidates(ctx):
        size = max((p for rnd in design for t in rnd for p in t), default=-1) + 1
        rotated = design[offset:] + design[:offset] if design else design
        for labels in _label_options(ctx, rotated, size):
            season = _copy_season(ctx.season)
            extended = _with_extras(ctx, rotated, size, rng,
                                    deadline.child(deadline.remaining() / 2))
            if extended:
                rounds, outs = extended
                for rnd, out in zip(rounds, outs, strict=True):
                    season.add_round(rnd, out)
            else:
                rounds, outs = fit.fit_rounds(rotated, labels, ctx.shapes, season, rng)
            cost = total_cost(season)
            if best is None or cost < best[0]:
                best = (cost, rounds, outs, season)
    return best


def _ghosted(ctx: _Context, deadline: Deadline):
    """Best (cost, rounds, outs, season) from fit.ghost_fit over the candidates, or None.

    Only for a fresh plan (no published rounds, nobody absent, no pair rules), where
    design points are free to pick: which points stay empty decides which rounds
    keep their shape.  Pair rules are left to the local search.
    """
    req = ctx.req
    if (req.partnership or req.published or req.forbidden_pairs or req.together_pairs
            or len(ctx.ids) != len(ctx.present)):
        return None
    sizes, n_out = ctx.shapes[0]
    best = None
    for design, _ in _candidates(ctx):
        season = _copy_season(ctx.season)
        fitted = fit.ghost_fit(design, sorted(ctx.present), sizes, n_out, len(ctx.shapes),
                               season, deadline.child(min(0.3, deadline.remaining() / 4)))
        if fitted is None:
            continue
        for rnd, out in zip(*fitted, strict=True):
            season.add_round(rnd, out)
        if best is None or _quality(season) < _quality(best[3]):
            best = (total_cost(season), fitted[0], fitted[1], season)
    return best


def _quality(season: Season) -> tuple:
    """Pairs first, then everything else: a repeat is never traded for balance."""
    return pair_cost(season), total_cost(season)


def _tidy(season: Season) -> bool:
    """Nothing left to improve: no pair meets twice, sit-outs and small tables even."""
    active = season.active
    if not _repeat_free(season):
        return False
    return all(max(c[p] for p in active) - min(c[p] for p in active) <= 1
               for c in (season.sit_outs, season.small))


def _label_options(ctx: _Context, design: list, size: int) -> list:
    """The plain labelling, plus one putting every ghost in one table of the last round.

    Ghosts that share a table there never meet elsewhere, so in every other round
    each sits at a different table, leaving tables exactly one short (say 4 -> 3):
    the mixed shape, with no player stranded.  That last round is dropped when the
    plan is shorter than the design.
    """
    options = [_labels(ctx, size)]
    ghosts = size - len(ctx.present)
    if design and 0 < ghosts < len(design[-1][0]):
        block = set(design[-1][0][:ghosts])
        players = iter(sorted(ctx.present))
        options.append([None if i in block else next(players, None) for i in range(size)])
    return options


def _with_extras(ctx: _Context, design: list, size: int, rng: random.Random,
                 deadline: Deadline):
    """Fitted rounds when the design is a few players short (see extras.py), or None."""
    sizes, n_out = ctx.shapes[0]
    present = set(ctx.present)
    labels = _labels(ctx, size)
    if None in labels or n_out != len(ctx.present) - size or not design:
        return None
    if sorted(sizes) != sorted(len(t) for t in design[0]):
        return None
    base = [[[labels[p] for p in t] for t in design[r % len(design)]]
            for r in range(len(ctx.shapes))]
    extras = sorted(present - set(labels))
    plan = extras_mod.stand_ins(base, extras, rng, deadline)
    return None if plan is None else extras_mod.apply_stand_ins(base, extras, plan)


def _copy_season(season: Season) -> Season:
    copy = Season(season.n, season.preferred, season.partnership)
    for name in ("meet", "partner", "rule"):
        setattr(copy, name, [list(row) for row in getattr(season, name)])
    copy.small, copy.sit_outs = list(season.small), list(season.sit_outs)
    copy.active = season.active
    return copy


def _seat_counts(ctx: _Context, width: int) -> list:
    counts = [[0] * width for _ in ctx.ids]
    history = ctx.req.history
    for p, seats in (history.seats.items() if history else ()):
        if p in ctx.index:
            for seat, c in seats.items():
                if seat < width:
                    counts[ctx.index[p]][seat] += c
    for rnd in ctx.req.published:
        for t in rnd:
            for seat, p in enumerate(t):
                if seat < width:
                    counts[ctx.index[p]][seat] += 1
    return counts


def plan_rotation(req: SeatingRequest) -> Plan:
    """Plan req.rounds rounds (published ones kept verbatim); see docs/rotation.md."""
    deadline = Deadline(req.time_budget)
    ctx = _Context(req)
    rng = random.Random(req.seed)
    new_rounds, new_outs, season = [], [], ctx.season
    if ctx.shapes:
        new_rounds, new_outs, season = _planned(ctx, rng, deadline)
        new_rounds, new_outs = _sit_outs_even_as_played(ctx, new_rounds, new_outs)
        width = max((len(t) for rnd in new_rounds for t in rnd), default=0)
        counts = _seat_counts(ctx, max(width, ctx.preferred))
        assign_seats(new_rounds, list(range(len(new_rounds))), counts, req.partnership,
                     Deadline(max(deadline.remaining() - 0.05, 0.05)))
    return _finish(ctx, new_rounds, new_outs, season)


def _sit_outs_even_as_played(ctx: _Context, rounds: list, outs: list):
    """The new rounds in an order that keeps sit-outs even after every round.

    The search judges a plan by its totals, so its moves may leave one player sitting out
    twice before another has once; how far it gets depends on the time it had. Reordering
    rounds changes no meeting, table size or total, so fairness at every round of the night
    no longer depends on the machine's speed. An order that is already even is kept."""
    start = dict.fromkeys(ctx.present, 0)
    for out in ctx._published_outs():
        for p in out:
            if ctx.index.get(p) in start:
                start[ctx.index[p]] += 1

    def uneven(order) -> bool:
        counts = dict(start)
        for i in order:
            for p in outs[i]:
                if p in counts:
                    counts[p] += 1
            if counts and max(counts.values()) - min(counts.values()) > 1:
                return True
        return False

    if not uneven(range(len(rounds))):
        return rounds, outs
    order = _even_order(start, outs)
    if order is None:  # no even order within the budget: keep the search's
        return rounds, outs
    return [rounds[i] for i in order], [outs[i] for i in order]


def _even_order(start: dict, outs: list, budget: int = 20_000):
    """Indices of `outs` in an order whose running sit-out counts never differ by more than
    one, by depth-first search (fewest-so-far first), or None within `budget` steps: a
    count of steps, not seconds, so the answer is the same on any machine."""
    counts, used, order, steps = dict(start), [False] * len(outs), [], 0

    def fits(i) -> bool:
        if not counts:
            return True
        trial = [counts[p] + (p in outs[i]) for p in counts]
        return max(trial) - min(trial) <= 1

    def extend() -> bool:
        nonlocal steps
        if len(order) == len(outs):
            return True
        steps += 1
        if steps > budget:
            return False
        choices = [i for i, done in enumerate(used) if not done and fits(i)]
        choices.sort(key=lambda i: (sum(counts.get(p, 0) for p in outs[i]), i))
        for i in choices:
            used[i] = True
            order.append(i)
            for p in outs[i]:
                if p in counts:
                    counts[p] += 1
            if extend():
                return True
            for p in outs[i]:
                if p in counts:
                    counts[p] -= 1
            order.pop()
            used[i] = False
        return False

    return order if extend() else None


def _planned(ctx: _Context, rng: random.Random, deadline: Deadline):
    """(rounds, outs, season): the ghosted design if it is tidy as it stands, else
    the best other fitted start improved by local search and, unless that came out
    tidy, the ghosted design searched too; the better season wins, and is annealed
    with the time left if some pair still meets twice.

    A ghosted design uses nearly every pair, so the search has little room there,
    while a looser start often reaches a tidy plan quickly."""
    ghosted = _ghosted(ctx, deadline)
    if ghosted and _tidy(ghosted[3]):
        return ghosted[1:]
    start = _initial(ctx, rng, deadline)
    share = 0.6 if ctx.req.partnership else 0.9  # partnership seating needs time too
    search_end = deadline.child(ctx.req.time_budget * share)  # seats get the rest
    if not _repeat_free(start[3]) and not (ghosted and _repeat_free(ghosted[3])):
        exact = _exact(ctx, search_end.child(min(0.5, search_end.remaining() / 3)))
        if exact:
            return exact
    tabu_end = search_end.child(search_end.remaining() / 2)  # annealing may get the rest
    results = [_searched(start, rng, tabu_end.child(tabu_end.remaining() / 2)
                         if ghosted else tabu_end)]
    if ghosted and not _tidy(results[0][2]):
        results.append(_searched(ghosted, rng, tabu_end))
    best = min(results, key=lambda result: _quality(result[2]))
    if not _repeat_free(best[2]):
        best = _annealed(best, rng, search_end)
    return best


def _exact(ctx: _Context, deadline: Deadline):
    """(rounds, outs, season) from search_util.exact_rounds for a small fresh plan at
    one table size with no pair rules, or None."""
    req, (sizes, n_out) = ctx.req, ctx.shapes[0]
    if (req.partnership or req.published or req.history or req.forbidden_pairs
            or req.together_pairs or len(ctx.ids) != len(ctx.present)
            or len(set(sizes)) != 1 or len(ctx.present) > EXACT_MAX_PLAYERS):
        return None
    found = exact_rounds(len(ctx.present), sizes[0], n_out, len(ctx.shapes), deadline)
    if found is None:
        return None
    players = sorted(ctx.present)
    season = _copy_season(ctx.season)
    rounds = [[[players[i] for i in t] for t in rnd] for rnd in found[0]]
    outs = [[players[i] for i in out] for out in found[1]]
    for rnd, out in zip(rounds, outs, strict=True):
        season.add_round(rnd, out)
    return rounds, outs, season


def _repeat_free(season: Season) -> bool:
    active = season.active
    return all(season.meet[a][b] <= 1 for a in active for b in active)


def _searched(start, rng: random.Random, deadline: Deadline):
    cost, rounds, outs, season = start
    search = LocalSearch(season, rounds, outs, list(range(len(rounds))), rng)
    search.run(deadline, cost)
    return rounds, outs, season


def _annealed(result, rng: random.Random, deadline: Deadline):
    """Annealing where the tabu search left repeats (anneal.py says why it helps)."""
    rounds, outs, season = result
    search = LocalSearch(season, rounds, outs, list(range(len(rounds))), rng)
    anneal(search, total_cost(season), deadline)
    return rounds, outs, season


def _finish(ctx: _Context, new_rounds, new_outs, season: Season) -> Plan:
    req = ctx.req
    all_rounds = [ctx.to_idx(r) for r in req.published] + new_rounds
    all_outs = [[ctx.index[p] for p in o] for o in ctx._published_outs()] + new_outs
    present_season = _restrict(season, ctx.present)
    shapes = [([len(t) for t in r], len(o)) for r, o in zip(all_rounds, all_outs, strict=False)]
    report = build_report(all_rounds, all_outs, present_season, shapes, len(ctx.present),
                          req.table_sizes, req.history is not None, ctx.ids)
    rounds = [ctx.to_ids(r) for r in all_rounds]
    outs = [[ctx.ids[p] for p in sorted(o)] for o in all_outs]
    partners = [[([[t[0], t[2]], [t[1], t[3]]] if len(t) == 4 else []) for t in r]
                for r in rounds] if req.partnership else []
    return Plan(rounds=rounds, sit_outs=outs, partners=partners, report=report)


def _restrict(season: Season, present: list[int]) -> Season:
    """Season view whose per-player lists only cover players present now."""
    view = _copy_season(season)
    view.small = [season.small[p] for p in present]
    view.sit_outs = [season.sit_outs[p] for p in present]
    return view
