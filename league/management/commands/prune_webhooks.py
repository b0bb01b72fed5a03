"""`manage.py prune_webhooks`: forget webhook events and deliveries older than the
retention (the beat entry's job, for the embedded mode without beat)."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from league.services.webhook_prune import MIN_RETENTION, webhooks_prune, webhooks_retention


class Command(BaseCommand):
    help = "Delete webhook events (and their deliveries) older than --days, nothing queued."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=float, default=None,
                            help="default: WEBHOOK_RETENTION_DAYS (30); at least 2")

    def handle(self, *args, days, **options):
        keep = webhooks_retention() if days is None else timedelta(days=days)
        if keep < MIN_RETENTION:
            raise CommandError("--days must be at least 2: retries last a day after the event")
        self.stdout.write(f"{webhooks_prune(older_than=keep)} webhook events deleted")
