"""Bots at an online table: they move for bot seats, empty seats and players away past the
table's timeout, one committed move at a time, until a present player is to act.

`online_bots_play` runs in the thin task `tournaments.online_bot_moves`, queued after each
committed move; `online_sweep_timeouts` (beat, `manage.py online_sweep`) queues it for
tables whose player to act ran out of time. A bot's move goes through the same check and
store as a person's (`online_tables.apply_move`), marked `by_bot`.
"""

from __future__ import annotations

import random
from datetime import timedelta
from functools import lru_cache

from django.db import transaction
from django.utils import timezone

from tournaments.models import OnlineMatch, OnlineSeat, OnlineStatus, Table
from tournaments.services import online_state
from tournaments.services.online_tables import (
    OnlineRefused,
    after_commit,
    apply_move,
    load_table,
    player_at,
    queue_bots,
)

BOT_MOVES_PER_TASK = 400  # then the task queues itself again


def bot_turn(match: OnlineMatch, table: Table, to_act: int, now) -> bool:
    """Whether a bot plays the seat to act now: a bot or empty seat, a player away longer
    than the timeout (counted from the start for one not come yet), or one whose turn has
    run past its deadline."""
    if to_act < 0:
        return False
    player = player_at(table, to_act)
    if player is None or player.is_bot:
        return True
    if match.deadline is not None and match.deadline <= now:
        return True
    seen = (OnlineSeat.objects.filter(match=match, seat=to_act)
            .values_list("last_seen", flat=True).first())
    seen = seen or match.started_at  # not come yet: away only once the timeout has passed
    return seen is None or seen < now - timedelta(seconds=match.timeout_seconds)


def online_bots_play(*, table_id: int, limit: int = BOT_MOVES_PER_TASK) -> int:
    """Bots move while it is a bot's turn (each move committed and announced); returns
    the moves made. Safe to run twice at once: the second finds each version taken."""
    table = load_table(table_id)  # its seats stay as they are while the match is played
    moved = 0
    while moved < limit:
        if not _one_bot_move(table):
            return moved
        moved += 1
    queue_bots(table_id)  # a long all-bot stretch: the rest in a fresh task
    return moved


@lru_cache(maxsize=256)
def _strength(strength: str, game: str) -> str:
    from tournaments.services.bots import playing_strength

    return str(playing_strength(strength, game))


def _one_bot_move(table: Table) -> bool:
    from games.bots import make_bot
    from tournaments.services.bots import SEARCH_SECONDS

    now = timezone.now()
    with transaction.atomic():
        match = (OnlineMatch.objects.select_for_update()
                 .filter(table_id=table.pk, status=OnlineStatus.PLAYING).first())
        if match is None:
            return False
        replayed = online_state.replay(match)
        state = replayed.state
        to_act = state.current_player()
        if not bot_turn(match, table, to_act, now):
            return False
        player = player_at(table, to_act)
        strength = _strength(
            player.bot_strength if player is not None and player.is_bot else match.bot_strength,
            match.game)
        bot = make_bot(strength, game=online_state.game_of(match), time_budget=SEARCH_SECONDS)
        rng = random.Random(f"online/{match.seed}/{match.version}")
        observation = state.observation(to_act) if bot.needs_observation else None
        action = bot.step(observation, state.legal_actions(), rng)
        try:
            apply_move(match, table, replayed, to_act, action, True, now)
        except OnlineRefused:
            return False  # another process moved first: it carries on from there
        after_commit(table.pk, match.version)
    return True


def online_sweep_timeouts(*, now=None) -> int:
    """Queue the bots of every table whose player to act has run out of time (beat, or
    `manage.py online_sweep`); returns how many tables."""
    now = now or timezone.now()
    due = list(OnlineMatch.objects.filter(status=OnlineStatus.PLAYING, deadline__lte=now)
               .values_list("table_id", flat=True))
    for table_id in due:
        queue_bots(table_id)
    return len(due)
