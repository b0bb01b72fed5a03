"""A night marked online stays online as it grows: the rounds formed later (king's table
and Swiss form each round from the results before it; a re-planned rotation writes its
rounds again) are played online like the ones before, with the night's bots and timeout.

The seating services call `round_follow_night` right after writing a round's tables, in
their transaction; the marking itself is `online_tables.tables_set_online`, the one way in.
"""

from __future__ import annotations

from tournaments.models import OnlineMatch, Round, Table
from tournaments.services.online_tables import tables_set_online


def table_follow_night(*, table: Table, user) -> list[Table]:
    """Mark a table added to a round of a night played online online too (else nothing)."""
    event = table.round.event
    if not event.online:
        return []
    return tables_set_online(table=table, user=user, online=True, **_latest_settings(event))


def _latest_settings(event, but_round=None) -> dict:
    """The bots and timeout the organiser last gave the night's tables (the latest match's)."""
    matches = OnlineMatch.objects.filter(table__round__event=event)
    if but_round is not None:
        matches = matches.exclude(table__round=but_round)
    return matches.order_by("-pk").values("bot_strength", "timeout_seconds").first() or {}


def round_follow_night(*, round: Round, user) -> list[Table]:
    """Mark `round`'s tables online when its night is marked online (else nothing);
    returns the tables marked. `user` formed the round (an organiser, or SYSTEM when a
    result formed it)."""
    event = round.event
    if not event.online:
        return []
    return tables_set_online(round=round, user=user, online=True,
                             **_latest_settings(event, but_round=round))
