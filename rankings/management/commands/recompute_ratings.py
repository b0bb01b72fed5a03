"""Rebuild every rating pool (of one club) from the first game: the reference numbers."""

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.models import Club
from rankings.selectors_stats import complete_games
from rankings.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = "Recompute ratings from scratch for every pool, or only those of --club ID."

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, help="Club id (default: every club).")

    def handle(self, *args, club=None, **options):
        games = complete_games()
        if club is not None:
            if not Club.objects.filter(pk=club).exists():
                raise CommandError(f"no club with id {club}")
            games = games.filter(table__round__event__club_id=club)
        with tqdm(total=games.count(), desc="games", unit="game", file=sys.stderr,
                  disable=options["verbosity"] == 0) as bar:
            done = ratings_recompute(club_id=club, progress=bar.update)
        self.stdout.write(self.style.SUCCESS(
            f"{sum(done.values())} games rated in {len(done)} pool(s)."))
