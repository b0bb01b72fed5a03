"""`manage.py bracket`: print a knockout bracket's matches by round, with seeds and byes."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.brackets import FORMATS, bracket_for
from tournaments.brackets.report import bracket_plan, plan_text


class Command(BaseCommand):
    help = "Print the matches of a single- or double-elimination bracket for N seeded entrants."

    def add_arguments(self, parser):
        parser.add_argument("--entrants", type=int, required=True)
        parser.add_argument("--format", choices=FORMATS, default="single")
        parser.add_argument("--consolation", action="store_true",
                            help="single elimination: the semi-final losers play for third")
        parser.add_argument("--json", action="store_true", help="print JSON, not text")

    def handle(self, *args, **opts):
        try:
            bracket = bracket_for(opts["format"], opts["entrants"],
                                  consolation=opts["consolation"])
        except ValueError as problem:
            raise CommandError(str(problem)) from problem
        plan = bracket_plan(bracket)
        self.stdout.write(json.dumps(plan) if opts["json"] else plan_text(plan))
