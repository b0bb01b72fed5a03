"""A dry run of a night in any format, with drawn results (pure Python, no Django).

`simulate_night` plays `rounds` rounds for players 1..N: the rotation plans them all at
once, the standings-driven formats form each round from the drawn places of the rounds
before. Each table's places are a seeded shuffle, so the same seed gives the same night.
"""

from __future__ import annotations

import random

from tournaments.formats import DUPLICATE, ROTATION, Night, TableSizes, next_round
from tournaments.formats import duplicate as duplicate_movement


def simulate_night(*, format: str, players, rounds: int, sizes: TableSizes,
                   seed: int, partnership: bool = False, time_budget: float = 2.0,
                   teams: list | None = None) -> dict:
    """`{"rounds", "sit_outs", "places"}`: per round the tables from seat 0, who sat out,
    and each table's players best first. `players`: a count (players 1..N) or the ids.
    A duplicate night of a partnership game needs the game's `teams` (its units)."""
    ids = list(range(1, players + 1)) if isinstance(players, int) else sorted(players)
    if not ids or rounds < 1:
        raise ValueError("a night needs at least one player and one round")
    draw = random.Random(seed)
    if format == DUPLICATE and partnership:
        units, spare = duplicate_movement.partnership_units(ids, len(teams[0]), seed)
        tables, sit_outs = duplicate_movement.partnership_movement(units, teams, rounds)
        sit_outs = [sorted(out + spare) for out in sit_outs]
        places = [[draw.sample(t, len(t)) for t in rnd] for rnd in tables]
        return {"rounds": tables, "sit_outs": sit_outs, "places": places}
    if format in (ROTATION, DUPLICATE):
        if format == DUPLICATE:  # every table of a round the same size
            sizes = TableSizes(sizes.preferred, (sizes.preferred,))
        tables, sit_outs = _rotation(ids, rounds, sizes, seed, partnership, time_budget)
        places = [[draw.sample(t, len(t)) for t in rnd] for rnd in tables]
        return {"rounds": tables, "sit_outs": sit_outs, "places": places}
    night = Night()
    for _ in range(rounds):
        plan = next_round(format, night, ids, sizes, seed)
        places = [draw.sample(t, len(t)) for t in plan.tables]
        night = Night(rounds=[*night.rounds, plan.tables], places=[*night.places, places],
                      sit_outs=[*night.sit_outs, plan.sit_outs])
    return {"rounds": night.rounds, "sit_outs": night.sit_outs, "places": night.places}


def _rotation(ids, rounds, sizes, seed, partnership, time_budget):
    from tournaments import rotation

    if sizes.sizes() == (2,):
        from tournaments.rotation.round_robin import plan_round_robin

        plan = plan_round_robin(ids, rounds, rotation.History(), [], [])
    else:
        plan = rotation.plan_rotation(rotation.SeatingRequest(
            players=ids, table_sizes=sizes, rounds=rounds, partnership=partnership,
            seed=seed, time_budget=time_budget))
    return ([[list(t) for t in rnd] for rnd in plan.rounds],
            [sorted(out) for out in plan.sit_outs])
