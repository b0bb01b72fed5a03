"""Benchmark the league rating engines against openskill and TrueSkill.

A synthetic league with hidden true skills is generated per variant; every
rater replays the same games in order.  Reported per rater:

* accuracy: share of decided team pairs in the last 20% of games whose
  finishing order the *pre-game* ratings predicted (equal ratings = 1/2);
  "ceiling" is the same measure when ordering by the hidden true skill;
* kendall: Kendall tau-b of final ratings against final true skills;
* games/s: full sequential update of all games (no predictions), and the
  ratio to openskill's PlackettLuce measured in the same run.

Both Bayesian models are fitted; ``recommended_kind`` picks one of them per
variant from the table shape ("chosen"), and the summary line under each
table compares that one with TrueSkill.

Our parameters are fitted with ``fit_parameters`` on a league generated with
a *different* seed (``--tune-seed``), then applied to the reported seed.

    .venv/bin/python bench/ratings_bench.py            # full run
    .venv/bin/python bench/ratings_bench.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import itertools
import math
import platform
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rankings.ratings import (  # noqa: E402
    DEFAULT_GRIDS,
    fit_parameters,
    fit_rater,
    kendall_tau,
    make_rater,
    recommended_kind,
)
from rankings.ratings.evaluation import team_pairs  # noqa: E402
from rankings.ratings.fitting import DEFAULT_KINDS  # noqa: E402

try:
    from openskill.models import PlackettLuce, ThurstoneMostellerFull
except ImportError:  # pragma: no cover - the bench extra is optional
    PlackettLuce = ThurstoneMostellerFull = None
try:
    import trueskill
except ImportError:  # pragma: no cover
    trueskill = None

TEST_SHARE = 0.2


# -- synthetic leagues ---------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    name: str
    luck: float = 1.0  # sd of per-game performance noise; true skills are N(0, 1)
    drift: float = 0.0  # random-walk sd of every skill per game played league-wide
    min_size: int = 4
    max_size: int = 4
    team_size: int = 1
    tie_width: float = 0.0  # performances in the same bucket of this width tie
    late_share: float = 0.0  # share of players who join during the first 80% of the run


VARIANTS = {
    v.name: v
    for v in (
        Variant("standard"),
        Variant("high_luck", luck=2.5),
        # sd 1/sqrt(20000) per league game: about one skill sd over the run.
        Variant("drifting", drift=0.007),
        Variant("mixed_ties", min_size=2, max_size=8, tie_width=0.4),
        Variant("pairs", min_size=2, max_size=2, team_size=2),
        # Half the players join one by one while the league runs.
        Variant("newcomers", late_share=0.5),
        # Tables of 3 to 6 players, no ties.
        Variant("mixed_sizes", min_size=3, max_size=6),
        # Skills move three times as fast as in "drifting", and newcomers keep coming.
        Variant("drifting_newcomers", drift=0.021, late_share=0.5),
    )
}


@dataclass
class League:
    games: list  # [(teams, ranks)]
    true_strength: list  # per game: hidden team strengths at game time
    final_skill: list  # per player at the end


def _join_times(variant: Variant, n_players: int, n_games: int, rng) -> list[int]:
    """When each player joins (game index), in player order; the founders join at 0."""
    late = int(n_players * variant.late_share)
    founders = n_players - late
    return [0] * founders + sorted(rng.randrange(int(n_games * 0.8)) for _ in range(late))


def make_league(variant: Variant, n_players: int, n_games: int, seed: int) -> League:
    rng = random.Random(seed)
    skill = [rng.gauss(0.0, 1.0) for _ in range(n_players)]
    joins = _join_times(variant, n_players, n_games, rng)
    last_seen = list(joins)
    games, strengths = [], []
    active = 0  # players 0..active-1 have joined (players are numbered by join time)
    for t in range(n_games):
        while active < n_players and joins[active] <= t:
            active += 1
        n_teams = rng.randint(variant.min_size, variant.max_size)
        seated = rng.sample(range(active), n_teams * variant.team_size)
        if variant.drift:
            for p in seated:  # lazy random walk: catch up on the idle steps
                skill[p] += rng.gauss(0.0, variant.drift * math.sqrt(t - last_seen[p]))
                last_seen[p] = t
        teams = [
            seated[i * variant.team_size : (i + 1) * variant.team_size] for i in range(n_teams)
        ]
        strength = [sum(skill[p] for p in team) for team in teams]
        perf = [s + rng.gauss(0.0, variant.luck) for s in strength]
        if variant.tie_width:
            perf = [math.floor(x / variant.tie_width) for x in perf]
        # competition ranking: 1 + number of teams strictly better
        ranks = [1 + sum(other > x for other in perf) for x in perf]
        games.append((teams, ranks))
        strengths.append(strength)
    if variant.drift:
        for p in range(n_players):
            skill[p] += rng.gauss(0.0, variant.drift * math.sqrt(n_games - last_seen[p]))
    return League(games, strengths, skill)


# -- adapters for the third-party raters --------------------------------------


class OpenSkillRater:
    def __init__(self, model_class=None) -> None:
        self.model = (model_class or PlackettLuce)()
        self.state: dict = {}

    def rating(self, p) -> float:
        r = self.state.get(p)
        return self.model.mu if r is None else r.mu

    def rate_game(self, teams, ranks) -> None:
        state, model = self.state, self.model
        rated = model.rate(
            [[state[p] if p in state else model.rating() for p in team] for team in teams],
            ranks=list(ranks),
        )
        for team, new in zip(teams, rated, strict=True):
            for p, r in zip(team, new, strict=True):
                state[p] = r

    def rate_many(self, games) -> None:
        for teams, ranks in games:
            self.rate_game(teams, ranks)


class TrueSkillRater:
    def __init__(self, draw_probability: float) -> None:
        self.env = trueskill.TrueSkill(draw_probability=draw_probability)
        self.state: dict = {}

    def rating(self, p) -> float:
        r = self.state.get(p)
        return self.env.mu if r is None else r.mu

    def rate_game(self, teams, ranks) -> None:
        state, env = self.state, self.env
        groups = [tuple(state.get(p) or env.create_rating() for p in team) for team in teams]
        rated = env.rate(groups, ranks=list(ranks))
        for team, new in zip(teams, rated, strict=True):
            for p, r in zip(team, new, strict=True):
                state[p] = r

    def rate_many(self, games) -> None:
        for teams, ranks in games:
            self.rate_game(teams, ranks)


# -- measurement ------------------------------------------------------------


def strengths(rating, teams) -> list[float]:
    return [sum(rating(p) for p in team) / len(team) for team in teams]


def order_accuracy(predicted: list[float], ranks) -> tuple[float, int]:
    right, decided = 0.0, 0
    for a, b, outcome in team_pairs(ranks):
        if outcome == 0.5:
            continue
        decided += 1
        diff = predicted[a] - predicted[b]
        if diff == 0:
            right += 0.5
        elif (diff > 0) == (outcome == 1.0):
            right += 1.0
    return right, decided


def ceiling(league: League) -> float:
    start = int(len(league.games) * (1 - TEST_SHARE))
    right = decided = 0
    for (_, ranks), strength in zip(
        league.games[start:], league.true_strength[start:], strict=True
    ):
        r, d = order_accuracy(strength, ranks)
        right += r
        decided += d
    return right / decided


def evaluate(rater, league: League, extra=None) -> dict:
    """Replay with pre-game predictions on the test tail; ``extra`` maps a
    label to another rating function evaluated in the same pass."""
    start = int(len(league.games) * (1 - TEST_SHARE))
    funcs = {"rating": rater.rating, **(extra or {})}
    right = dict.fromkeys(funcs, 0.0)
    decided = 0
    for index, (teams, ranks) in enumerate(league.games):
        if index >= start:
            for label, func in funcs.items():
                r, d = order_accuracy(strengths(func, teams), ranks)
                right[label] += r
            decided += d
        rater.rate_game(teams, ranks)
    players = range(len(league.final_skill))
    tau = kendall_tau([rater.rating(p) for p in players], league.final_skill)
    return {"accuracy": {k: v / decided for k, v in right.items()}, "kendall": tau}


def games_per_second(factory, games) -> float:
    rater = factory()
    t0 = time.perf_counter()
    rater.rate_many(games)
    return len(games) / (time.perf_counter() - t0)


def tie_share(games) -> float:
    ties = total = 0
    for _, ranks in games:
        for _, _, outcome in team_pairs(ranks):
            total += 1
            ties += outcome == 0.5
    return ties / total if total else 0.0


# -- driver -----------------------------------------------------------------


def run_variant(variant: Variant, args) -> tuple[list[dict], float, str, str]:
    tune = make_league(variant, args.players, args.games, args.tune_seed)
    league = make_league(variant, args.players, args.games, args.seed)
    contenders = [("elo (defaults)", lambda: make_rater("elo"), None)]
    if not args.fit_whole_history_only:
        elo_params = fit_parameters("elo", tune.games)
        contenders.append(
            (f"elo (fitted {fmt(elo_params)})", lambda: make_rater("elo", **elo_params), None)
        )
        # Both Bayesian models fitted on the tuning league.  "chosen" is the
        # model recommended_kind picks for the variant's table shape; fit.kind
        # is what the better tuning log-likelihood would have picked.
        fit = fit_rater(tune.games, kinds=DEFAULT_KINDS)
        fitted = {kind: params for kind, (params, _) in fit.tried.items()}
        chosen_kind, ll_pick = recommended_kind(tune.games), fit.kind
    else:
        fitted, chosen_kind, ll_pick = {}, None, None
    # The whole-history rater's beta and tau are fitted on its one-pass start
    # (Plackett-Luce with gamma_exponent 0): a replay with its refits costs
    # about twenty times more per grid point.
    wh_params = fit_parameters(
        "plackett_luce", tune.games, grid=DEFAULT_GRIDS["whole_history"],
        base={"gamma_exponent": 0.0},
    )
    del wh_params["gamma_exponent"]
    contenders += [
        ("whole_history (defaults)", lambda: make_rater("whole_history"), "conservative"),
        (
            f"whole_history (fitted {fmt(wh_params)})",
            lambda: make_rater("whole_history", **wh_params),
            "conservative",
        ),
    ]
    for kind in ("plackett_luce", "thurstone_mosteller"):
        chosen = ", chosen" if kind == chosen_kind else ""
        contenders.append(
            (f"{kind} (defaults)", lambda kind=kind: make_rater(kind), "conservative")
        )
        if kind in fitted:
            contenders.append(
                (
                    f"{kind} (fitted {fmt(fitted[kind])}{chosen})",
                    lambda kind=kind: make_rater(kind, **fitted[kind]),
                    "conservative",
                )
            )
    if PlackettLuce is not None:
        contenders.append(("openskill PlackettLuce", OpenSkillRater, None))
        contenders.append(
            (
                "openskill ThurstoneMostellerFull",
                lambda: OpenSkillRater(ThurstoneMostellerFull),
                None,
            )
        )
    if trueskill is not None and not args.no_trueskill:
        draw = tie_share(tune.games)
        contenders.append(
            (f"trueskill (draw_probability={draw:.3f})", lambda: TrueSkillRater(draw), None)
        )
    rows = []
    for label, factory, alt in contenders:
        rater = factory()
        extra = {"conservative": rater.conservative} if alt else None
        t0 = time.perf_counter()
        result = evaluate(rater, league, extra)
        eval_seconds = time.perf_counter() - t0
        rows.append({"label": label, "factory": factory, **result, "speed": 0.0})
        print(f"  {label}: evaluated in {eval_seconds:.1f}s", file=sys.stderr)
    # Speed: interleave the contenders over several rounds and keep each
    # one's best, so a burst of load on a shared machine hits all alike.
    rounds = 1 if args.quick else args.rounds
    for _ in range(rounds):
        for row in rows:
            slow = row["label"].startswith("trueskill")
            # TrueSkill is ~100x slower: a tenth of the games, timed once.
            if slow and row["speed"]:
                continue
            games = league.games[: len(league.games) // 10] if slow else league.games
            row["speed"] = max(row["speed"], games_per_second(row["factory"], games))
    return rows, ceiling(league), chosen_kind, ll_pick


def summary(rows: list[dict], chosen: str, os_speed: float | None) -> None:
    """One line: the chosen fitted rater against TrueSkill and openskill."""
    ours = next(r for r in rows if r["label"].startswith(f"{chosen} (fitted"))
    line = f"chosen: {chosen}, accuracy {ours['accuracy']['rating']:.4f}"
    ts = next((r for r in rows if r["label"].startswith("trueskill")), None)
    if ts is not None:
        diff = ours["accuracy"]["rating"] - ts["accuracy"]["rating"]
        line += f" vs TrueSkill {ts['accuracy']['rating']:.4f} ({diff:+.4f})"
    if os_speed:
        line += f", {ours['speed'] / os_speed:.1f}× openskill's speed"
    print(line)


def whole_history_line(rows: list[dict], os_speed: float | None) -> dict:
    """The fitted whole-history rater against TrueSkill: one line, and its figures."""
    ours = next(r for r in rows if r["label"].startswith("whole_history (fitted"))
    ts = next((r for r in rows if r["label"].startswith("trueskill")), None)
    figures = {"accuracy": ours["accuracy"]["rating"], "trueskill": None, "speed": None}
    line = f"whole_history: accuracy {figures['accuracy']:.4f}"
    if ts is not None:
        figures["trueskill"] = ts["accuracy"]["rating"]
        line += f" vs TrueSkill {figures['trueskill']:.4f} "
        line += f"({figures['accuracy'] - figures['trueskill']:+.4f})"
    if os_speed:
        figures["speed"] = ours["speed"] / os_speed
        line += f", {figures['speed']:.1f}× openskill's speed"
    print(line)
    return figures


def fmt(params: dict) -> str:
    return ", ".join(f"{k}={v:.4g}" for k, v in params.items())


def million(args) -> None:
    """Time 1,000,000 sequential four-player updates (100,000 games x 10).

    Replaying one pre-built block keeps memory small and keeps game
    generation out of the timing; the ratings still evolve throughout.
    """
    rng = random.Random(args.seed)
    block = []
    for _ in range(100_000):
        seated = rng.sample(range(args.players), 4)
        block.append(([[p] for p in seated], rng.sample([1, 2, 3, 4], 4)))
    n = len(block) * 10
    for kind in ("elo", "plackett_luce", "thurstone_mosteller", "whole_history"):
        rater = make_rater(kind)
        t0 = time.perf_counter()
        rater.rate_many(itertools.chain.from_iterable(itertools.repeat(block, 10)))
        dt = time.perf_counter() - t0
        print(f"| {kind} | {n:,} four-player games | {dt:.1f} s | {n / dt:,.0f} games/s |")
    if PlackettLuce is not None:
        sample = block[:20_000]
        speed = games_per_second(OpenSkillRater, sample)
        print(
            f"| openskill PlackettLuce (20,000-game sample, extrapolated) "
            f"| {n:,} four-player games | {n / speed:.1f} s | {speed:,.0f} games/s |"
        )


def print_overall(overall: dict[str, dict]) -> None:
    """Every league in one table: is the whole-history rater ahead, and how fast?"""
    print("### whole_history against TrueSkill\n")
    print("| league | whole_history | TrueSkill | difference | vs openskill |")
    print("|---|---|---|---|---|")
    for name, f in overall.items():
        ts = "" if f["trueskill"] is None else f"{f['trueskill']:.4f}"
        diff = "" if f["trueskill"] is None else f"{f['accuracy'] - f['trueskill']:+.4f}"
        speed = "" if f["speed"] is None else f"{f['speed']:.1f}×"
        print(f"| {name} | {f['accuracy']:.4f} | {ts} | {diff} | {speed} |")
    ahead = [f["trueskill"] is not None and f["accuracy"] > f["trueskill"] for f in overall.values()]
    fast = [f["speed"] is not None and f["speed"] >= 5.0 for f in overall.values()]
    print(f"\nahead of TrueSkill in {sum(ahead)} of {len(ahead)} leagues, "
          f"at least 5× openskill's speed in {sum(fast)} of {len(fast)}\n", flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1, help="seed of the reported league")
    parser.add_argument("--tune-seed", type=int, default=None, help="default: seed + 1000")
    parser.add_argument("--quick", action="store_true", help="4,000 games, 200 players")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--no-trueskill", action="store_true", help="skip the slow baseline")
    parser.add_argument("--million", action="store_true", help="also time 1,000,000 games")
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds (best kept)")
    parser.add_argument(
        "--fit-whole-history-only", action="store_true",
        help="fit only the whole-history rater; the others run with their defaults",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.players = 4_000, 200
    if args.tune_seed is None:
        args.tune_seed = args.seed + 1000
    if args.tune_seed == args.seed:
        parser.error("--tune-seed must differ from --seed")

    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"{args.players} players, {args.games:,} games per variant, seed {args.seed}, "
        f"parameters fitted on seed {args.tune_seed}; accuracy over the last "
        f"{TEST_SHARE:.0%} of games\n"
    )
    overall: dict[str, dict] = {}
    for name in args.variants.split(","):
        variant = VARIANTS[name]
        print(f"[{name}] {variant}", file=sys.stderr)
        rows, top, chosen, ll_pick = run_variant(variant, args)
        os_speed = next((r["speed"] for r in rows if r["label"] == "openskill PlackettLuce"), None)
        print(f"### {name}\n")
        print(f"true-skill ceiling accuracy: {top:.4f}\n")
        print("| rater | accuracy (mu) | accuracy (mu-3σ) | Kendall τ | games/s | vs openskill |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            acc = r["accuracy"]
            cons = f"{acc['conservative']:.4f}" if "conservative" in acc else ""
            ratio = f"{r['speed'] / os_speed:.1f}×" if os_speed else ""
            print(
                f"| {r['label']} | {acc['rating']:.4f} | {cons} | {r['kendall']:.4f} "
                f"| {r['speed']:,.0f} | {ratio} |"
            )
        print()
        if chosen is not None:
            summary(rows, chosen, os_speed)
            print(f"(the better tuning log-likelihood would have picked {ll_pick})")
        overall[name] = whole_history_line(rows, os_speed)
        print(flush=True)
    print_overall(overall)
    if args.million:
        print("### 1,000,000 games\n")
        print("| engine | workload | time | rate |\n|---|---|---|---|")
        million(args)


if __name__ == "__main__":
    main()
