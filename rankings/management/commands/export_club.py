"""Write a club's archive (docs/archive.schema.json) to a file or to standard output."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from league.models import Club
from league.permissions import SYSTEM
from rankings.archive.export import club_export


class Command(BaseCommand):
    help = "Export a club (by its address, e.g. demo-bluke-club) as a club archive (JSON)."

    def add_arguments(self, parser):
        parser.add_argument("club", help="The club's address (slug).")
        parser.add_argument("--output", "-o", default="-", help="File to write (- : stdout).")

    def handle(self, *args, club, output, **options):
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"no club with the address {club!r}")
        archive = club_export(club=found, user=SYSTEM)
        text = json.dumps(archive, ensure_ascii=False, indent=1)
        if output == "-":
            self.stdout.write(text)
            return
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
        part = archive["clubs"][0]
        results = sum(1 for night in part["nights"] for round in night["rounds"]
                      for table in round["tables"] if table["result"])
        print(f"{found.name}: {len(part['players'])} players, {len(part['nights'])} nights, "
              f"{results} results written to {output}.", file=sys.stderr)
