"""What an online match stores as the table's result, finished or ended early.

`match_record` writes the record of the hands completed so far (a hand under way is not
in it). `end_preview` tells the organiser, before they end a match, what ending it now
stores: the hands kept, the totals so far and the places they give, as the result service
will rank them (the game's match ranking on the totals, `records.verdict`). Nothing here
writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import OnlineMatch, OnlineStatus, Seat
from tournaments.services import online_state
from tournaments.services.online_views import seated
from tournaments.services.records import check, verdict


def match_record(table, state) -> dict:
    """The record of the hands played so far, seats named by the table's players."""
    return state.to_record([seat.player.display_name for seat in seated(table)])


@dataclass(frozen=True)
class EndLine:
    name: str
    total: int
    place: int


@dataclass(frozen=True)
class EndPreview:
    """What `online_end` would store now: `hands` completed (0: nothing is stored) of
    `hands_expected` (0 when the game plays to a target), with each seat's total and place,
    best first; `dropped`: a hand is under way and is not kept."""

    hands: int
    hands_expected: int
    dropped: bool
    lines: list[EndLine] = field(default_factory=list)

    @property
    def stores_nothing(self) -> bool:
        return self.hands == 0


def end_preview(table) -> EndPreview | None:
    """None unless the table's match is being played (or paused)."""
    match = OnlineMatch.objects.filter(
        table=table, status__in=[OnlineStatus.PLAYING, OnlineStatus.PAUSED]).first()
    if match is None:
        return None
    replayed = online_state.replay(match)
    state = replayed.state
    seats = Seat.objects.filter(table_id=table.pk).select_related("player").order_by("position")
    record = state.to_record([seat.player.display_name for seat in seats])
    hands = record.get("hands") or []
    dropped = state.hand_index in replayed.hands  # someone has moved in the hand under way
    report, problems = check(record)
    if not hands or problems:
        return EndPreview(0, report.hands_expected, dropped)
    judged = verdict(record, report, len(record["seats"]))
    seats = zip(record["seats"], judged.seat_totals, judged.seat_ranks, strict=True)
    lines = [EndLine(*seat) for seat in sorted(seats, key=lambda seat: seat[2])]  # stable
    return EndPreview(len(hands), report.hands_expected, dropped, lines)

