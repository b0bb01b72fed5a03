"""Reads for ratings: a pool's rateable games, in rating order, as plain tuples."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import NamedTuple

from django.db import connection
from django.db.models import OuterRef, Q, TextField
from django.db.models.functions import Cast

from league.models import PlayerLink
from rankings.models import RatingPool
from rankings.selectors_stats import game_teams, seat_players
from rankings.services.ratings.pools import variant_key
from rankings.standings.sides import seat_teams
from tournaments.models import EventFormat, ResultStatus, Seat, TableResult

STREAM = 5000  # games per read chunk (one FETCH, or one seats query) and per history COPY

Point = tuple  # (played_at, game id): a position in a pool's game order


class Rated(NamedTuple):
    """One game as the engine takes it (a tuple: a million of them are built per recompute)."""

    game_id: int
    played_at: object
    record_hash: str
    teams: list[list[int]]
    ranks: list[float]


def _teams_fit(teams: list[list[int]], seats: int) -> bool:
    return len(teams) >= 2 and all(seat < seats for team in teams for seat in team)


def _rated(game_id, played_at, record_hash, players, teams, ranks) -> Rated | None:
    """Sides as `rankings.standings.sides.build_sides` forms them, without its Side objects.

    Rating needs only players and ranks per side; building Side objects (with
    scores from the totals) took over half of the read time of a full
    recompute. A test checks that both agree on which games are rateable and
    on their sides.
    """
    if not players or not _teams_fit(teams, len(players)):
        return None
    return _rated_fitting(game_id, played_at, record_hash, players, teams, ranks)


def _rated_fitting(game_id, played_at, record_hash, players, teams, ranks) -> Rated | None:
    """`_rated` for teams already known to fit the seats."""
    if None in players:  # an empty seat (player ids are ints, never equal to None)
        return None
    ranks = ranks or []
    if len(ranks) == len(teams):
        side_ranks = list(ranks)
    elif len(ranks) == len(players):
        side_ranks = [ranks[team[0]] for team in teams]
    else:
        return None
    return Rated(game_id, played_at, record_hash, [[players[s] for s in team] for team in teams],
                 [float(rank) for rank in side_ranks])


def rateable(game: TableResult) -> Rated | None:
    """Teams of player ids and ranks for the engine, or None (empty seat, odd data)."""
    return _rated(game.pk, game.played_at, game.record_hash, seat_players(game),
                  game_teams(game), game.ranks)


def pool_rateable(pool: RatingPool, game: TableResult) -> Rated | None:
    """`rateable` as the pool rates it: in a federation's pool, each player as their person."""
    return as_people(rateable(game), identity_map(pool))


def pool_source(pool: RatingPool) -> Q:
    """Which results feed the pool: its club's, or the nights its federation counts."""
    if pool.federation_id is None:
        return Q(table__round__event__club_id=pool.club_id)
    return Q(table__round__event__federation_counts__federation_id=pool.federation_id)


def identity_map(pool: RatingPool) -> dict[int, int]:
    """Player row -> the person it is, for a federation's pool (a club's pool: none).

    Only the person made these links (`league.models.PlayerLink`), so a federation rates
    someone who plays in two clubs as one player, under the row they claimed.
    """
    if pool.federation_id is None:
        return {}
    return dict(PlayerLink.objects.values_list("player_id", "person_id"))


def as_people(rated: Rated | None, identities: dict[int, int]) -> Rated | None:
    """``rated`` with each player row replaced by its person; None if a person would then
    sit at the table twice (two linked rows at one table: the game cannot be rated)."""
    if rated is None or not identities:
        return rated
    teams = [[identities.get(p, p) for p in team] for team in rated.teams]
    people = [p for team in teams for p in team]
    if len(set(people)) != len(people):
        return None
    return rated._replace(teams=teams)


def duplicate_tables() -> Q:
    """The tables of duplicate nights: rated by night, not by table
    (`rankings.services.ratings.duplicate`)."""
    return Q(table__round__event__format=EventFormat.DUPLICATE)


def _pool_queryset(pool: RatingPool, since: Point | None):
    games = TableResult.objects.filter(
        pool_source(pool), ~duplicate_tables(), status=ResultStatus.COMPLETE,
        table__game=pool.game).order_by("played_at", "id")
    if since is not None:
        games = games.filter(
            Q(played_at__gt=since[0]) | Q(played_at=since[0], pk__gte=since[1]))
    # Text, not decoded JSON: options are decoded once per distinct variant, and the
    # ranks by json.loads below, as Django's JSONField would.
    return games.annotate(options_text=Cast("table__options", TextField()),
                          ranks_text=Cast("ranks", TextField()))


COLUMNS = ("pk", "played_at", "record_hash", "ranks_text", "options_text")


