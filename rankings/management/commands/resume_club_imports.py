"""`manage.py resume_club_imports`: run again the API's club imports that no worker is
running (the beat entry's job, for the embedded mode without beat, where they run here)."""

from django.core.management.base import BaseCommand

from rankings.archive.jobs import club_imports_resume


class Command(BaseCommand):
    help = ("Queue again the club imports left queued (message lost) or running (worker "
            "died); with no broker they run in this process.")

    def handle(self, *args, **options):
        self.stdout.write(f"{club_imports_resume()} club import(s) queued again")
