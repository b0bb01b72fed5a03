"""Count the closed nights whose correction window passed in each federation and rate them;
`--full` rebuilds the pools from scratch (the beat entry's job, for the embedded mode)."""

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.models import Federation
from rankings.services.federations import federation_sync


class Command(BaseCommand):
    help = ("Move closed nights past their club's correction window into the federations' "
            "pools and rate them; --full recomputes the pools from scratch.")

    def add_arguments(self, parser):
        parser.add_argument("--federation", help="A federation's slug (default: every one).")
        parser.add_argument("--full", action="store_true", help="Rebuild every pool.")

    def handle(self, *args, federation=None, full=False, **options):
        federations = Federation.objects.order_by("pk")
        if federation is not None:
            federations = federations.filter(slug=federation)
            if not federations.exists():
                raise CommandError(f"no federation with the slug {federation!r}")
        for item in federations:
            with tqdm(desc=item.slug, unit="game", file=sys.stderr,
                      disable=options["verbosity"] == 0) as bar:
                report = federation_sync(federation_id=item.pk, full=full, progress=bar.update)
            self.stdout.write(self.style.SUCCESS(
                f"{report.federation}: {report.added} night(s) counted, {report.removed} "
                f"taken out, {report.waiting} inside their window; {report.rated} game(s) "
                f"rated."))
