"""Build a demo club and play a whole season of league nights with bots.

Everything goes through the same services as the pages: events are created,
attendance taken and seats planned by the rotation engine (tournaments.services.
seating), every table is played by bots and stored with result_submit
(tournaments.services.bots). Standings and ratings follow from the result hook.
"""

import datetime
import logging
import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from tqdm import tqdm

from games import rules
from league.models import Club, Player, Role
from league.models.clubs import BotStrength
from league.permissions import SYSTEM
from league.services.clubs import membership_add
from league.services.followups import followups_batched
from league.table_sizes import table_sizes_for
from rankings.demo_games import short_options
from tournaments.models import Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_close, event_create
from tournaments.services.seating import event_plan_seating, event_set_attendance

DEMO_SLUG = "demo-bluke-club"
DEMO_NAME = "Demo Bluke Club"
FIRST = ["Ada", "Ben", "Cleo", "Dev", "Edie", "Finn", "Gus", "Hana", "Ivo", "Jude", "Kit",
         "Lena", "Milo", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sol", "Tess", "Uma", "Vik",
         "Wren", "Xan", "Yara", "Zeb"]
LAST = ["Archer", "Baker", "Carter", "Dyer", "Fletcher", "Glover", "Hunter", "Mason",
        "Porter", "Sawyer", "Thatcher", "Weaver"]
# The demo's "people" are bots of two strengths, so the ratings have something to find.
STRENGTHS = [BotStrength.HEURISTIC, BotStrength.RANDOM]
SHORT_SHARE = 0.34  # a short night's match: length options at a third of their default


