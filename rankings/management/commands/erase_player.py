"""Anonymise a player: no name, login or e-mail address remains; every result stays."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.models import Player
from league.permissions import SYSTEM
from rankings.archive.erase import player_erase


class Command(BaseCommand):
    help = ("Erase a player's personal data (name, login, e-mail) everywhere, keeping their "
            "results, standings and ratings under a neutral name.")

    def add_arguments(self, parser):
        parser.add_argument("player", type=int, help="The player's id (/players/<id>/).")
        parser.add_argument("--reason", default="", help="Why (kept in the audit trail).")
        parser.add_argument("--yes", action="store_true", help="Do not ask to confirm.")

    def handle(self, *args, player, reason, yes, **options):
        found = Player.objects.filter(pk=player).first()
        if found is None:
            raise CommandError(f"no player with id {player}")
        if not yes:
            answer = input(f"Erase {found.display_name} (id {found.pk})? This cannot be "
                           "undone. [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise CommandError("nothing erased")
        try:
            erased = player_erase(player=found, user=SYSTEM, reason=reason)
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from error
        self.stdout.write(self.style.SUCCESS(f"Player {erased.pk} is now {erased.display_name}."))
