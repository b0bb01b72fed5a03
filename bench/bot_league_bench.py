"""Bot league bench: do the league's raters put bots of known strength in the right order?

A league of bot players in tiers of known, ordered strength (default, weakest first:
random < noisy-75 < noisy-50 < noisy-25 < heuristic; a noisy heuristic makes that share
of its decisions at random, see games/bots/noisy.py, and any "noisy-N" works here) plays
whole matches at tables seated by the rotation engine (`tournaments.rotation.
plan_rotation`: new opponents each round, every seat in turn). The results go, in
order, into the engine's raters with default parameters (`rankings.ratings.make_rater`:
Elo and Plackett-Luce). Printed per rater: each tier's mean rating, its players' places
in the rating order, the Kendall tau-b between true tier and rating, and how many pairs
of players from different tiers the ratings order the wrong way (also part-way through).

    .venv/bin/python bench/bot_league_bench.py                       # Bluke, 20 bots
    .venv/bin/python bench/bot_league_bench.py --games 600 --seed 2 --jobs 2
    .venv/bin/python bench/bot_league_bench.py --game back-alley      # partnerships
    .venv/bin/python bench/bot_league_bench.py --tiers noisy-20,noisy-15,noisy-10,noisy-5,heuristic
    .venv/bin/python bench/bot_league_bench.py --tiers random,noisy-50,heuristic,search \\
        --per-tier 4 --games 200                                      # slow: search bots

Search bots take 40-75 ms a decision (a match with one of them: several CPU seconds),
so they are not in the default tiers. Results repeat exactly for a seed as long as no
search bot has a clock (`--search-budget-ms 0`, the default).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import rules  # noqa: E402
from games.bluke.bots.noisy import BlukeFamilyNoisyBot  # noqa: E402
from games.bots import bot_names, make_bot, play_state  # noqa: E402
from rankings.ratings import kendall_tau, make_rater  # noqa: E402
from tournaments.rotation import SeatingRequest, TableSizes, plan_rotation  # noqa: E402

NOISY_KIND = re.compile(r"noisy-(\d+)")
DEFAULT_TIERS = ("random", "noisy-75", "noisy-50", "noisy-25", "heuristic")
RATERS = ("elo", "plackett_luce")
CYCLE_ROUNDS = 8  # a multiple of 4: every seat equally often at tables of 4


@dataclass(frozen=True)
class League:
    """Who plays: tiers weakest first, `per_tier` bots each, `games` matches of `game`."""

    game: str = "bluke"
    options: dict = field(default_factory=dict)
    tiers: tuple[str, ...] = DEFAULT_TIERS
    per_tier: int = 4
    games: int = 800
    seed: int = 1
    bot_params: dict = field(default_factory=dict)  # for make_bot (search bots)

    def load_game(self) -> rules.Rules:
        options = {"players": 4, **self.options}
        return rules.load(self.game, **options)

    def players(self) -> list[str]:
        return [f"{kind}#{n + 1}" for kind in self.tiers for n in range(self.per_tier)]

    def tier_of(self, player: str) -> int:
        """True strength of a player: its tier's index (0 = weakest)."""
        return self.tiers.index(kind_of(player))


@dataclass
class LeagueResult:
    """The rated games (teams of player ids, finishing ranks) and every final score."""

    games: list = field(default_factory=list)
    scores: dict = field(default_factory=dict)  # player -> [final score of each match]
    seconds: float = 0.0


def kind_of(player: str) -> str:
    return player.rsplit("#", 1)[0]


def finishing_ranks(totals: list[int]) -> list[int]:
    """Competition ranks from final totals, higher total first: [30, 50, 30] -> [2, 1, 2]."""
    return [1 + sum(other > total for other in totals) for total in totals]


def plan_tables(league: League, game: rules.Rules) -> list[list[str]]:
    """The league's tables in playing order, each listed from seat 0 (first dealer).

    The rotation engine plans one cycle of CYCLE_ROUNDS rounds; each cycle replays it
    with the players relabelled by a seeded shuffle, so opponents keep changing, every
    player takes every seat equally often, and the plan is the same on any machine
    (a short plan finishes its search long before the time budget; a season-long one
    would be cut off by the clock, and then depend on machine speed).
    """
    size = game.num_players
    players = league.players()
    tables_per_round = len(players) // size
    if tables_per_round == 0:
        raise SystemExit(f"bot_league_bench: {len(players)} bots cannot fill a table of {size}")
    cycle = plan_rotation(SeatingRequest(
        players=players, table_sizes=TableSizes(size), rounds=CYCLE_ROUNDS,
        partnership=any(len(team) > 1 for team in game.teams), seed=league.seed,
        time_budget=60.0)).rounds
    tables: list[list[str]] = []
    shuffle = random.Random(f"bot-league/{league.seed}").shuffle
    while len(tables) < league.games:
        relabelled = list(players)
        shuffle(relabelled)
        name = dict(zip(players, relabelled, strict=True))
        tables += [[name[p] for p in table] for rnd in cycle for table in rnd]
    return tables[:league.games]


