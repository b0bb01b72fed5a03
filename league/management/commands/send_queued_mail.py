"""Send the queued mail now (the periodic task's job, for the embedded mode without beat,
or after a mail server outage)."""

from django.core.management.base import BaseCommand

from league.services.mail import mail_send_due, mail_waiting
from league.services.password_resets import password_resets_compose


class Command(BaseCommand):
    help = ("Compose the asked-for password resets, then send the mail that is queued and due "
            "(password resets, claim links, notices); "
            "stops at the first failure, which is retried later with back-off.")

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=1_000,
                            help="At most this many mails in one run.")

    def handle(self, *args, limit, **options):
        password_resets_compose(limit=limit)
        report = mail_send_due(limit=limit)
        message = (f"{report.sent} sent, {report.failed} failed (retried later), "
                   f"{mail_waiting()} still queued.")
        style = self.style.SUCCESS if not report.failed else self.style.WARNING
        self.stdout.write(style(message))
