"""`manage.py simulate_format`: a dry run of a night in a format, with drawn results."""

import json

from django.core.management.base import BaseCommand, CommandError

from games import rules
from league.table_sizes import table_sizes_for
from tournaments.formats import DUPLICATE, FORMATS, ROTATION, TableSizes
from tournaments.formats.simulate import simulate_night


class Command(BaseCommand):
    help = ("Play a night of a format (rotation, king's table, Swiss) for players 1..N with "
            "drawn results; print the tables, sit-outs and places of every round.")

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=FORMATS, required=True)
        parser.add_argument("--game", required=True, help="a registered game, e.g. bluke")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--table-size", type=int, default=None,
                            help="preferred players per table (games played at a range)")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **opts):
        sizes, partnership = _sizes(opts["game"], opts["table_size"])
        if opts["format"] not in (ROTATION, DUPLICATE) and partnership:
            raise CommandError(f"--format {opts['format']}: {opts['game']} is a partnership "
                               "game; only the rotation and duplicate seat partnerships.")
        if opts["players"] < min(sizes.sizes()):
            raise CommandError(f"--players: {opts['game']} needs at least "
                               f"{min(sizes.sizes())} players.")
        if not 1 <= opts["rounds"] <= 50:
            raise CommandError("--rounds: give 1 to 50 rounds.")
        night = simulate_night(format=opts["format"], players=opts["players"],
                               rounds=opts["rounds"], sizes=sizes, seed=opts["seed"],
                               partnership=partnership,
                               teams=rules.load(opts["game"], players=sizes.preferred).teams)
        self.stdout.write(json.dumps(night) if opts["json"] else _text(night))


def _sizes(game: str, table_size: int | None) -> tuple[TableSizes, bool]:
    if game not in rules.GAMES:
        raise CommandError(f"--game: unknown game {game!r}; one of {', '.join(rules.GAMES)}.")
    sizes = table_sizes_for(game, table_size)
    if table_size is not None and table_size not in sizes.allowed:
        raise CommandError(f"--table-size: {game} is played {min(sizes.allowed)} to "
                           f"{max(sizes.allowed)} at a table, not {table_size}.")
    partnership = rules.load(game, players=sizes.preferred).partnership
    return TableSizes(preferred=sizes.preferred, allowed=sizes.allowed), partnership


def _text(night: dict) -> str:
    lines = []
    for number, (tables, out, places) in enumerate(
            zip(night["rounds"], night["sit_outs"], night["places"], strict=True), start=1):
        lines.append(f"Round {number}")
        for t, (table, order) in enumerate(zip(tables, places, strict=True), start=1):
            lines.append(f"  table {t}: {' '.join(map(str, table))}"
                         f"   places: {' '.join(map(str, order))}")
        if out:
            lines.append(f"  sitting out: {' '.join(map(str, out))}")
    return "\n".join(lines)
