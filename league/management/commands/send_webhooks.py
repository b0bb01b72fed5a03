"""Send the queued webhook deliveries now (the periodic task's job, for the embedded mode
without beat, or after a receiver's outage)."""

from django.core.management.base import BaseCommand

from league.services.webhook_delivery import webhooks_send_due, webhooks_waiting


class Command(BaseCommand):
    help = ("Send the webhook deliveries that are queued and due; a receiver that fails is "
            "retried later with back-off, for a day.")

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=1_000,
                            help="At most this many deliveries in one run.")

    def handle(self, *args, limit, **options):
        report = webhooks_send_due(limit=limit)
        message = (f"{report.sent} sent, {report.failed} failed (retried later), "
                   f"{webhooks_waiting()} still queued.")
        style = self.style.SUCCESS if not report.failed else self.style.WARNING
        self.stdout.write(style(message))
