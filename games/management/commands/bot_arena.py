"""`manage.py bot_arena`: bots against bots; mean score (95% CI) and win rate per bot.

    python manage.py bot_arena --game bluke --players 4 \
        --bots search,heuristic,random,random --matches 200 --seed 1 [--option key=value]

The work is done by `games.bots.arena`; this command only parses and prints.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from games import rules
from games.bots import bot_names
from games.bots.arena import format_table, run_arena


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
        parser.add_argument("--bots", required=True,
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

    def handle(self, *args, **opts):
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
        try:
            stats = run_arena(opts["game"], bots, opts["matches"], seed=opts["seed"],
                              options=options, bot_params=params, jobs=opts["jobs"],
                              progress=not opts["no_progress"])
        except rules.RulesError as exc:
            raise CommandError(str(exc)) from exc
        if opts["json"]:
            self.stdout.write(json.dumps([s.to_dict() for s in stats], indent=2))
        else:
            self.stdout.write(f"{opts['game']} {options or ''} {players} players, "
                              f"{opts['matches']} matches, seed {opts['seed']}")
            self.stdout.write(format_table(stats))
