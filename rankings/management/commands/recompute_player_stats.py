"""Rebuild stored player statistics from every complete game (the follow-ups' service, in full)."""

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.models import Club
from rankings.services.player_stats import player_stats_recompute
from tournaments.models import ResultStatus, TableResult


class Command(BaseCommand):
    help = "Recompute the stored player statistics of one club (--club SLUG) or of every club."

    def add_arguments(self, parser):
        target = parser.add_mutually_exclusive_group(required=True)
        target.add_argument("--club", help="Club slug.")
        target.add_argument("--all", action="store_true", help="Every club.")

    def handle(self, *args, club=None, all=False, **options):
        clubs = Club.objects.order_by("pk")
        if club is not None:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"no club with slug {club!r}")
        total = TableResult.objects.filter(status=ResultStatus.COMPLETE,
                                    table__round__event__club__in=clubs).count()
        bar = tqdm(total=total, desc="games", unit="game", file=sys.stderr,
                   disable=options["verbosity"] == 0)
        games = 0
        with bar:
            for item in clubs:
                games += player_stats_recompute(club_id=item.pk, progress=bar.update)
        self.stdout.write(self.style.SUCCESS(f"{games} games counted into player statistics."))
