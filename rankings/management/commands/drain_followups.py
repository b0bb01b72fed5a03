"""Run every owed standings and ratings recompute now (the beat entry's job, for the
embedded mode without beat, or after an outage)."""

from django.core.management.base import BaseCommand

from rankings.services.followups_drain import followups_drain, followups_pending


class Command(BaseCommand):
    help = ("Recompute the standings and ratings that results still owe (rows written with "
            "each result and left by a broker outage or a killed worker).")

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=10_000,
                            help="At most this many targets (seasons, games) in one run.")

    def handle(self, *args, limit, **options):
        report = followups_drain(limit=limit)
        message = (f"{report.done} recomputed, {report.failed} postponed after an error, "
                   f"{followups_pending()} still owed.")
        style = self.style.SUCCESS if not report.failed else self.style.WARNING
        self.stdout.write(style(message))
