"""Played games for standings, ratings and page tests (a test factory).

Results are written straight to TableResult/Hand here, in the test factory only;
production code stores results through `result_submit`.
"""

import datetime
import hashlib
import json

from league.models import Club, Player, Season
from tests.factories import EventFactory, seated_table
from tournaments.models import Event, Hand, ResultSource, ResultStatus, Table, TableResult

T0 = datetime.datetime(2026, 3, 2, 19, 0, tzinfo=datetime.UTC)


def bluke_score(bid: int, won: int) -> int:
    return 10 * bid + (won - bid) if won >= bid else -10 * bid


def ranks_from(totals) -> list[int]:
    """1 is best; equal totals share a place."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def scoresheet_hands(rows) -> list[dict]:
    """Bluke scoresheet hands from (cards, bids, tricks) rows, scored by the Bluke rule."""
    return [
        {"cards": cards, "trump": "S", "bids": list(bids), "tricks": list(tricks),
         "scores": [bluke_score(b, t) for b, t in zip(bids, tricks, strict=True)]}
        for cards, bids, tricks in rows
    ]


def record_game(table: Table, *, totals=None, hands=None, played_at=None, ranks=None,
                status=ResultStatus.COMPLETE) -> TableResult:
    """Store a finished game for ``table``: from scoresheet ``hands`` or bare ``totals``."""
    seats = list(table.seats.order_by("position").select_related("player"))
    if hands is None:
        hands = [{"cards": 1, "trump": "S", "bids": [0] * len(totals),
                  "tricks": [0] * len(totals), "scores": list(totals)}]
    if totals is None:
        totals = [sum(column) for column in zip(*(h["scores"] for h in hands), strict=True)]
    record = {"game": table.game, "options": {**table.options, "players": len(seats)},
              "seats": [s.player.display_name for s in seats], "hands": hands}
    text = json.dumps(record, sort_keys=True)
    game = TableResult.objects.create(
        table=table, status=status, source=ResultSource.IMPORT, record=record,
        record_hash=hashlib.sha256(text.encode()).hexdigest(), totals=list(totals),
        ranks=list(ranks or ranks_from(totals)), played_at=played_at or T0,
    )
    for number, hand in enumerate(hands, start=1):
        Hand.objects.create(
            game=game, number=number, dealer=(number - 1) % len(seats), cards=hand["cards"],
            trump=hand.get("trump") or "", bids=hand["bids"], tricks=hand["tricks"],
            scores=hand["scores"], has_plays="plays" in hand,
        )
    return game


def correct_game(game: TableResult, *, totals, ranks=None) -> TableResult:
    """Replace a stored result in place, as a correction would (new record, new hash)."""
    game.totals = list(totals)
    game.ranks = list(ranks or ranks_from(totals))
    game.record = {**game.record, "corrected": list(totals)}
    game.record_hash = hashlib.sha256(json.dumps(game.record, sort_keys=True).encode()).hexdigest()
    game.save()
    return game


def night(club: Club, season: Season | None, *, date=None, game="bluke", options=None) -> Event:
    return EventFactory(club=club, season=season, game=game, options=options or {},
                        date=date or T0.date())


def table_at(event: Event, players: list[Player], *, round_number=1) -> Table:
    round_, _ = event.rounds.get_or_create(number=round_number)
    return seated_table(event.club, players, game=event.game, options=event.options,
                        round=round_)
