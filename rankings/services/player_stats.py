"""Writes for player statistics: one row per player and game, totals per player and club.

The player page used to walk every game of the club and every hand the player
played on each request. Here the work is done once per result: a changed game
is recounted into `PlayerGameStat` rows, and only the totals and head-to-head
records of the players it touches are summed again from those rows. A full
recompute builds the same rows from scratch (a test holds them equal).

Refreshing computes what is still to do (games without rows, rows whose record
or date no longer match their game, orphans of removed games), so a repeated
or late call is harmless and one call after a batch of results catches all of it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from django.db import transaction
from django.db.models import F, Q

from league.models import Club
from league.page_cache import bump_club_versions
from rankings.models import HeadToHead, PlayerGameStat, PlayerStats
from rankings.selectors_stats import (
    add_bluke_cards,
    complete_games,
    game_teams,
    seat_players,
    to_result,
)
from rankings.standings import HandStats, contracts
from tournaments.models import Hand, ResultStatus, TableResult

CHUNK = 500
TOTALS = ("hands", "perfect", "over", "sets", "overtricks", "bluke_hands", "bluke_held",
          "bluke_won")

# What `_sum_rows` reads of each PlayerGameStat row, in its order.
SUMMED = ("player_id", "club_id", *TOTALS, "by_size", "rivals", "game_name", "hands_played",
          "score", "place")

Pair = tuple[int, int]  # (player id, club id)
_COLUMN = {1: 1, -1: 2, 0: 3}  # a rival comparison -> its place in [games, ahead, behind, level]


# --- one game's rows -------------------------------------------------------------------------


def _hands_of(games: list[TableResult]) -> tuple[dict[int, list[tuple]], dict[int, dict]]:
    """Each game's hands in order, and the records of games recorded card by card."""
    hands: dict[int, list[tuple]] = defaultdict(list)
    rows = Hand.objects.filter(game__in=games).order_by("game_id", "number").values_list(
        "game_id", "number", "cards", "bids", "tricks", "has_plays")
    for game_id, *hand in rows:
        hands[game_id].append(tuple(hand))
    card_games = [gid for gid, items in hands.items() if any(h[-1] for h in items)]
    records = dict(TableResult.objects.filter(pk__in=card_games).values_list("pk", "record"))
    return hands, records


def _fits(values, n: int) -> bool:
    return isinstance(values, list) and len(values) == n


def _seat_stats(teams, n: int, hands: list[tuple], record: dict | None) -> list[HandStats]:
    """Bidding statistics of every seat over one game's hands (contracts read once a hand)."""
    stats = [HandStats() for _ in range(n)]
    for number, cards, bids, tricks, has_plays in hands:
        if not _fits(bids, n) or not _fits(tricks, n):
            continue  # a hand stored without a value per seat (an import) counts for nothing
        for seat, outcome in contracts(cards, bids, tricks, teams).items():
            if seat < n:
                stats[seat].add(cards, *outcome)
        if has_plays and record is not None:
            for seat in range(n):
                add_bluke_cards(stats[seat], record, number, seat, n)
    return stats


def _rivals(result, player_id: int) -> dict[str, int]:
    mine = result.side_of(player_id)
    out = {}
    for side in result.sides:
        if side is mine:
            continue
        for other in side.players:
            out[str(other)] = (mine.rank < side.rank) - (mine.rank > side.rank)
    return out


def game_rows(game: TableResult, hands: list[tuple], record: dict | None) -> list[PlayerGameStat]:
    """The statistics rows of one complete game, one per seated player."""
    players, teams = seat_players(game), game_teams(game)
    result = to_result(game)
    seat_stats = _seat_stats(teams, len(players), hands, record)
    rows, seen = [], set()
    for seat, player_id in enumerate(players):
        if player_id is None or player_id in seen:
            continue
        seen.add(player_id)
        stats = seat_stats[seat]
        side = result.side_of(player_id) if result is not None else None
        row = PlayerGameStat(
            player_id=player_id, club_id=game.table.round.event.club_id, game=game,
            played_at=game.played_at, record_hash=game.record_hash,
            game_updated_at=game.updated_at,
            table_label=f"R{game.table.round.number} T{game.table.number}",
            game_name=game.table.game, hands_played=len(hands),
            by_size={str(k): list(v) for k, v in sorted(stats.by_size.items())},
            **{name: getattr(stats, name) for name in TOTALS},
        )
        if side is not None:
            row.score, row.place = side.score, side.rank
            row.others = [p for p in result.player_ids if p != player_id]
            row.rivals = _rivals(result, player_id)
        rows.append(row)
    return rows