def postgresql_query(pool: RatingPool, since: Point | None = None) -> tuple[str, tuple]:
    """SQL and parameters of the pool's games, with the seat players as an array.

    The array is ordered by seat position. Totals are not read: they never
    decide who is rated or how.
    """
    from django.contrib.postgres.expressions import ArraySubquery

    seated = Seat.objects.filter(table_id=OuterRef("table_id")).order_by(
        "position").values("player_id")
    query = _pool_queryset(pool, since).annotate(players=ArraySubquery(seated))
    return query.values_list(*COLUMNS, "players").query.sql_with_params()


def fetch_chunks(raw, sql: str, params) -> Iterator[list[tuple]]:
    """Chunks of rows from a psycopg server-side cursor on ``raw`` (no Django converters)."""
    if not raw.autocommit:
        # JIT compiling this one long query cost about 2 s and saved nothing.
        raw.execute("SET LOCAL jit = off")
    # Outside a transaction (fitting) the cursor must outlive each statement.
    with raw.cursor(name="rating_games", binary=True, withhold=raw.autocommit) as cursor:
        cursor.execute(sql, params)
        while chunk := cursor.fetchmany(STREAM):
            yield chunk


def _postgresql_rows(pool: RatingPool, since: Point | None) -> Iterator[list[tuple]]:
    sql, params = postgresql_query(pool, since)
    with connection.cursor() as wrapper:
        yield from fetch_chunks(wrapper.connection.connection, sql, params)


def _other_rows(games) -> Iterator[list[tuple]]:
    """Chunks of rows, with one seats query per chunk."""
    rows = games.values_list(*COLUMNS, "table_id")
    chunk = []
    for row in rows.iterator(chunk_size=STREAM):
        chunk.append(row)
        if len(chunk) >= STREAM:
            yield _with_seats(chunk)
            chunk = []
    if chunk:
        yield _with_seats(chunk)


def _with_seats(chunk: list[tuple]) -> list[tuple]:
    seats: dict[int, list[int | None]] = {row[-1]: [] for row in chunk}
    rows = Seat.objects.filter(table_id__in=list(seats)).order_by(
        "table_id", "position").values_list("table_id", "player_id")
    for table_id, player_id in rows:
        seats[table_id].append(player_id)
    return [(*row[:-1], seats[row[-1]]) for row in chunk]


def game_chunks(pool: RatingPool, since: Point | None = None) -> Iterator[list[tuple]]:
    """(id, played_at, hash, ranks text, options text, seat players) in rating order."""
    if connection.vendor == "postgresql":
        return _postgresql_rows(pool, since)
    return _other_rows(_pool_queryset(pool, since))


def rated_chunks(
    pool: RatingPool, since: Point | None = None, chunks: Iterator[list[tuple]] | None = None,
) -> Iterator[list[Rated]]:
    """The pool's rateable games in rating order, a chunk at a time.

    Plain tuples, no model instances and never the record: a full recompute of a
    million games spent most of its time building TableResult/Table/Seat objects.
    ``chunks`` are `game_chunks` rows read some other way (another connection).
    """
    from rankings.services.ratings.duplicate import pool_nights

    # Read now, not at the first chunk: a rebuild's COPY holds the connection by then.
    identities = identity_map(pool)
    nights = pool_nights(pool, since, identities)
    return _merged(_rated_chunks(pool, since, chunks, identities), nights)


def _merged(chunks: Iterator[list[Rated]], nights: list[Rated]) -> Iterator[list[Rated]]:
    """The tables' chunks with the duplicate nights (one game each) put in rating order."""
    if not nights:
        yield from chunks
        return
    waiting = iter(nights)
    night = next(waiting, None)
    for chunk in chunks:
        out = []
        for rated in chunk:
            while night is not None and (night.played_at, night.game_id) < (
                    rated.played_at, rated.game_id):
                out.append(night)
                night = next(waiting, None)
            out.append(rated)
        yield out
    rest = [night, *waiting] if night is not None else []
    if rest:
        yield rest


def _rated_chunks(pool, since, chunks, identities) -> Iterator[list[Rated]]:
    variants: dict[str | None, str] = {}
    # Seats per team for each (options, seat count), or None when they do not fit.
    sides: dict[tuple[str | None, int], list[list[int]] | None] = {}
    for chunk in chunks if chunks is not None else game_chunks(pool, since):
        out = []
        for game_id, played_at, record_hash, ranks, text, players in chunk:
            if text not in variants:
                variants[text] = variant_key(json.loads(text) if text else None)
            if variants[text] != pool.variant or not players:
                continue
            key = (text, len(players))
            if key not in sides:
                teams = seat_teams(pool.game, len(players), json.loads(text) if text else None)
                sides[key] = teams if _teams_fit(teams, len(players)) else None
            if (teams := sides[key]) is None:
                continue
            ranks = json.loads(ranks) if ranks is not None else None
            rated = _rated_fitting(game_id, played_at, record_hash, players, teams, ranks)
            if identities:
                rated = as_people(rated, identities)
            if rated is not None:
                out.append(rated)
        yield out


def pool_games(pool: RatingPool, since: Point | None = None) -> Iterator[Rated]:
    """The pool's rateable games in rating order, streamed from the database."""
    for chunk in rated_chunks(pool, since):
        yield from chunk
