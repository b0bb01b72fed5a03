"""Fit each rating pool's engine parameters to its own history, store them, recompute."""

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.models import Club
from rankings.ratings.fitting import OBJECTIVES
from rankings.ratings.registry import RATERS
from rankings.services.ratings import canonical_kind, ensure_pools, ratings_fit
from rankings.services.ratings.recompute import AUTO


class Command(BaseCommand):
    help = "Grid-search rating parameters per club and game variant and store them."

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, help="Club id (default: every club).")
        parser.add_argument("--kind", help=f"Engine: {', '.join(sorted(RATERS))}, or "
                                           f"{AUTO} to choose by table shape "
                                           "(default: each pool's current one).")
        parser.add_argument("--objective", default="log_likelihood", choices=OBJECTIVES)
        parser.add_argument("--no-recompute", action="store_true",
                            help="Store the parameters without re-rating the pools.")

    def handle(self, *args, club=None, kind=None, objective="log_likelihood", **options):
        if kind is not None and kind != AUTO:
            try:
                kind = canonical_kind(kind)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
        if club is not None and not Club.objects.filter(pk=club).exists():
            raise CommandError(f"no club with id {club}")
        pools = ensure_pools(club_id=club)
        for pool in tqdm(pools, desc="pools", unit="pool", file=sys.stderr,
                         disable=options["verbosity"] == 0):
            report = ratings_fit(pool_id=pool.pk, kind=kind, objective=objective,
                                 recompute=not options["no_recompute"])
            if report["fitted"]:
                self.stdout.write(
                    f"{pool}: {report['kind']} {report['params']} "
                    f"(log-likelihood {report['log_likelihood']:.4f}, "
                    f"default {report['default_log_likelihood']:.4f}, {report['games']} games)")
            else:
                self.stdout.write(f"{pool}: not fitted, {report['reason']}")
