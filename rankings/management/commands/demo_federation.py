"""The demo's federation: a site-wide federation with the demo club and a second small club,
both counting their Bluke nights, one person linked across the two, the pool synced.

Everything goes through the services a person uses: the second club's nights are planned,
played by bots and closed like the demo season's; the clubs join through
`federation_join`; the linked person claims their row with a claim link and says "this is
also me" for the other club's row through `player_link` (their consent, as on
/me/federation/). The demo clubs' correction window is set to 0 days, so their closed
nights count at once (a real club keeps the default 7). Runs once (after demo_season).
"""

import datetime
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from league.models import Club, Federation, Player, Role, Season
from league.models.clubs import BotStrength
from league.permissions import SYSTEM
from league.services.claims import claim_token, player_claim
from league.services.clubs import membership_add
from league.services.federations import club_set_correction_days, federation_join, player_link
from league.services.followups import followups_batched
from rankings.management.commands.demo_season import DEMO_SLUG
from rankings.models import RatingHistory
from rankings.services.federations import federation_sync
from tournaments.models import Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_close, event_create
from tournaments.services.seating import event_plan_seating, event_set_attendance

FEDERATION_SLUG = "demo-federation"
FEDERATION_NAME = "Demo Card Federation"
SECOND_SLUG = "demo-riverside-club"
SECOND_NAME = "Demo Riverside Club"
SECOND_PLAYERS = ["Anouk Vos", "Bram Smit", "Cato de Wit", "Daan Bos", "Eva Mol", "Femke Kok",
                  "Gijs Post"]
LINKED_USERNAME = "cardplayer"
LINKED_PASSWORD = "bluke-player"
NIGHTS, ROUNDS = 2, 2


class Command(BaseCommand):
    help = ("Create the demo's site-wide federation: the demo club and a second small club "
            "counting their Bluke nights, one person linked across both, the pool synced.")

    def handle(self, *args, **options):
        if Federation.objects.filter(slug=FEDERATION_SLUG).exists():
            self.stdout.write("Demo federation exists; nothing to do.")
            return
        club = Club.objects.filter(slug=DEMO_SLUG).first()
        admin = get_user_model().objects.filter(username="organiser").first()
        if club is None or admin is None or not self._twin(club):
            self.stdout.write("No demo season or demo login: no demo federation.")
            return
        started = time.monotonic()
        with transaction.atomic(), followups_batched():
            federation = self._build(club, admin)
        # The batch's drain may have synced already (a worker, or eager tasks): then this
        # finds nothing new; without a worker it counts the nights and rates them here.
        federation_sync(federation_id=federation.pk)
        games = RatingHistory.objects.filter(pool__federation=federation).values(
            "game_id").distinct().count()
        self.stdout.write(self.style.SUCCESS(
            f"{FEDERATION_NAME}: {SECOND_NAME} and {club.name} for Bluke, "
            f"{LINKED_USERNAME} / {LINKED_PASSWORD} plays in both; "
            f"{games} games in its pool, {time.monotonic() - started:.1f}s."))

    @staticmethod
    def _twin(club: Club) -> Player | None:
        """The demo club's player who also plays at Riverside (a bot until linked)."""
        return (Player.objects.filter(memberships__club=club, memberships__role=Role.PLAYER)
                .exclude(bot_strength="").order_by("pk").first())

    def _build(self, club: Club, admin) -> Federation:
        twin = self._twin(club)
        second = Club.objects.create(name=SECOND_NAME, slug=SECOND_SLUG, is_public=True)
        membership_add(club=second, player=Player.objects.get(user=admin),
                       role=Role.ORGANISER, user=SYSTEM)
        players = []
        strengths = [BotStrength.HEURISTIC, BotStrength.RANDOM]
        for index, name in enumerate([twin.display_name, *SECOND_PLAYERS]):
            player = Player.objects.create(display_name=name,
                                           bot_strength=strengths[index % 2])
            membership_add(club=second, player=player, role=Role.PLAYER, user=SYSTEM)
            players.append(player)
        self._play_nights(second, players)
        # The twin was played by bots for the demo; from now on it is a person, who claims
        # the demo club's row and links the Riverside one, as a player would.
        Player.objects.filter(pk__in=[twin.pk, players[0].pk]).update(bot_strength="")
        twin.refresh_from_db()
        players[0].refresh_from_db()
        user = get_user_model().objects.create_user(username=LINKED_USERNAME,
                                                    password=LINKED_PASSWORD)
        player_claim(token=claim_token(twin, issuer=admin), user=user)
        player_link(token=claim_token(players[0], issuer=admin), user=user)
        federation = Federation.objects.create(
            name=FEDERATION_NAME, slug=FEDERATION_SLUG, site_wide=True,
            description="The demo's federation: two clubs' Bluke nights in one rating pool.")
        for member in (club, second):
            club_set_correction_days(user=SYSTEM, club=member, days=0)
            federation_join(user=SYSTEM, federation=federation, club=member, game="bluke")
        return federation

    def _play_nights(self, club: Club, players: list[Player]) -> None:
        today = datetime.date.today()
        season = Season.objects.create(club=club, name=f"Bluke season {today.year}",
                                       game="bluke",
                                       starts_on=today - datetime.timedelta(weeks=NIGHTS))
        for week in range(NIGHTS):
            event = event_create(club=club, season=season, name=f"Riverside night {week + 1}",
                                 date=season.starts_on + datetime.timedelta(weeks=week),
                                 user=SYSTEM)
            event_set_attendance(event=event, players=players, user=SYSTEM)
            event_plan_seating(event=event, players=players, rounds=ROUNDS, seed=week + 1,
                               user=SYSTEM, time_budget=0.2)
            for table in Table.objects.filter(round__event=event).order_by(
                    "round__number", "number"):
                table_play_with_bots(table=table)
            event_close(event=event, user=SYSTEM)