def _count_games(games: list[TableResult]) -> list[PlayerGameStat]:
    hands, records = _hands_of(games)
    rows = []
    for game in games:
        rows.extend(game_rows(game, hands.get(game.pk, []), records.get(game.pk)))
    PlayerGameStat.objects.bulk_create(rows, batch_size=CHUNK)
    return rows


# --- totals from the rows --------------------------------------------------------------------


def add_to_game_line(by_game: dict, game_name: str, hands: int, score, place) -> None:
    """Count one game into the player's line for its rules game (`PlayerStats.by_game`)."""
    line = by_game.setdefault(game_name, {"games": 0, "firsts": 0, "hands": 0, "scored": 0,
                                          "score": 0.0, "best": None, "places": 0.0})
    line["games"] += 1
    line["hands"] += hands
    if score is None:  # a game not attributed to sides (an empty seat) has no result
        return
    line["scored"] += 1
    line["firsts"] += place == 1
    line["score"] += score
    line["places"] += place
    line["best"] = score if line["best"] is None else max(line["best"], score)


def _sum_rows(rows: Iterable[tuple]) -> tuple[dict, dict]:
    """Totals and head-to-head per (player, club), from tuples of the `SUMMED` fields."""
    totals: dict[Pair, dict] = {}
    meetings: dict[Pair, dict[int, list[int]]] = defaultdict(
        lambda: defaultdict(lambda: [0, 0, 0, 0]))
    for player_id, club_id, *values, by_size, rivals, game_name, hands, score, place in rows:
        pair = (player_id, club_id)
        line = totals.setdefault(pair, {"games": 0, "by_size": {}, "by_game": {},
                                        **dict.fromkeys(TOTALS, 0)})
        line["games"] += 1
        add_to_game_line(line["by_game"], game_name, hands, score, place)
        for name, value in zip(TOTALS, values, strict=True):
            line[name] += value
        for cards, counts in by_size.items():
            before = line["by_size"].get(cards, [0, 0, 0])
            line["by_size"][cards] = [a + b for a, b in zip(before, counts, strict=True)]
        for other, comparison in rivals.items():
            record = meetings[pair][int(other)]
            record[0] += 1
            record[_COLUMN[comparison]] += 1
    return totals, meetings


def _store_totals(pairs: set[Pair]) -> None:
    """Replace the totals and head-to-head records of these (player, club) pairs."""
    if not pairs:
        return
    match = Q()
    for player_id, club_id in pairs:
        match |= Q(player_id=player_id, club_id=club_id)
    PlayerStats.objects.filter(match).delete()
    HeadToHead.objects.filter(match).delete()
    rows = PlayerGameStat.objects.filter(match).order_by("player_id", "club_id").values_list(*SUMMED)
    _write_totals(*_sum_rows(rows.iterator(chunk_size=CHUNK * 4)))


def _write_totals(totals: dict, meetings: dict) -> None:
    for line in totals.values():
        line["by_size"] = dict(sorted(line["by_size"].items(), key=lambda item: int(item[0])))
    PlayerStats.objects.bulk_create([
        PlayerStats(player_id=player_id, club_id=club_id, **line)
        for (player_id, club_id), line in totals.items()
    ], batch_size=CHUNK)
    HeadToHead.objects.bulk_create([
        HeadToHead(player_id=player_id, club_id=club_id, opponent_id=other, games=games,
                   ahead=ahead, behind=behind, level=level)
        for (player_id, club_id), opponents in meetings.items()
        for other, (games, ahead, behind, level) in opponents.items()
    ], batch_size=CHUNK)


