"""Compile every locale/<lang>/LC_MESSAGES/django.po to .mo with polib: Django's
compilemessages needs GNU gettext's msgfmt, which a fresh machine or the slim Docker
image may not have. `make demo`, `make test` and the Dockerfile run it.

Prints each language's translated share and any translation that lost a placeholder;
with --check it fails on those, and on a language of locale/complete.txt under the
minimum share (what CI enforces, tests/i18n/test_catalogues.py)."""

from django.core.management.base import BaseCommand, CommandError

from league import catalogues


class Command(BaseCommand):
    help = "Compile the translation catalogues (locale/*/LC_MESSAGES/django.po) to .mo."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="fail on a lost placeholder or a required language under "
                                 f"{catalogues.MINIMUM_SHARE:g} %% translated")

    def handle(self, *args, check=False, **options):
        paths = catalogues.catalogue_paths()
        required = catalogues.required_complete()
        failures = []
        for language, po_path in paths.items():
            report = catalogues.check_catalogue(language, po_path)
            catalogues.compile_catalogue(po_path)
            self.stdout.write(f"{language}: {report.translated} of {report.total} translated "
                              f"({report.share:.1f} %)"
                              + (" [must be complete]" if language in required else ""))
            for problem in report.problems:
                self.stderr.write(f"  {language} {problem}")
            failures += [f"{language}: {p}" for p in report.problems]
            if language in required and report.share < catalogues.MINIMUM_SHARE:
                failures.append(f"{language}: {report.share:.1f} % translated, under "
                                f"{catalogues.MINIMUM_SHARE:g} %")
        failures += [f"{code}: listed in locale/complete.txt but has no catalogue"
                     for code in required if code not in paths]
        self.stdout.write(f"{len(paths)} catalogues compiled.")
        if check and failures:
            raise CommandError("; ".join(failures[:20]))
