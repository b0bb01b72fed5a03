"""`manage.py bot_arena`: bots against bots; mean score (95% CI) and win rate per bot.

    python manage.py bot_arena --game bluke --players 4 \
        --bots search,heuristic,random,random --matches 200 --seed 1 [--option key=value]

A long arena can run in ranges (in parallel, or resumed after a stop), each saving its
matches as it goes, and be summed afterwards; the matches are those of one whole run:

    python manage.py bot_arena ... --matches 100 --first-match 0 --save a.jsonl
    python manage.py bot_arena ... --matches 100 --first-match 100 --save b.jsonl
    python manage.py bot_arena --combine a.jsonl b.jsonl

The work is done by `games.bots.arena`; this command only parses and prints.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games import rules
from games.bots import bot_names
from games.bots.arena import combine_results, format_table, run_arena


def parse_option(text: str) -> tuple[str, object]:
    """"key=value" with a JSON value when it parses (true, 12), else the text itself."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise CommandError(f"--option wants key=value, not {text!r}")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip().replace("-", "_"), value


class Command(BaseCommand):
    help = "Play bots against each other and print each bot's mean score and win rate."

    def add_arguments(self, parser):
        parser.add_argument("--game", default="bluke")
        parser.add_argument("--players", type=int, default=None,
                            help="number of players (default: the number of bots)")
        parser.add_argument("--bots",
                            help=f"comma-separated, one per seat ({', '.join(bot_names())})")
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
        parser.add_argument("--time-budget-ms", type=float, default=200.0,
                            help="search bot: milliseconds per decision (0: no clock)")
        parser.add_argument("--samples", type=int, default=None,
                            help="search bot: most guesses of the hidden cards per decision")
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
        parser.add_argument("--json", action="store_true", help="print JSON, not a table")
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument("--first-match", type=int, default=0,
                            help="play matches from this index of the seed's sequence")
        parser.add_argument("--save", metavar="FILE",
                            help="append each match's result to FILE (JSON lines) as it ends")
        parser.add_argument("--combine", nargs="+", metavar="FILE",
                            help="print the table over matches saved by --save, then stop")

    def handle(self, *args, **opts):
        if opts["combine"]:
            return self._combine(opts)
        if not opts["bots"]:
            raise CommandError("--bots is required (one bot per seat)")
        bots = [b.strip() for b in opts["bots"].split(",") if b.strip()]
        unknown = [b for b in bots if b not in bot_names()]
        if unknown:
            raise CommandError(f"unknown bot(s) {', '.join(unknown)}; known: "
                               f"{', '.join(bot_names())}")
        players = opts["players"] or len(bots)
        if players != len(bots):
            raise CommandError(f"{len(bots)} bots given for {players} players")
        options = dict(parse_option(text) for text in opts["option"])
        budget = opts["time_budget_ms"] / 1000 if opts["time_budget_ms"] > 0 else None
        params = {"time_budget": budget}
        if opts["samples"]:
            params["max_samples"] = opts["samples"]
        header = {"game": opts["game"], "bots": bots, "seed": opts["seed"], "options": options,
                  "time_budget_ms": opts["time_budget_ms"], "samples": opts["samples"]}
        on_match = self._saver(opts["save"], header) if opts["save"] else None
        try:
            stats = run_arena(opts["game"], bots, opts["matches"], seed=opts["seed"],
                              options=options, bot_params=params, jobs=opts["jobs"],
                              progress=not opts["no_progress"], first=opts["first_match"],
                              on_match=on_match)
        except rules.RulesError as exc:
            raise CommandError(str(exc)) from exc
        self._print(opts, stats, f"{opts['game']} {options or ''} {players} players, "
                              f"{opts['matches']} matches from {opts['first_match']}, "
                              f"seed {opts['seed']}")

    @staticmethod
    def _saver(path: str, header: dict):
        """Each finished match as one JSON line, with what the arena was (to combine only
        ranges of the same arena)."""
        def save(index, result):
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps({**header, "match": index, "result": result}) + "\n")
        return save

    def _combine(self, opts):
        arenas, results = set(), {}
        for path in opts["combine"]:
            for line in Path(path).read_text().splitlines():
                row = json.loads(line)
                results[row.pop("match")] = row.pop("result")
                arenas.add(json.dumps(row, sort_keys=True))
        if len(arenas) != 1:
            raise CommandError("the files hold matches of different arenas (game, bots, "
                               "seed, options or search settings differ)")
        arena = json.loads(arenas.pop())
        stats = combine_results(arena["bots"], results)
        self._print(opts, stats, f"{arena['game']} {arena['options'] or ''} "
                                 f"{len(arena['bots'])} players, {len(results)} matches "
                                 f"(indexes {min(results)}..{max(results)}), "
                                 f"seed {arena['seed']}")

    def _print(self, opts, stats, title: str) -> None:
        if opts["json"]:
            self.stdout.write(json.dumps([s.to_dict() for s in stats], indent=2))
        else:
            self.stdout.write(title)
            self.stdout.write(format_table(stats))
