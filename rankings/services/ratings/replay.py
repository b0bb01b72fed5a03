"""Rate new results and replay a pool after corrections, removals or a full rebuild.

One pool (club + game variant) has one writer at a time: every update locks the
pool row and works inside one transaction. The stored states depend only on
the games and their order (played_at, id), and restoring a state from a history
row is lossless, so the incremental path and a full recompute produce the same
floats. A result that is new but earlier than the last rated game, corrected,
or removed makes the pool replay from that point: history from there on is
deleted, states are restored from each player's last row before it, and the
games from there on are rated again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from django.db import transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from league.page_cache import bump_club_versions
from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.ratings import PlayerState, Rater, is_provisional
from rankings.selectors_stats import complete_games
from rankings.services.ratings.duplicate import first_unrated_night, night_stale_points
from rankings.services.ratings.games import (
    STREAM,
    Point,
    as_people,
    duplicate_tables,
    identity_map,
    pool_games,
    pool_rateable,
    pool_source,
    rateable,
)
from rankings.services.ratings.history import BATCH, HistoryWriter
from rankings.services.ratings.pools import (
    federation_pools_for_game,
    pool_for_game,
    pool_rater,
    variant_key,
)
from rankings.services.ratings.rebuild import rebuild_history, uses_partitions
from tournaments.models import EventFormat, ResultStatus, TableResult

# --- where must the pool (re)start? ----------------------------------------------------------


def _first_unrated(pool: RatingPool) -> Point | None:
    unrated = complete_games().filter(pool_source(pool), table__game=pool.game).exclude(
        duplicate_tables()).exclude(rating_history__pool=pool).defer("record")
    identities = identity_map(pool)
    night = first_unrated_night(pool, identities)
    for game in unrated.iterator(chunk_size=BATCH):
        if night is not None and night < (game.played_at, game.pk):
            break
        if variant_key(game.table.options) == pool.variant and as_people(
                rateable(game), identities) is not None:
            return (game.played_at, game.pk)
    return night


def _stale_points(pool: RatingPool, game: TableResult) -> list[Point]:
    """Where a re-submitted game must be re-rated from, if its stored rating is out of date."""
    event = game.table.round.event
    if event.format == EventFormat.DUPLICATE:
        return night_stale_points(pool, event, identity_map(pool))
    rows = list(RatingHistory.objects.filter(pool=pool, game=game))
    if not rows:
        return []
    rated = pool_rateable(pool, game) if game.status == ResultStatus.COMPLETE else None
    current = {p for team in rated.teams for p in team} if rated else set()
    fresh = rated is not None and all(
        r.record_hash == game.record_hash and r.played_at == game.played_at for r in rows
    ) and {r.player_id for r in rows} == current
    if fresh:
        return []
    points = [min((r.played_at, r.game_order) for r in rows)]
    if rated is not None:
        points.append((game.played_at, game.pk))
    return points


def replay_point(pool: RatingPool, *games: TableResult | None) -> Point | None:
    """The earliest position from which the pool's history is missing or wrong (checking
    the stored rating of each of `games`, the results that asked)."""
    points = []
    orphan = RatingHistory.objects.filter(pool=pool, game__isnull=True).order_by(
        "played_at", "game_order").values_list("played_at", "game_order").first()
    if orphan:
        points.append(tuple(orphan))
    for game in games:
        if game is not None:
            points.extend(_stale_points(pool, game))
    unrated = _first_unrated(pool)
    if unrated:
        points.append(unrated)
    return min(points) if points else None


# --- the replay ------------------------------------------------------------------------------


def _after(point: Point) -> Q:
    return Q(played_at__gt=point[0]) | Q(played_at=point[0], game_order__gte=point[1])


def _truncate(pool: RatingPool, start: Point | None) -> set[int]:
    """Delete history from ``start`` on (all when None); returns the players who lost rows."""
    doomed = RatingHistory.objects.filter(pool=pool)
    if start is not None:
        doomed = doomed.filter(_after(start) | Q(game__isnull=True))
    affected = set(doomed.values_list("player_id", flat=True).distinct())
    doomed.delete()
    return affected


def _restore(pool: RatingPool, rater: Rater, affected: set[int]) -> dict[int, object]:
    """Load current states; players who lost rows get their last remaining row back."""
    last_played = {}
    for rating in PlayerRating.objects.filter(pool=pool).exclude(player_id__in=affected):
        rater.set(rating.player_id, PlayerState(rating.mu, rating.sigma, rating.games))
    latest = RatingHistory.objects.filter(pool=pool, player_id=OuterRef("player_id")).order_by(
        "-played_at", "-game_order").values("pk")[:1]
    last_ids = PlayerRating.objects.filter(pool=pool, player_id__in=affected).annotate(
        last=Subquery(latest)).values_list("last", flat=True)
    for row in RatingHistory.objects.filter(pk__in=[i for i in last_ids if i is not None]):
        rater.set(row.player_id, PlayerState(row.mu_after, row.sigma_after, row.games_after))
        last_played[row.player_id] = row.played_at
    return last_played


def _rate_from(pool, rater, start, last_played, progress) -> int:
    writer = HistoryWriter(pool.pk)
    count = 0
    for rated in pool_games(pool, start):
        changes = rater.rate_game(rated.teams, rated.ranks)
        writer.add(rated, changes)
        for change in changes:
            last_played[change.player_id] = rated.played_at
        count += 1
        if progress:
            progress(1)
        if len(writer.pending) >= STREAM:
            writer.flush()
    writer.flush()
    return count


def _reread_from(pool: RatingPool, rater: Rater, start: Point, progress) -> int:
    """Replay for a rater whose refits re-read every game (``rereads_history``).

    A refit changes every player's state, not only the state of those in the
    game that completes a period, so stored rows cannot restore the state at
    ``start``.  The games before it are given to the rater again in one batch
    instead (one refit, then the one-pass steps; the rater guarantees the
    state rating them one by one leaves) and keep their history rows; only the
    games from ``start`` on are rated and written again.
    """
    affected = _truncate(pool, start)
    last_played = {}
    earlier = []
    games = pool_games(pool)
    for rated in games:
        if (rated.played_at, rated.game_id) >= start:
            break
        earlier.append((rated.teams, rated.ranks))
        for team in rated.teams:
            for player in team:
                last_played[player] = rated.played_at
    games.close()  # its cursor, before the replay opens another
    rater.rate_many(earlier)
    count = _rate_from(pool, rater, start, last_played, progress)
    # Every player's state may have moved with a refit, not only the affected ones'.
    _save_states(pool, rater, affected | set(last_played), last_played)
    return count


def _save_states(pool, rater, players: set[int], last_played: dict) -> None:
    now = timezone.now()
    known = {p for p in players if p in last_played}
    PlayerRating.objects.filter(pool=pool, player_id__in=players - known).delete()
    rows = []
    for player_id in known:
        state = rater.get(player_id)
        rows.append(PlayerRating(
            pool=pool, player_id=player_id, mu=state.mu, sigma=state.sigma, games=state.games,
            provisional=is_provisional(state), last_played_at=last_played[player_id],
            updated_at=now,
        ))
    PlayerRating.objects.bulk_create(
        rows, batch_size=BATCH, update_conflicts=True, unique_fields=["pool", "player"],
        update_fields=["mu", "sigma", "games", "provisional", "last_played_at", "updated_at"],
    )


def _rebuild(pool: RatingPool, rater: Rater, progress, outermost: bool) -> int:
    """Full recompute: every game from the first, into fresh history."""
    PlayerRating.objects.filter(pool=pool).delete()
    if uses_partitions():
        count, last_played = rebuild_history(pool, rater, progress, separate_reader=outermost)
    else:
        _truncate(pool, None)
        last_played = {}
        count = _rate_from(pool, rater, None, last_played, progress)
    _save_states(pool, rater, set(last_played), last_played)
    return count


def ratings_update(
    *, pool_id: int, game_id: int | None = None, full: bool = False,
    progress: Callable[[int], None] | None = None, game_ids: Iterable[int] = (),
) -> int:
    """Bring one pool up to date; returns the number of games (re)rated.

    ``full`` rebuilds the pool from its first game; otherwise only from the
    earliest missing or out-of-date point (nothing at all if there is none), the
    stored ratings of ``game_id`` and ``game_ids`` (the results that asked) checked.
    """
    outermost = not transaction.get_connection().in_atomic_block
    with transaction.atomic():
        pool = RatingPool.objects.select_for_update().get(pk=pool_id)
        rater = pool_rater(pool)
        if full:
            bump_club_versions([pool.club_id])  # the leaderboard pages are rebuilt after it
            return _rebuild(pool, rater, progress, outermost)
        asked = {*game_ids, *([game_id] if game_id else [])}
        start = replay_point(pool, *TableResult.objects.filter(pk__in=asked).order_by("pk"))
        if start is None:
            return 0
        if getattr(rater, "rereads_history", False):
            count = _reread_from(pool, rater, start, progress)
            bump_club_versions([pool.club_id])
            return count
        affected = _truncate(pool, start)
        last_played = _restore(pool, rater, affected)
        count = _rate_from(pool, rater, start, last_played, progress)
        _save_states(pool, rater, affected | set(last_played), last_played)
        bump_club_versions([pool.club_id])
    return count


def ratings_update_for_game(*, game_id: int) -> int:
    """After a result is stored, corrected or removed: update the pool(s) it touches."""
    game = TableResult.objects.select_related("table__round__event").filter(pk=game_id).first()
    if game is None:
        # Removed: its history rows were orphaned (game set to NULL); replay those pools.
        pools = RatingHistory.objects.filter(game__isnull=True).values_list(
            "pool_id", flat=True).distinct()
        count = sum(ratings_update(pool_id=pool_id) for pool_id in set(pools))
        _player_stats_follow(game_id)
        return count
    club_pool, federation_pools = pool_for_game(game), federation_pools_for_game(game)
    home = [club_pool, *federation_pools]
    count = ratings_update(pool_id=club_pool.pk, game_id=game.pk)
    # Each federation's pool that counts the game's night is recomputed from scratch when
    # the game is new or changed there: a correction there is rare (the night's window has
    # passed), and a rebuild costs about what a whole-history replay from mid-history does
    # (bench/federation_bench.py, docs/performance.md).
    for pool in federation_pools:
        if replay_point(pool, game) is not None:
            count += ratings_update(pool_id=pool.pk, full=True)
    # A correction may have moved the game out of another pool (new options).
    for pool_id in set(RatingHistory.objects.filter(game=game).exclude(
            pool__in=home).values_list("pool_id", flat=True)):
        RatingHistory.objects.filter(pool_id=pool_id, game=game).update(game=None)
        count += ratings_update(pool_id=pool_id)
    _player_stats_follow(game_id)
    return count


def ratings_update_for_games(*, game_ids: Iterable[int]) -> int:
    """The same as `ratings_update_for_game` for each of many results, each pool brought up to
    date once: the drain's batch (a bulk import, the demo's season), where checking every
    pool again per game cost more than the rating itself."""
    ids = set(game_ids)
    games = list(TableResult.objects.select_related("table__round__event").filter(
        pk__in=ids).order_by("pk"))
    removed = ids - {game.pk for game in games}
    count = 0
    if removed:  # their history rows were orphaned (game set to NULL): replay those pools
        pools = RatingHistory.objects.filter(game__isnull=True).values_list(
            "pool_id", flat=True).distinct()
        count += sum(ratings_update(pool_id=pool_id) for pool_id in set(pools))
    asked: dict[int, list[int]] = defaultdict(list)  # club pool -> its games
    federation: dict[int, tuple[RatingPool, list[TableResult]]] = {}
    home: dict[int, set[int]] = {}
    for game in games:
        club_pool, federation_pools = pool_for_game(game), federation_pools_for_game(game)
        asked[club_pool.pk].append(game.pk)
        home[game.pk] = {club_pool.pk, *(pool.pk for pool in federation_pools)}
        for pool in federation_pools:
            federation.setdefault(pool.pk, (pool, []))[1].append(game)
    for pool_id, pool_games_asked in asked.items():
        count += ratings_update(pool_id=pool_id, game_ids=pool_games_asked)
    # As for one game: a federation's pool is rebuilt when a game is new or changed there.
    for pool, pool_games_asked in federation.values():
        if replay_point(pool, *pool_games_asked) is not None:
            count += ratings_update(pool_id=pool.pk, full=True)
    moved = RatingHistory.objects.filter(game__in=games).values_list("pool_id", "game_id")
    for pool_id, game_id in set(moved):  # a correction moved it out of this pool
        if pool_id not in home[game_id]:
            RatingHistory.objects.filter(pool_id=pool_id, game_id=game_id).update(game=None)
            count += ratings_update(pool_id=pool_id)
    _player_stats_follow_many(games, removed)
    return count


def _player_stats_follow_many(games: list[TableResult], removed: set[int]) -> None:
    """One refresh per club recounts every changed game of it (and drops removed games' rows)."""
    from rankings.services.player_stats import player_stats_refresh

    for club_id in sorted({game.table.round.event.club_id for game in games}):
        player_stats_refresh(club_id=club_id)
    if removed:
        player_stats_refresh(game_id=min(removed))


def _player_stats_follow(game_id: int) -> None:
    """Player statistics change with the same results as ratings, so they follow here: every
    path that rates a result (eager, worker, reconciler, batches) also recounts it."""
    from rankings.services.player_stats import player_stats_after_result

    player_stats_after_result(game_id=game_id)
