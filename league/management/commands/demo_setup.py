"""Prepares the embedded demo: the organiser login, then (once) a season played by bots."""

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "bluke-demo"


class Command(BaseCommand):
    help = "Create the demo organiser login and, on first run, a demo season played by bots."

    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(
            username=DEMO_USERNAME, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        self._play_demo_season_once()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready. Log in at http://127.0.0.1:8000/admin/ as "
                f"{DEMO_USERNAME} / {DEMO_PASSWORD}"
            )
        )

    def _play_demo_season_once(self):
        from django.core.management import get_commands

        if "demo_season" in get_commands():
            call_command("demo_season", "--players", "24", "--weeks", "8", "--seed", "1",
                         "--if-missing", stdout=self.stdout)
