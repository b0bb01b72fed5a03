"""Rebuild stored season standings (the same service the Celery task calls)."""

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.models import Season
from rankings.services.standings import standings_recompute
from rankings.standings import StandingsConfigError


class Command(BaseCommand):
    help = "Recompute the stored standings of one season (--season ID) or of every season."

    def add_arguments(self, parser):
        target = parser.add_mutually_exclusive_group(required=True)
        target.add_argument("--season", type=int, help="Season id.")
        target.add_argument("--all", action="store_true", help="Every season.")

    def handle(self, *args, season=None, all=False, **options):
        seasons = Season.objects.order_by("pk")
        if season is not None:
            seasons = seasons.filter(pk=season)
            if not seasons.exists():
                raise CommandError(f"no season with id {season}")
        rows = 0
        bar = tqdm(seasons, desc="seasons", unit="season", file=sys.stderr,
                   disable=options["verbosity"] == 0)
        for item in bar:
            try:
                rows += standings_recompute(season_id=item.pk)
            except StandingsConfigError as exc:
                raise CommandError(str(exc)) from exc
        self.stdout.write(self.style.SUCCESS(f"{rows} standings rows stored."))
