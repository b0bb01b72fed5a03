"""The plan's report: repeats, balance spreads and an optimality certificate."""

from itertools import combinations

from .designs.library import BEST_KNOWN, upper_bound


def spread(values) -> int:
    values = list(values)
    return max(values) - min(values) if values else 0


def build_report(rounds, outs, season, shapes, n: int, sizes, history_given: bool,
                 labels: list) -> dict:
    """JSON-able summary of the new and published rounds (player ids in `labels`)."""
    counts = _meetings(rounds)
    repeats = sorted(((labels[a], labels[b], c) for (a, b), c in counts.items() if c > 1),
                     key=lambda x: -x[2])
    report = {
        "players": n,
        "rounds": len(rounds),
        "table_sizes": sorted({len(t) for rnd in rounds for t in rnd}),
        "repeated_pairs": [list(x) for x in repeats],
        "repeat_count": sum(c - 1 for c in counts.values() if c > 1),
        "max_meetings": max(counts.values(), default=0),
        "season_max_meetings": max((max(row) for row in season.meet), default=0),
        "forbidden_violations": _forbidden_meetings(season),
        "sit_out_spread": spread(season.sit_outs),
        "small_table_spread": spread(season.small),
    }
    report.update(_seat_stats(rounds, n))
    report.update(_bounds(n, shapes, len(rounds), report["repeat_count"], history_given))
    if season.partnership:
        report.update(_partner_stats(rounds, n))
    return report


def _meetings(rounds) -> dict:
    counts: dict = {}
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(sorted(table), 2):
                counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def _forbidden_meetings(season) -> int:
    n = season.n
    return sum(season.meet[a][b] for a in range(n) for b in range(a + 1, n)
               if season.rule[a][b] > 0)


def _seat_stats(rounds, n: int) -> dict:
    """Per-player spread of seat use over seats every table has, and dealer spread."""
    sizes = [len(t) for rnd in rounds for t in rnd]
    common = min(sizes, default=0)
    width = 1 + max((p for rnd in rounds for t in rnd for p in t), default=n)
    counts = [[0] * max(sizes, default=0) for _ in range(width)]
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts[p][seat] += 1
    return {
        "seat_spread": max((spread(c[:common]) for c in counts), default=0),
        "dealer_spread": spread(c[0] for c in counts) if common else 0,
    }


def _partner_stats(rounds, n: int) -> dict:
    partners: dict = {}
    for rnd in rounds:
        for t in rnd:
            if len(t) == 4:
                for a, b in ((t[0], t[2]), (t[1], t[3])):
                    key = (min(a, b), max(a, b))
                    partners[key] = partners.get(key, 0) + 1
    everyone = len(partners) == n * (n - 1) // 2 and set(partners.values()) == {1}
    return {"partner_repeats": sum(c - 1 for c in partners.values() if c > 1),
            "partners_everyone_once": everyone}


def _bounds(n: int, shapes, rounds: int, repeats: int, history_given: bool) -> dict:
    sizes = {s for shape, _ in shapes for s in shape}
    uniform = len(sizes) == 1 and all(out == 0 for _, out in shapes)
    s = next(iter(sizes)) if uniform else None
    out = {"upper_bound": upper_bound(n, s) if s else None,
           "best_known": BEST_KNOWN.get(s, {}).get(n) if s else None,
           "certificate": None}
    out["certificate"] = _certificate(n, s, shapes, rounds, repeats, history_given)
    return out


def _certificate(n, s, shapes, rounds, repeats, history_given) -> str | None:
    if history_given:
        return None
    if repeats == 0 and s and rounds == upper_bound(n, s):
        return (f"{n} players at tables of {s}: {rounds} rounds with no repeat is the "
                f"maximum possible" + _why(n, s))
    if repeats == 0:
        return "no pair meets twice, so no schedule of these rounds has fewer repeats"
    meetings = sum(k * (k - 1) // 2 for shape, _ in shapes for k in shape)
    floor = meetings - n * (n - 1) // 2
    if repeats == floor:
        return (f"{repeats} repeated meetings is the minimum: {meetings} meetings among "
                f"only {n * (n - 1) // 2} pairs")
    return None


def _why(n: int, s: int) -> str:
    if n // s < s:
        return " (fewer tables than seats: a second round must reunite two table-mates)"
    return f" (each round a player meets {s - 1} new players; there are only {n - 1} others)"
