"""`manage.py online_sweep`: bots move at the online tables whose player to act ran out of
time (what beat's `tournaments.online_sweep` does), for the embedded mode without beat;
safe to repeat. `--every N` keeps sweeping every N seconds."""

import time

from django.core.management.base import BaseCommand

from tournaments.services.online_bots import online_sweep_timeouts


class Command(BaseCommand):
    help = "Let the bots move for players of online tables who ran out of time."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0,
                            help="Sweep again every this many seconds (0: once).")

    def handle(self, *args, **opts):
        while True:
            self.stdout.write(f"{online_sweep_timeouts()} online tables past their timeout")
            if opts["every"] <= 0:
                return
            time.sleep(opts["every"])
