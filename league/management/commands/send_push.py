"""Send the queued web push messages now (the periodic task's job, for the embedded mode
without beat, or after a push service's outage)."""

from django.core.management.base import BaseCommand

from league.models import PushMessage, PushState
from league.services.push_delivery import push_send_due


class Command(BaseCommand):
    help = ("Send the web push messages that are queued and due; a push service that fails "
            "is retried later with back-off.")

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=1_000,
                            help="At most this many messages in one run.")

    def handle(self, *args, limit, **options):
        report = push_send_due(limit=limit)
        waiting = PushMessage.objects.filter(state=PushState.QUEUED).count()
        message = f"{report.sent} sent, {report.failed} failed, {waiting} still queued."
        style = self.style.SUCCESS if not report.failed else self.style.WARNING
        self.stdout.write(style(message))
