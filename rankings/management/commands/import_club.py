"""Read a club archive into a new club; its standings and ratings are rebuilt and compared."""

import json
import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from league.permissions import SYSTEM
from rankings.archive.format import archive_errors
from rankings.archive.importing import club_import


class Command(BaseCommand):
    help = ("Import a club archive (JSON, from export_club or the API) as a new club. "
            "Nothing is written unless all of it fits.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The archive (- : standard input).")
        parser.add_argument("--slug", default="", help="The new club's address (default: "
                            "the archive's).")
        parser.add_argument("--name", default="", help="The new club's name (default: the "
                            "archive's).")

    def handle(self, *args, file, slug, name, **options):
        archive = self._read(file)
        problems = archive_errors(archive)
        if problems:
            raise CommandError("not a club archive:\n" + "\n".join(problems))
        total = sum(1 for club in archive["clubs"] for night in club["nights"]
                    for round in night["rounds"] for table in round["tables"]
                    if table["result"])
        with tqdm(total=total, desc="results", unit="result", file=sys.stderr,
                  disable=options["verbosity"] == 0) as bar:
            try:
                report = club_import(archive=archive, user=SYSTEM, slug=slug, name=name,
                                     progress=bar.update)
            except ValidationError as error:
                raise CommandError("\n".join(_lines(error))) from error
        self.stdout.write(self.style.SUCCESS(
            f"{report.club.name} ({report.club.slug}): {report.players} players, "
            f"{report.nights} nights, {report.results} results imported."))
        if report.renamed_ids:
            self.stdout.write(f"{report.renamed_ids} player id(s) were taken on this site "
                              "and got new ones.")
        if report.differences:
            self.stdout.write(self.style.WARNING(
                "Rebuilt standings or ratings differ from the archive's:\n"
                + "\n".join(report.differences[:50])))
        else:
            self.stdout.write("Standings and ratings are identical to the archive's.")

    @staticmethod
    def _read(file: str):
        try:
            if file == "-":
                return json.load(sys.stdin)
            with open(file, encoding="utf-8") as handle:
                return json.load(handle)
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from error
        except ValueError as error:
            raise CommandError(f"{file} is not JSON: {error}") from error


def _lines(error: ValidationError) -> list[str]:
    if hasattr(error, "message_dict"):
        return [f"{field}: {message}" if field != "archive" else message
                for field, messages in error.message_dict.items() for message in messages]
    return list(error.messages)
