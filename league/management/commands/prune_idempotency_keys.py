"""Delete Idempotency-Key records and their stored responses after a day (the beat
entry's job, for the embedded mode without beat)."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from league.services.idempotency import KEEP_FOR, idempotency_prune


class Command(BaseCommand):
    help = "Forget Idempotency-Key records older than --hours (24 by default)."

    def add_arguments(self, parser):
        parser.add_argument("--hours", type=float, default=KEEP_FOR.total_seconds() / 3600)

    def handle(self, *args, hours, **options):
        if hours <= 0:
            raise CommandError("--hours must be positive")
        deleted = idempotency_prune(older_than=timedelta(hours=hours))
        self.stdout.write(self.style.SUCCESS(f"{deleted} idempotency keys deleted."))
