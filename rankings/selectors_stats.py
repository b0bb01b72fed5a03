"""Reads for standings, statistics and player pages, already limited by the permission policy.

Games are loaded from the database once and turned into plain `GameResult`
values; everything else is computed by `rankings.standings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from league import permissions
from league.models import Player, Season
from rankings.models import StandingRow
from rankings.standings import (
    GameResult,
    HandStats,
    Line,
    bluke_cards,
    compute_standings,
    contracts,
    game_config,
    head_to_head,
)
from rankings.standings.sides import build_sides, seat_teams
from tournaments.models import Event, Hand, ResultStatus, Seat, TableResult

CHUNK = 500


def complete_games() -> QuerySet[TableResult]:
    """Complete games with what it takes to build sides, oldest first."""
    seats = Seat.objects.order_by("position")
    return (
        TableResult.objects.filter(status=ResultStatus.COMPLETE)
        .select_related("table__round__event")
        .prefetch_related(Prefetch("table__seats", queryset=seats))
        .order_by("played_at", "id")
    )


def seat_players(game: TableResult) -> list[int | None]:
    return [seat.player_id for seat in game.table.seats.all()]


def game_teams(game: TableResult) -> list[list[int]]:
    return seat_teams(game.table.game, len(game.table.seats.all()), game.table.options)


def to_result(game: TableResult) -> GameResult | None:
    """The game as sides, or None when it cannot be attributed to players."""
    sides = build_sides(seat_players(game), game_teams(game), game.ranks, game.totals)
    if sides is None:
        return None
    table = game.table
    return GameResult(
        game.pk, sides, night=table.round.event_id, played_at=game.played_at,
        table=f"R{table.round.number} T{table.number}",
    )


def results(games: QuerySet[TableResult]) -> Iterator[GameResult]:
    for game in games.iterator(chunk_size=CHUNK):
        result = to_result(game)
        if result is not None:
            yield result


def season_games(season: Season) -> QuerySet[TableResult]:
    return complete_games().filter(table__round__event__season=season)


def season_standings(season: Season) -> QuerySet[StandingRow]:
    """The stored standings (as last recomputed), best first."""
    return StandingRow.objects.filter(season=season).select_related("player").order_by(
        "rank", "player__display_name", "player_id")


def visible_seasons(*, subject) -> QuerySet[Season]:
    return permissions.restrict(Season.objects.select_related("club"), subject)


# --- tonight's provisional standings -------------------------------------------------------


@dataclass
class ProvisionalLine:
    line: Line
    player: Player


def event_provisional_standings(event: Event) -> list[ProvisionalLine]:
    """Standings of one event's games so far, by its season's rules (or the default).

    Computed on the fly, nothing stored; attendance minimums and best-N do not
    apply to a single night.
    """
    data = dict(event.season.standings_config) if event.season_id else {}
    data.pop("min_games", None)
    data.pop("min_nights", None)
    data.pop("best_nights", None)
    config = game_config(data, event.game)
    games = complete_games().filter(table__round__event=event).defer("record")
    lines = compute_standings(results(games), config)
    players = Player.objects.in_bulk([line.player_id for line in lines])
    return [ProvisionalLine(line, players[line.player_id]) for line in lines]


# --- player pages ----------------------------------------------------------------------------


def visible_player(*, subject, pk: int) -> Player | None:
    """The player if the subject may see them: a member of a visible club, or a guest
    who sat at a visible club's table."""
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        return None
    if permissions.visible_players(subject).filter(pk=pk).exists():
        return player
    seats = permissions.restrict(Seat.objects.filter(player=player), subject)
    return player if seats.exists() else None


def player_games(player: Player, *, subject) -> QuerySet[TableResult]:
    """The player's complete games in clubs the subject may see, newest first."""
    games = complete_games().filter(table__seats__player=player)
    return permissions.restrict(games, subject).order_by("-played_at", "-id").distinct()


@dataclass
class PlayerGameRow:
    game: TableResult
    result: GameResult
    score: float
    place: float
    opponents: list[str]


def player_game_rows(player: Player, games: Iterable[TableResult]) -> list[PlayerGameRow]:
    rows = []
    for game in games:
        result = to_result(game)
        if result is None:
            continue
        side = result.side_of(player.pk)
        if side is None:
            continue
        others = [p for p in result.player_ids if p != player.pk]
        rows.append(PlayerGameRow(game, result, side.score, side.rank, others))
    lookup = Player.objects.in_bulk({p for row in rows for p in row.opponents})
    for row in rows:
        row.opponents = [lookup[p].display_name for p in row.opponents if p in lookup]
    return rows


def player_statistics(player: Player, games: QuerySet[TableResult]) -> HandStats:
    """Bidding statistics over the player's hands in ``games``.

    Bluke cards are counted only from hands recorded card by card (the deal and
    the plays in the record); scoresheet-only hands count for bidding alone.
    """
    stats = HandStats()
    seat_of = {}
    for game in games.iterator(chunk_size=CHUNK):
        players = seat_players(game)
        if player.pk in players:
            seat_of[game.pk] = (players.index(player.pk), game_teams(game), len(players))
    hands = Hand.objects.filter(game_id__in=list(seat_of)).order_by("game_id", "number")
    card_games = set(hands.filter(has_plays=True).values_list("game_id", flat=True))
    records = dict(TableResult.objects.filter(pk__in=card_games).values_list("pk", "record"))
    for hand in hands.iterator(chunk_size=CHUNK):
        seat, teams, n = seat_of[hand.game_id]
        outcome = contracts(hand.cards, hand.bids, hand.tricks, teams).get(seat)
        if outcome is not None:
            stats.add(hand.cards, *outcome)
        if hand.has_plays and hand.game_id in records:
            add_bluke_cards(stats, records[hand.game_id], hand.number, seat, n)
    return stats


def add_bluke_cards(stats: HandStats, record: dict, number: int, seat: int, n: int) -> None:
    try:
        entry = record["hands"][number - 1]
        deal, plays = entry["deal"], entry["plays"]
    except (KeyError, IndexError, TypeError):
        return
    if not isinstance(deal, list) or len(deal) != n or not isinstance(plays, list):
        return
    held, won = bluke_cards(deal, plays, seat, n)
    stats.bluke_hands += 1
    stats.bluke_held += held
    stats.bluke_won += won


@dataclass
class HeadToHeadRow:
    opponent: Player
    games: int
    ahead: int
    behind: int
    level: int


def player_head_to_head(player: Player, games: Iterable[GameResult]) -> list[HeadToHeadRow]:
    rows = head_to_head(player.pk, games)
    lookup = Player.objects.in_bulk([r.player_id for r in rows])
    return [
        HeadToHeadRow(lookup[r.player_id], r.games, r.ahead, r.behind, r.level)
        for r in rows if r.player_id in lookup
    ]
