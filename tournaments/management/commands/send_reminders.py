"""`manage.py send_reminders`: queue the attendance reminders now due (what beat's
`tournaments.send_reminders` does), for the embedded mode without beat; safe to repeat."""

from django.core.management.base import BaseCommand

from tournaments.services.reminders import reminders_queue


class Command(BaseCommand):
    help = "Queue the attendance reminders of the nights whose reminder time has come."

    def handle(self, *args, **opts):
        self.stdout.write(f"{reminders_queue()} reminders queued")
