"""Prepares the embedded demo: the logins, then (once) a season played by bots.

Two logins, as a real club has them: the site administrator (`organiser`, a superuser
who also organises the demo club) and the club's own organiser (`clubhost`), who is no
superuser and runs nights from the organiser pages, not the Django admin.
"""

import os

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "bluke-demo"
CLUB_HOST_USERNAME = "clubhost"
CLUB_HOST_PASSWORD = "bluke-club"


class Command(BaseCommand):
    help = "Create the demo logins and, on first run, a demo season played by bots."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="",
                            help="Where the site is served (default: http://$HOST:$PORT/, "
                                 "as `make demo` sets them).")

    def handle(self, *args, **options):
        self._login(DEMO_USERNAME, DEMO_PASSWORD, is_staff=True, is_superuser=True)
        self._play_demo_season_once()
        self._club_host()
        self._federation_once()
        url = options["url"] or _served_url()
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready at {url}\n"
            f"  club organiser:     {CLUB_HOST_USERNAME} / {CLUB_HOST_PASSWORD}\n"
            f"  site administrator: {DEMO_USERNAME} / {DEMO_PASSWORD} ({url}admin/)"
        ))

    def _login(self, username, password, **flags):
        user, created = get_user_model().objects.get_or_create(username=username,
                                                               defaults=flags)
        if created:
            user.set_password(password)
            user.save()
        return user

    def _club_host(self):
        """The demo club's organiser: a member with the organiser role, no admin rights."""
        from league.models import Club, Player, Role
        from league.permissions import SYSTEM
        from league.services.clubs import membership_add

        club = Club.objects.filter(slug="demo-bluke-club").first()
        if club is None:  # the season command is not installed: nothing to organise
            return
        user = self._login(CLUB_HOST_USERNAME, CLUB_HOST_PASSWORD)
        player = Player.objects.filter(user=user).first() or Player.objects.create(
            user=user, display_name="Club Host")
        membership_add(club=club, player=player, role=Role.ORGANISER, user=SYSTEM)

    def _federation_once(self):
        from django.core.management import get_commands

        if "demo_federation" in get_commands():
            call_command("demo_federation", stdout=self.stdout)

    def _play_demo_season_once(self):
        from django.core.management import get_commands

        if "demo_season" in get_commands():
            call_command("demo_season", "--players", "24", "--weeks", "8", "--seed", "1",
                         *every_other_game(), "--duplicate", "bluke", "--if-missing",
                         stdout=self.stdout)


# The demo club plays a short season of every other registered game after its Bluke season:
# the Bluke family and Georgian Joker as before, every later game one short night.
_SEASONS = {"back-alley": 1, "back-alley-individual": 1, "joker": 2}


def every_other_game() -> list[str]:
    from games import rules

    args = []
    for game in rules.GAMES:
        if game == "bluke":
            continue
        args += ["--also", f"{game}:{_SEASONS[game]}"] if game in _SEASONS \
            else ["--short", game]
    return args


def _served_url() -> str:
    host = os.environ.get("HOST") or "127.0.0.1"
    port = os.environ.get("PORT") or "8000"
    shown = "127.0.0.1" if host == "0.0.0.0" else host  # noqa: S104 - a host to print, not bind
    return f"http://{shown}:{port}/"