class Command(BaseCommand):
    help = "Create 'Demo Bluke Club' and play a season of weekly league nights with bots."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=24)
        parser.add_argument("--weeks", type=int, default=8)
        parser.add_argument("--rounds", type=int, default=3, help="Rounds per league night.")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--game", default="bluke", choices=sorted(rules.GAMES))
        parser.add_argument("--also", action="append", default=[], metavar="GAME[:WEEKS]",
                            help="A further short season of GAME in the same "
                            "club, with the same players (repeatable; 2 weeks unless given).")
        parser.add_argument("--short", action="append", default=[], metavar="GAME",
                            help="One short night of GAME in the same club: two tables of "
                            "its size, one round, its match shortened (rankings.demo_games); "
                            "a game whose bots fail is skipped with a printed line "
                            "(repeatable).")
        parser.add_argument("--duplicate", action="append", default=[], metavar="GAME",
                            help="One duplicate night of GAME (docs/duplicate.md): three "
                            "tables, two rounds of the same boards, six boards a round "
                            "(repeatable).")
        parser.add_argument("--if-missing", action="store_true",
                            help="Do nothing when the demo club already exists.")

    def handle(self, *args, **options):
        if Club.objects.filter(slug=DEMO_SLUG).exists():
            if options["if_missing"]:
                self.stdout.write("Demo club exists; nothing to do.")
                return
            raise CommandError(f"{DEMO_NAME} already exists (use --if-missing to skip).")
        if options["players"] < 4 or options["weeks"] < 1:
            raise CommandError("The demo needs at least 4 players and 1 week.")
        started = time.monotonic()
        # Each stored result logs its follow-up tasks; keep the progress bar readable.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        rng = random.Random(options["seed"])
        club, players = self._club(options, rng)
        season = self._season(club, options)
        events = [self._night(club, season, players, week, options, rng)
                  for week in range(options["weeks"])]
        for game, weeks in _further_seasons(options["also"]):
            extra = self._season(club, options | {"game": game, "weeks": weeks})
            events += [self._night(club, extra, players, week, options, rng)
                       for week in range(weeks)]
        self._play(events, options)
        for game in _known(options["short"], "--short"):
            self._short_night(club, players, game, options)
        for game in _known(options["duplicate"], "--duplicate"):
            self._duplicate_night(club, players, game, options)
        seconds = time.monotonic() - started
        games = Table.objects.filter(round__event__club=club, result__isnull=False).count()
        self.stdout.write(self.style.SUCCESS(
            f"{DEMO_NAME}: {len(players)} players, {len(events)} league nights, "
            f"{games} games in {seconds:.1f}s."))

    @transaction.atomic
    def _club(self, options, rng):
        club = Club.objects.create(name=DEMO_NAME, slug=DEMO_SLUG, is_public=True)
        names = [f"{first} {last}" for last in LAST for first in FIRST]
        rng.shuffle(names)
        players = []
        for index in range(options["players"]):
            player = Player.objects.create(display_name=names[index],
                                           bot_strength=STRENGTHS[index % len(STRENGTHS)])
            membership_add(club=club, player=player, role=Role.PLAYER, user=SYSTEM)
            players.append(player)
        self._add_demo_organiser(club)
        return club, players

    def _add_demo_organiser(self, club):
        """The demo login (made by demo_setup) organises the demo club."""
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username="organiser").first()
        if user is None:
            return
        player = Player.objects.filter(user=user).first() or Player.objects.create(
            user=user, display_name="Organiser")
        membership_add(club=club, player=player, role=Role.ORGANISER, user=SYSTEM)

    def _season(self, club, options):
        from league.models import Season

        start = datetime.date.today() - datetime.timedelta(weeks=options["weeks"])
        game = options["game"]
        title = next(g["title"] for g in rules.games() if g["name"] == game) \
            if game != "bluke" else "Demo"
        return Season.objects.create(club=club, name=f"{title} season {start.year}",
                                     game=game, starts_on=start)

    def _short_night(self, club, players, game, options):
        """A one-night season of `game` at two tables, played by heuristic and random bots
        (never search: too slow for the demo). Anything failing rolls the game back and is
        reported, so one game's broken bots do not stop the demo."""
        from league.models import Season

        title = rules.GAMES[game].title
        started = time.monotonic()
        try:
            with transaction.atomic():
                size = table_sizes_for(game).preferred
                present = players[:2 * size]
                if len(present) < 2 * size:
                    present = players[:size]
                date = datetime.date.today() - datetime.timedelta(days=1)
                season = Season.objects.create(club=club, name=f"{title} season {date.year}",
                                               game=game, starts_on=date,
                                               options=short_options(game, SHORT_SHARE))
                event = event_create(club=club, season=season, name=f"{title} night",
                                     date=date, user=SYSTEM)
                event_set_attendance(event=event, players=present, user=SYSTEM)
                event_plan_seating(event=event, players=present, rounds=1,
                                   seed=options["seed"], user=SYSTEM, time_budget=0.2)
                with followups_batched():
                    for table in Table.objects.filter(round__event=event).order_by("number"):
                        table_play_with_bots(table=table)
                    event_close(event=event, user=SYSTEM)
        except Exception as problem:  # noqa: BLE001 - the demo goes on without this game
            self.stdout.write(self.style.WARNING(
                f"Skipped {title} ({game}): {type(problem).__name__}: {problem}"))
            return
        self.stdout.write(f"{title}: one night, {len(present)} players, "
                          f"{time.monotonic() - started:.1f}s.")

    def _duplicate_night(self, club, players, game, options):
        """A one-off duplicate night of `game`: three tables (fewer with fewer players), two
        rounds on the same boards, played by the bots and closed."""
        from tournaments.models import EventFormat, EventKind
        from tournaments.services.duplicate import natural_boards

        title = rules.GAMES[game].title
        size = table_sizes_for(game).preferred
        present = players[:size * min(3, len(players) // size)]
        if not present:
            self.stdout.write(self.style.WARNING(f"Skipped duplicate {title}: too few players."))
            return
        boards = min(6, natural_boards(rules.load(game, players=size)))
        date = datetime.date.today() - datetime.timedelta(days=2)
        with transaction.atomic():
            event = event_create(club=club, name=f"Duplicate {title}", date=date, user=SYSTEM,
                                 game=game, kind=EventKind.TOURNAMENT,
                                 format=EventFormat.DUPLICATE, boards_per_round=boards)
            event_set_attendance(event=event, players=present, user=SYSTEM)
            event_plan_seating(event=event, players=present, rounds=2, seed=options["seed"],
                               user=SYSTEM, time_budget=0.2)
            with followups_batched():
                for table in Table.objects.filter(round__event=event).order_by(
                        "round__number", "number"):
                    table_play_with_bots(table=table)
                event_close(event=event, user=SYSTEM)
        self.stdout.write(f"Duplicate {title}: one night, {len(present)} players, "
                          f"{boards} boards a round.")

    def _night(self, club, season, players, week, options, rng):
        date = season.starts_on + datetime.timedelta(weeks=week)
        event = event_create(club=club, season=season, name=f"League night {week + 1}",
                             date=date, user=SYSTEM)
        # Most people come most weeks: one in eight stays home (at least 4 play).
        present = [p for p in players if rng.random() >= 0.125]
        if len(present) < 4:
            present = players[:4]
        event_set_attendance(event=event, players=present, user=SYSTEM)
        return event_plan_seating(event=event, players=present, rounds=options["rounds"],
                                  seed=options["seed"] * 1000 + week, user=SYSTEM,
                                  time_budget=0.2)

    def _play(self, events, options):
        tables = list(Table.objects.filter(round__event__in=events)
                      .select_related("round__event")
                      .order_by("round__event__date", "round__number", "number"))
        left = {event.pk: 0 for event in events}
        for table in tables:
            left[table.round.event_id] += 1
        # Standings and ratings are recomputed once at the end, not after every table.
        with followups_batched():
            for table in tqdm(tables, desc="Playing tables", unit="table",
                              disable=options["verbosity"] < 1, file=self.stderr):
                table_play_with_bots(table=table)
                left[table.round.event_id] -= 1
                if not left[table.round.event_id]:  # the night's last table: close it
                    event_close(event=table.round.event, user=SYSTEM)


def _known(games: list[str], flag: str) -> list[str]:
    for game in games:
        if game not in rules.GAMES:
            raise CommandError(f"{flag} {game}: unknown game; choose one of "
                               f"{', '.join(sorted(rules.GAMES))}.")
    return list(games)


def _further_seasons(specs: list[str]) -> list[tuple[str, int]]:
    """`joker:2` -> ("joker", 2); an unknown game or a bad week count stops the command."""
    seasons = []
    for spec in specs:
        game, _, weeks = spec.partition(":")
        if game not in rules.GAMES:
            raise CommandError(f"--also {spec}: unknown game; choose one of "
                               f"{', '.join(sorted(rules.GAMES))}.")
        if weeks and not (weeks.isdigit() and int(weeks) >= 1):
            raise CommandError(f"--also {spec}: weeks must be a whole number of at least 1.")
        seasons.append((game, int(weeks or 2)))
    return seasons
