"""A closed duplicate night as ONE rated game: its matchpoint ranking, not its tables.

At a duplicate night a table's result mostly says who held the good cards; the night's
matchpoint percentage (each player compared with those who held the same cards,
`rankings.standings.duplicate`) is what measures the play. So the pool's game source
(`rankings.services.ratings.games`) leaves a duplicate night's tables out and rates, once
the night is closed (its percentages are final then), one game per night:

* teams: the players, or the fixed partnerships of a partnership game (the sides of the
  night's board results, when each player held cards in one side only);
* ranks: the night's places by matchpoint percentage (equal percentage: a tie);
* dated when the night closed (its audit entry), ordered by the night's *key game*, its
  lowest complete table result's id: the history rows point at that result, so a removed
  key game orphans them and the pool replays as for any removed game;
* its ``record_hash`` is a digest of every table result of the night, so a correction of
  any table makes the night's rows stale and the pool re-rates from the night.

Each night is rated where its key game's pool is (club, game, variant), like a table.
"""

from __future__ import annotations

import hashlib

from django.db.models import Min, Q

from league.services.followups import followups_request
from rankings.models import RatingHistory
from rankings.selectors_closing import closed_at
from rankings.selectors_duplicate import board_results
from rankings.services.ratings.games import Point, Rated, as_people, rateable
from rankings.services.ratings.pools import variant_key
from rankings.standings.duplicate import duplicate_standings
from tournaments.models import Event, EventFormat, EventStatus, ResultStatus, TableResult


def _pool_nights(pool) -> Q:
    if pool.federation_id is None:
        return Q(club_id=pool.club_id)
    return Q(federation_counts__federation_id=pool.federation_id)


def key_games(events) -> dict[int, int]:
    """{night id: its key game}: the lowest id among the night's complete results."""
    return dict(TableResult.objects.filter(
        table__round__event__in=events, status=ResultStatus.COMPLETE).values(
        "table__round__event_id").annotate(key=Min("pk")).order_by().values_list(
        "table__round__event_id", "key"))


def _nights_of_pool(pool) -> tuple[list[Event], dict[int, int]]:
    """The pool's closed duplicate nights whose key game belongs to it, with the keys."""
    events = list(Event.objects.filter(
        _pool_nights(pool), format=EventFormat.DUPLICATE, status=EventStatus.CLOSED,
        game=pool.game).only("pk", "date", "game"))
    keys = key_games(events)
    options = dict(TableResult.objects.filter(pk__in=keys.values()).values_list(
        "pk", "table__options"))
    mine = [e for e in events if e.pk in keys and variant_key(options[keys[e.pk]]) == pool.variant]
    return mine, keys


def night_digest(event_id: int) -> str:
    """A digest of every table result of the night: it changes with any correction."""
    rows = TableResult.objects.filter(table__round__event_id=event_id).order_by("pk")
    text = ";".join(f"{pk}:{status}:{digest}" for pk, status, digest in rows.values_list(
        "pk", "status", "record_hash"))
    return hashlib.sha256(f"duplicate-night:{text}".encode()).hexdigest()


def night_teams_and_ranks(event: Event) -> tuple[list[list[int]], list[float]]:
    """The night's sides (best first) and their places by matchpoint percentage."""
    results, low = board_results(event)
    lines = duplicate_standings(results, lower_wins=low)
    rank = {line.player_id: line.rank for line in lines}
    sides = sorted({tuple(sorted(r.side)) for r in results})
    players = [p for side in sides for p in side]
    if len(players) != len(set(players)):  # partners changed: rate each player alone
        sides = [(p,) for p in sorted(set(players))]
    teams = sorted(([*side] for side in sides if side[0] in rank),
                   key=lambda team: (rank[team[0]], team))
    return teams, [float(rank[team[0]]) for team in teams]


def night_rated(event: Event, key: int, played_at, identities: dict) -> Rated | None:
    """The night as one rated game (None: fewer than two sides, or a person twice)."""
    teams, ranks = night_teams_and_ranks(event)
    if len(teams) < 2:
        return None
    return as_people(Rated(key, played_at, night_digest(event.pk), teams, ranks), identities)


def pool_nights(pool, since: Point | None, identities: dict) -> list[Rated]:
    """The pool's closed duplicate nights at or after ``since``, in rating order."""
    events, keys = _nights_of_pool(pool)
    closed = closed_at(events)
    out = []
    for event in events:
        point = (closed[event.pk], keys[event.pk])
        if since is not None and point < tuple(since):
            continue
        rated = night_rated(event, keys[event.pk], closed[event.pk], identities)
        if rated is not None:
            out.append(rated)
    return sorted(out, key=lambda r: (r.played_at, r.game_id))


def first_unrated_night(pool, identities: dict) -> Point | None:
    """The earliest closed duplicate night of the pool that has no history in it yet."""
    events, keys = _nights_of_pool(pool)
    rated = set(RatingHistory.objects.filter(pool=pool, game_id__in=list(keys.values()))
                .values_list("game_id", flat=True))
    waiting = [e for e in events if keys[e.pk] not in rated]
    closed = closed_at(waiting)
    points = [(closed[e.pk], keys[e.pk]) for e in waiting
              if night_rated(e, keys[e.pk], closed[e.pk], identities) is not None]
    return min(points) if points else None


def night_stale_points(pool, event: Event, identities: dict) -> list[Point]:
    """Where the pool must replay from for a corrected table of a duplicate night."""
    rows = list(RatingHistory.objects.filter(pool=pool, game__table__round__event=event))
    if not rows:
        return []  # not rated yet: `first_unrated_night` finds it once it is closed
    rated = None
    if event.status == EventStatus.CLOSED:
        key = key_games([event]).get(event.pk)
        if key is not None:
            rated = night_rated(event, key, closed_at([event])[event.pk], identities)
    current = {p for team in rated.teams for p in team} if rated else set()
    fresh = rated is not None and all(
        r.game_id == rated.game_id and r.record_hash == rated.record_hash
        and r.played_at == rated.played_at for r in rows
    ) and {r.player_id for r in rows} == current
    if fresh:
        return []
    points = [min((r.played_at, r.game_order) for r in rows)]
    if rated is not None:
        points.append((rated.played_at, rated.game_id))
    return points


def duplicate_night_closed(event: Event) -> None:
    """Closing a duplicate night owes its pools the night's rating (the tables were not
    rated): one recompute through the outbox, for its key game, after commit."""
    if event.format != EventFormat.DUPLICATE:
        return
    key = key_games([event]).get(event.pk)
    if key is not None:
        followups_request(game_ids=[key])


def game_as_rated(game: TableResult, identities: dict) -> Rated | None:
    """What the pool rated for ``game``: its table, or for a duplicate night's key game
    the whole night (other tables of a duplicate night were not rated: None)."""
    event = game.table.round.event
    if event.format != EventFormat.DUPLICATE:
        return as_people(rateable(game), identities)
    if event.status != EventStatus.CLOSED or key_games([event]).get(event.pk) != game.pk:
        return None
    return night_rated(event, game.pk, closed_at([event])[event.pk], identities)