# --- refresh after results, full recompute ---------------------------------------------------


def _games(ids: Iterable[int]):
    return complete_games().defer("record").filter(pk__in=list(ids))


def _stale_game_ids(club_id: int | None, game_id: int | None) -> set[int]:
    """Games whose rows are missing or were counted from an earlier version of the game.

    Every change to a result saves it (a correction stamps `updated_at` even when the
    record is the same), so rows that carry the game's current stamp are up to date and a
    batch of follow-ups counts each game once, not once by the first refresh and again
    by its own."""
    if club_id is None:  # a removed game: only its orphaned rows are left to drop
        return {game_id} if game_id else set()
    missing = TableResult.objects.filter(
        status=ResultStatus.COMPLETE, table__round__event__club_id=club_id,
        player_stats__isnull=True).values_list("pk", flat=True)
    changed = PlayerGameStat.objects.filter(club_id=club_id, game__isnull=False).filter(
        ~Q(game_updated_at=F("game__updated_at")) | ~Q(record_hash=F("game__record_hash"))
        | ~Q(played_at=F("game__played_at")) | ~Q(game__status=ResultStatus.COMPLETE),
    ).values_list("game_id", flat=True)
    return set(missing) | set(changed)


def player_stats_refresh(*, club_id: int | None = None, game_id: int | None = None) -> int:
    """Bring stored player statistics up to date after results changed; returns games recounted.

    With ``club_id``, the club's games without rows or with rows from an earlier
    version of the game are recounted (``game_id``, the result that asked, among them
    when it changed). Rows of removed games are dropped wherever they are.
    """
    with transaction.atomic():
        if club_id is not None:  # one refresh per club at a time (a row lock on PostgreSQL)
            Club.objects.select_for_update().filter(pk=club_id).first()
        stale = _stale_game_ids(club_id, game_id)
        doomed = PlayerGameStat.objects.filter(Q(game__isnull=True) | Q(game_id__in=stale))
        affected = set(doomed.values_list("player_id", "club_id"))
        doomed.delete()
        games = list(_games(stale))
        for start in range(0, len(games), CHUNK):
            affected |= {(r.player_id, r.club_id) for r in _count_games(games[start:start + CHUNK])}
        _store_totals(affected)
        if affected or games:  # nothing recounted: the pages' caches stay valid
            bump_club_versions({club for _, club in affected} | ({club_id} if club_id else set()))
    return len(games)


def player_stats_after_result(*, game_id: int) -> int:
    """The follow-up of a stored, corrected or removed result (its club's other gaps included)."""
    club_id = TableResult.objects.filter(pk=game_id).values_list(
        "table__round__event__club_id", flat=True).first()
    return player_stats_refresh(club_id=club_id, game_id=game_id)


def player_stats_recompute(
    *, club_id: int, progress: Callable[[int], None] | None = None,
) -> int:
    """Rebuild one club's player statistics from every complete game; returns the game count."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club_id).first()
        PlayerGameStat.objects.filter(Q(club_id=club_id) | Q(game__isnull=True)).delete()
        PlayerStats.objects.filter(club_id=club_id).delete()
        HeadToHead.objects.filter(club_id=club_id).delete()
        ids = list(TableResult.objects.filter(
            status=ResultStatus.COMPLETE, table__round__event__club_id=club_id,
        ).order_by("played_at", "pk").values_list("pk", flat=True))
        for start in range(0, len(ids), CHUNK):
            _count_games(list(_games(ids[start:start + CHUNK])))
            if progress:
                progress(len(ids[start:start + CHUNK]))
        rows = PlayerGameStat.objects.filter(club_id=club_id).values_list(*SUMMED)
        _write_totals(*_sum_rows(rows.iterator(chunk_size=CHUNK * 4)))
        bump_club_versions([club_id])
    return len(ids)
