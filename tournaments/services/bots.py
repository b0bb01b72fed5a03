"""Bots at the table: fill empty seats with club bot players, and play all-bot tables.

A bot is a Player with `bot_strength` set; `games.bots.play_match` plays the whole
match and returns a card-by-card record, which enters through `result_submit` like
any other result (source "bot"). Only tables where every seat is a bot are played:
a bot cannot take part in a match whose human hands are played at a real table.
"""

from __future__ import annotations

import zlib

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games import rules
from league.game_titles import game_title
from league.models import Player, Role
from league.models.clubs import BotStrength
from league.permissions import MANAGE, SYSTEM, can
from league.services.clubs import membership_add
from tournaments.models import EventStatus, ResultSource, ResultStatus, Seat, Table, TableResult
from tournaments.services.duplicate import table_boards
from tournaments.services.events import seat_assign
from tournaments.services.results import result_submit

SEARCH_SECONDS = 0.2

BOT_LABELS = {
    BotStrength.RANDOM: "Bot (random)",
    BotStrength.HEURISTIC: "Bot (heuristic)",
    BotStrength.SEARCH: "Bot (search)",
}


def strengths_for(game: str) -> list[str]:
    """The bot strengths that play `game`: all three for the Bluke family and for games
    with their own heuristic (games.bots.registry), else the bots that play any game."""
    from games.bots import make_bot

    cls = rules.GAMES.get(game)
    if cls is None:
        return list(BOT_LABELS)
    sample = rules.load(game, players=cls.min_players)
    playing = []
    for strength in BOT_LABELS:
        try:
            make_bot(str(strength), game=sample)
        except ValueError:
            continue
        playing.append(strength)
    return playing


def playing_strength(strength: str, game: str) -> str:
    """The bot that plays for a club bot of `strength` at `game`: itself when it plays the
    game, else the random bot (a heuristic club bot at a game with no heuristic)."""
    return strength if strength in strengths_for(game) else BotStrength.RANDOM


def _bot_for_round(table: Table, strength: str, taken: set[int]) -> Player:
    """A club bot of this strength not yet seated in this round; created when none is free."""
    club = table.round.event.club
    busy = set(Seat.objects.filter(table__round=table.round, player__isnull=False)
               .values_list("player_id", flat=True)) | taken
    label = BOT_LABELS[strength]
    bots = Player.objects.filter(memberships__club=club, bot_strength=strength,
                                 display_name__startswith=label).order_by("id")
    for bot in bots:
        if bot.pk not in busy:
            return bot
    bot = Player.objects.create(display_name=f"{label} {bots.count() + 1}",
                                bot_strength=strength)
    membership_add(club=club, player=bot, role=Role.PLAYER, user=SYSTEM)
    return bot


@transaction.atomic
def table_fill_with_bots(*, table: Table, user, strength: str = BotStrength.HEURISTIC
                         ) -> list[Seat]:
    """Seat a bot of `strength` in every empty seat of the table."""
    if strength not in BOT_LABELS:
        raise ValidationError({"strength": _("Unknown bot strength %(strength)r.") % {
            "strength": strength}})
    if strength not in strengths_for(table.game):
        raise ValidationError({"strength": _("No %(strength)s bot plays %(game)s; choose "
                                             "%(choices)s.") % {
            "strength": strength, "game": game_title(table.game),
            "choices": _(" or ").join(strengths_for(table.game))}})
    if not can(user, MANAGE, table):
        raise PermissionDenied(_("Only the club's organisers may seat bots."))
    filled, taken = [], set()
    for seat in table.seats.filter(player__isnull=True).order_by("position"):
        bot = _bot_for_round(table, strength, taken)
        taken.add(bot.pk)
        filled.append(seat_assign(seat=seat, player=bot, user=user))
    return filled


def bot_seed(table: Table) -> int:
    """A stable seed per table: replaying the table deals the same cards."""
    plan_seed = (table.round.event.seating or {}).get("seed", "")
    return zlib.crc32(f"{plan_seed}/{table.round.event_id}/{table.round.number}/"
                      f"{table.number}".encode())


def table_play_with_bots(*, table: Table, seed: int | None = None) -> TableResult:
    """Play an all-bot table to the end and store the result (a finished table is kept)."""
    from games.bots import play_match

    table = Table.objects.select_related("round__event__club").get(pk=table.pk)
    existing = TableResult.objects.filter(table=table).first()
    if existing is not None and existing.status == ResultStatus.COMPLETE:
        return existing
    if table.round.event.status == EventStatus.CLOSED:
        raise ValidationError(_("The event is closed: its tables are no longer played."))
    seats = list(table.seats.select_related("player").order_by("position"))
    if not seats or any(s.player is None or not s.player.is_bot for s in seats):
        raise ValidationError(_("Only tables where every seat is a bot can be played by bots."))
    game = rules.load(table.game, players=len(seats), **(table.options or {}))
    strengths = [playing_strength(s.player.bot_strength, table.game) for s in seats]
    # A search bot thinks for a bounded time per decision so a table finishes in minutes.
    budget = SEARCH_SECONDS if BotStrength.SEARCH in strengths else None
    # A duplicate table plays its round's boards: hand i dealt from board i.
    record = play_match(game, strengths, bot_seed(table) if seed is None else seed,
                        seats=[s.player.display_name for s in seats], time_budget=budget,
                        boards=table_boards(table))
    return result_submit(table=table, record=record, source=ResultSource.BOT, user=SYSTEM).game