def build_bot(kind: str, game: rules.Rules, bot_params: dict):
    """A registered bot kind, or "noisy-N" for any N in 0..100 (N% random decisions)."""
    if kind in bot_names():
        return make_bot(kind, game=game, **bot_params)
    match = NOISY_KIND.fullmatch(kind)
    if match is None or int(match[1]) > 100:
        raise SystemExit(f"bot_league_bench: unknown bot kind {kind!r}; known: "
                         f"{', '.join(bot_names())}, or noisy-N with N from 0 to 100")
    return BlukeFamilyNoisyBot(game, noise=int(match[1]) / 100)


def play_table(job: tuple) -> list[int]:
    """One match (a worker's job): final totals per scoring unit (seat, or team)."""
    game_name, options, kinds, seed, bot_params = job
    game = rules.load(game_name, **options)
    bots = [build_bot(kind, game, bot_params) for kind in kinds]
    return play_state(game, bots, seed).totals


def play_league(league: League, jobs: int = 1, progress: bool = False) -> LeagueResult:
    """Play every table of the league; results come back in playing order."""
    game = league.load_game()
    for kind in league.tiers:
        build_bot(kind, game, league.bot_params)  # fail before playing on a bad kind
    options = {"players": game.num_players, **league.options}
    tables = plan_tables(league, game)
    jobs_args = [(league.game, options, [kind_of(p) for p in table],
                  league.seed * 1_000_003 + index, league.bot_params)
                 for index, table in enumerate(tables)]
    result = LeagueResult(scores={p: [] for p in league.players()})
    start = time.perf_counter()
    for table, totals in zip(tables, _run(jobs_args, jobs, progress), strict=True):
        teams = [[table[seat] for seat in unit] for unit in game.teams]
        result.games.append((teams, finishing_ranks(totals)))
        for team, total in zip(teams, totals, strict=True):
            for player in team:
                result.scores[player].append(total)
    result.seconds = time.perf_counter() - start
    return result


def _run(jobs_args: list, jobs: int, progress: bool):
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(jobs_args), unit="game", file=sys.stderr)
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(jobs) as pool:
            for totals in pool.imap(play_table, jobs_args, chunksize=4):
                if bar is not None:
                    bar.update()
                yield totals
    else:
        for job in jobs_args:
            totals = play_table(job)
            if bar is not None:
                bar.update()
            yield totals
    if bar is not None:
        bar.close()


def rate_league(league: League, result: LeagueResult, kind: str, checkpoints=()):
    """A fresh rater of `kind` (default parameters) fed every game in playing order,
    and the order quality (games, tau, misordered pairs) after each checkpoint."""
    rater = make_rater(kind)
    stops = set(checkpoints)
    progress = []
    for index, (teams, ranks) in enumerate(result.games, start=1):
        rater.rate_game(teams, ranks)
        if index in stops:
            progress.append((index, *order_quality(league, rater)[:2]))
    return rater, progress


