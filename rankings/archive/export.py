"""Writing archives: a club's whole archive, and one player's part of every club they were in.

Reads only; the format is docs/archive.schema.json. Players are named by their `uid`, never
by a database id, so two exports of a club name everyone alike.
"""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Club, Membership, Player, Season
from league.permissions import MANAGE, SYSTEM, can
from rankings.archive.format import FORMAT, VERSION
from rankings.models import PlayerRating, RatingHistory, RatingPool, StandingRow
from tournaments.models import Event, Seat, TableResult

STANDING_FIELDS = ["rank", "qualified", "points", "games", "nights", "counted_nights",
                   "total_score", "average_score", "average_points", "firsts", "seconds",
                   "places", "tiebreak"]


def document(*, scope: str, clubs: list[dict], **extra) -> dict:
    return {"format": FORMAT, "version": VERSION, "exported_at": timezone.now().isoformat(),
            "scope": scope, **extra, "clubs": clubs}


def club_export(*, club: Club, user) -> dict:
    """The club's archive. Its organisers and owners (and trusted code) only."""
    if not can(user, MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers may export its archive."))
    return document(scope="club", clubs=[_club_part(club, player=None)])


def may_download(*, player: Player, user) -> bool:
    """A player's data goes to that player alone (and to trusted code: the commands)."""
    if user is SYSTEM:
        return True
    return bool(getattr(user, "is_authenticated", False) and player.user_id == user.pk)


def player_export(*, player: Player, user) -> dict:
    """The player's data download: their account, and their part of every club they were in."""
    if not may_download(player=player, user=user):
        raise PermissionDenied(_("Only the player may download their own data."))
    club_ids = set(Membership.objects.filter(player=player).values_list("club_id", flat=True))
    club_ids |= set(Seat.objects.filter(player=player).values_list(
        "table__round__event__club_id", flat=True))
    clubs = [_club_part(club, player=player)
             for club in Club.objects.filter(pk__in=club_ids).order_by("slug")]
    return document(scope="player", clubs=clubs, player=str(player.uid),
                    account=_account(player))


def _account(player: Player) -> dict | None:
    user = player.user
    if user is None:
        return None
    return {"username": user.get_username(), "email": user.email or "",
            "first_name": user.first_name, "last_name": user.last_name,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
            "language": player.language}


# --- one club ----------------------------------------------------------------------------


def _club_part(club: Club, *, player: Player | None) -> dict:
    """The club's archive, or only what concerns `player` when one is given."""
    events = Event.objects.filter(club=club).order_by("date", "pk")
    if player is not None:
        events = events.filter(rounds__tables__seats__player=player).distinct()
    events = list(events.prefetch_related("rounds__tables__seats__player",
                                          "rounds__tables__result"))
    season_ids = {event.season_id for event in events if event.season_id}
    seasons = Season.objects.filter(club=club).order_by("starts_on", "pk")
    if player is not None:
        seasons = seasons.filter(Q(pk__in=season_ids) | Q(standing_rows__player=player)).distinct()
    seasons = list(seasons)
    # Keys by position, not database ids: an imported club has other ids, and its export
    # should read the same as the archive it came from.
    keys = {season.pk: index for index, season in enumerate(seasons, start=1)}
    people = _people(club, events, player)
    uid = {p.pk: str(p.uid) for p in people}
    orders = _result_orders(club)
    return {
        "club": {"slug": club.slug, "name": club.name, "is_public": club.is_public,
                 "language": club.language, "time_zone": club.time_zone},
        "players": _players(club, people),
        "seasons": [_season(season, keys) for season in seasons],
        "rating_pools": [{"game": pool.game, "variant": pool.variant, "kind": pool.kind,
                          "params": pool.params or {}}
                         for pool in RatingPool.objects.filter(club=club).order_by("pk")],
        "nights": [_night(event, key, keys, uid, orders, player)
                   for key, event in enumerate(events, start=1)],
        "standings": _standings(seasons, keys, uid, player),
        "ratings": _ratings(club, uid, player),
    }


def _people(club: Club, events: list[Event], player: Player | None) -> list[Player]:
    ids = {seat.player_id for event in events for round in event.rounds.all()
           for table in round.tables.all() for seat in table.seats.all() if seat.player_id}
    if player is None:
        ids |= set(Membership.objects.filter(club=club).values_list("player_id", flat=True))
        for event in events:  # someone who said they come but was never seated
            ids |= set((event.seating or {}).get("attendance") or [])
    else:
        ids.add(player.pk)
    return list(Player.objects.filter(pk__in=ids).order_by("pk"))


def _players(club: Club, people: list[Player]) -> list[dict]:
    roles = dict(Membership.objects.filter(club=club).values_list("player_id", "role"))
    return [{"id": str(p.uid), "name": p.display_name, "bot": p.bot_strength,
             "role": roles.get(p.pk)} for p in people]


def _season(season: Season, keys: dict) -> dict:
    return {"key": keys[season.pk], "name": season.name, "game": season.game,
            "options": season.options or {}, "table_size": season.table_size,
            "starts_on": season.starts_on.isoformat(),
            "ends_on": season.ends_on.isoformat() if season.ends_on else None,
            "standings_config": season.standings_config or {}}


def _result_orders(club: Club) -> dict[int, int]:
    """Game id -> its place in the club's rating order (played_at, then id): an import gives
    games new ids, and the order of equal times must survive it."""
    ids = TableResult.objects.filter(table__round__event__club=club).order_by(
        "played_at", "pk").values_list("pk", flat=True)
    return {pk: index for index, pk in enumerate(ids)}


def _night(event: Event, key: int, keys: dict, uid: dict, orders: dict,
           player: Player | None) -> dict:
    seating = event.seating or {}
    attendance = [uid[pk] for pk in seating.get("attendance") or [] if pk in uid]
    night = {
        "key": key, "season": keys.get(event.season_id), "name": event.name,
        "kind": event.kind,
        "date": event.date.isoformat(),
        "start_time": event.start_time.isoformat() if event.start_time else None,
        "status": event.status, "game": event.game, "options": event.options or {},
        "attendance": attendance if player is None else
        [uid[player.pk]] if uid[player.pk] in attendance else [],
        "rounds": [],
    }
    if seating.get("seed"):
        night["seed"] = str(seating["seed"])
    for round in event.rounds.all():
        tables = [_table(table, uid, orders) for table in round.tables.all()
                  if player is None or any(s.player_id == player.pk for s in table.seats.all())]
        if tables or player is None:
            night["rounds"].append({"number": round.number, "published": round.published,
                                    "tables": tables})
    return night


def _table(table, uid: dict, orders: dict) -> dict:
    result = getattr(table, "result", None)
    return {
        "number": table.number, "game": table.game, "options": table.options or {},
        "first_dealer": table.first_dealer,
        "seats": [uid.get(seat.player_id) for seat in table.seats.all()],
        "result": None if result is None else {
            "order": orders[result.pk], "played_at": result.played_at.isoformat(),
            "source": result.source, "record": result.record},
    }


def _standings(seasons: list[Season], keys: dict, uid: dict,
               player: Player | None) -> list[dict]:
    rows = StandingRow.objects.filter(season__in=seasons).order_by("season_id", "rank",
                                                                    "player_id")
    if player is not None:
        rows = rows.filter(player=player)
    return [{"season": keys[row.season_id], "player": uid[row.player_id],
             **{name: getattr(row, name) for name in STANDING_FIELDS}}
            for row in rows if row.player_id in uid]


def _ratings(club: Club, uid: dict, player: Player | None) -> list[dict]:
    ratings = PlayerRating.objects.filter(pool__club=club).select_related("pool").order_by(
        "pool_id", "player_id")
    if player is not None:
        ratings = ratings.filter(player=player)
    history = _history(club, player) if player is not None else {}
    lines = []
    for rating in ratings:
        if rating.player_id not in uid:
            continue
        line = {"game": rating.pool.game, "variant": rating.pool.variant,
                "player": uid[rating.player_id], "mu": rating.mu, "sigma": rating.sigma,
                "games": rating.games, "provisional": rating.provisional,
                "last_played_at": rating.last_played_at.isoformat()
                if rating.last_played_at else None}
        if player is not None:
            line["history"] = history.get(rating.pool_id, [])
        lines.append(line)
    return lines


def _history(club: Club, player: Player) -> dict[int, list[dict]]:
    points = defaultdict(list)
    rows = RatingHistory.objects.filter(pool__club=club, player=player).order_by(
        "pool_id", "played_at", "game_order")
    for row in rows:
        points[row.pool_id].append({
            "played_at": row.played_at.isoformat(), "mu_before": row.mu_before,
            "sigma_before": row.sigma_before, "mu_after": row.mu_after,
            "sigma_after": row.sigma_after, "games_after": row.games_after})
    return points