def checkpoints_for(games: int) -> list[int]:
    """Where to look at the order while rating: after 1/8, 1/4, 1/2 and all of the games."""
    return sorted({max(1, games * k // 8) for k in (1, 2, 4, 8)})


def order_quality(league: League, rater) -> tuple[float, int, int]:
    """Kendall tau-b (true tier vs rating), misordered cross-tier pairs, cross-tier pairs."""
    players = league.players()
    truth = [league.tier_of(p) for p in players]
    rating = [rater.rating(p) for p in players]
    misordered = cross = 0
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if truth[i] != truth[j]:
                cross += 1
                stronger, weaker = (i, j) if truth[i] > truth[j] else (j, i)
                misordered += rating[stronger] <= rating[weaker]
    return kendall_tau(truth, rating), misordered, cross


def best_tau(league: League) -> float:
    """The highest tau-b untied ratings can reach: players share a tier, ratings do not."""
    truth = [league.tier_of(p) for p in league.players()]
    return kendall_tau(truth, [tier + i * 1e-9 for i, tier in enumerate(truth)])


@dataclass
class TierLine:
    tier: str
    mean_rating: float
    low: float
    high: float
    places: list[int]  # 1 = best rated in the league
    mean_score: float


@dataclass
class OrderReport:
    """How well one rater's final ratings recover the true tier order."""

    rater: str
    tiers: list[TierLine]
    order: list[str]  # players, best rated first
    kendall_tau: float
    misordered: int  # pairs from different tiers rated the wrong way round
    cross_pairs: int

    @property
    def tier_means_in_order(self) -> bool:
        means = [line.mean_rating for line in self.tiers]
        return all(a < b for a, b in zip(means, means[1:], strict=False))


def order_report(league: League, result: LeagueResult, rater) -> OrderReport:
    players = league.players()
    rating = {p: rater.rating(p) for p in players}
    order = sorted(players, key=lambda p: -rating[p])
    place = {p: i + 1 for i, p in enumerate(order)}
    lines = []
    for kind in league.tiers:
        members = [p for p in players if kind_of(p) == kind]
        values = [rating[p] for p in members]
        scores = [s for p in members for s in result.scores[p]]
        lines.append(TierLine(kind, sum(values) / len(values), min(values), max(values),
                              sorted(place[p] for p in members),
                              sum(scores) / len(scores) if scores else 0.0))
    tau, misordered, cross = order_quality(league, rater)
    return OrderReport(rater.kind, lines, order, tau, misordered, cross)


def format_report(report: OrderReport, best: float, progress: list) -> str:
    lines = [f"{report.rater}:",
             f"  {'tier':<11}{'mean rating':>12}{'min':>10}{'max':>10}  {'places (1 = best)':<22}"
             f"{'mean score':>11}"]
    for t in report.tiers:
        places = ",".join(str(p) for p in t.places)
        lines.append(f"  {t.tier:<11}{t.mean_rating:>12.1f}{t.low:>10.1f}{t.high:>10.1f}  "
                     f"{places:<22}{t.mean_score:>11.1f}")
    lines.append("  rating order, best first: " + " ".join(kind_of(p) for p in report.order))
    lines.append(f"  Kendall tau (true tier vs rating): {report.kendall_tau:.3f} (best possible "
                 f"{best:.3f}); misordered cross-tier pairs: {report.misordered} of "
                 f"{report.cross_pairs}; tier means in order: "
                 f"{'yes' if report.tier_means_in_order else 'NO'}")
    lines.append("  while rating: " + "; ".join(
        f"after {games} games tau {tau:.3f}, {wrong} misordered"
        for games, tau, wrong in progress))
    return "\n".join(lines)


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bluke", help="bluke, back-alley, ...")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=INT",
                        help="game option with an integer value, e.g. max_cards=5")
    parser.add_argument("--tiers", default=",".join(DEFAULT_TIERS),
                        help="bot kinds, weakest first (default: %(default)s)")
    parser.add_argument("--per-tier", type=int, default=4, help="bots per tier")
    parser.add_argument("--games", type=int, default=800, help="matches in the league")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--search-samples", type=int, default=24,
                        help="search bots: guesses of the hidden cards per decision")
    parser.add_argument("--search-budget-ms", type=float, default=0.0,
                        help="search bots: clock per decision (0: none, so runs repeat)")
    parser.add_argument("--raters", default=",".join(RATERS),
                        help="make_rater kinds, default parameters (default: %(default)s)")
    parser.add_argument("--no-progress", action="store_true")
    return parser.parse_args(argv)


def league_from_args(args: argparse.Namespace) -> League:
    options = {}
    for text in args.option:
        key, sep, value = text.partition("=")
        if not sep or not value.lstrip("-").isdigit():
            raise SystemExit(f"bot_league_bench: --option wants KEY=INT, not {text!r}")
        options[key.replace("-", "_")] = int(value)
    tiers = tuple(t.strip() for t in args.tiers.split(",") if t.strip())
    params = {}
    if "search" in tiers:
        budget = args.search_budget_ms / 1000 if args.search_budget_ms > 0 else None
        params = {"time_budget": budget, "max_samples": args.search_samples}
    return League(args.game, options, tiers, args.per_tier, args.games, args.seed, params)


def main(argv=None) -> None:
    args = parse_args(argv)
    league = league_from_args(args)
    result = play_league(league, jobs=args.jobs, progress=not args.no_progress)
    game = league.load_game()
    options = "".join(f" {k}={v}" for k, v in league.options.items())
    print(f"{league.game} {game.num_players} players{options}; tiers weakest "
          f"first: {', '.join(league.tiers)} ({league.per_tier} bots each); "
          f"{len(result.games)} games, seed {league.seed}, jobs {args.jobs}; "
          f"played in {result.seconds:.1f} s; load average {os.getloadavg()[0]:.2f}")
    for kind in (k.strip() for k in args.raters.split(",") if k.strip()):
        rater, progress = rate_league(league, result, kind, checkpoints_for(len(result.games)))
        print(format_report(order_report(league, result, rater), best_tau(league), progress))

if __name__ == "__main__":
    main()
