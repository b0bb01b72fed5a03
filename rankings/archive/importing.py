"""Reading a club archive into a new club: `club_import`, the one way an archive comes in.

Everything is checked before anything is written (the schema, then what the schema cannot
say: keys that lead nowhere, unknown games, a taken address), and the whole import is one
transaction. Each result enters through `result_submit` like any other, so it is checked
against the rules core again; the results go in in the archive's rating order, so the
rebuilt standings and ratings can be compared with the ones the archive carries.
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games import rules
from league.models import Club, Membership, PendingRecompute, Player, RecomputeKind, Role, Season
from league.models.clubs import validate_time_zone
from league.permissions import SYSTEM
from league.services.audit import audit_record
from league.services.followups import followups_batched
from league.services.languages import check_language
from league.services.seasons import standings_config_validate
from rankings.archive.export import STANDING_FIELDS
from rankings.archive.format import check_archive, where
from rankings.models import PlayerRating, RatingPool, StandingRow
from rankings.ratings import canonical_kind, make_rater
from rankings.services.player_stats import player_stats_recompute
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from rankings.standings import StandingsConfigError
from tournaments.models import Event, Round, Seat, Table
from tournaments.services.results import ResultRejected, result_submit


@dataclass
class ImportReport:
    club: Club
    players: int = 0
    nights: int = 0
    results: int = 0
    renamed_ids: int = 0  # players whose id the site had already: they got a new one
    differences: list[str] = field(default_factory=list)  # rebuilt vs the archive's


def club_import(*, archive: dict, user, slug: str = "", name: str = "",
                progress=None) -> ImportReport:
    """Create a new club from `archive` (scope "club"); the importing person owns it.

    Raises ValidationError naming the place of the first problems (nothing is written then)
    or PermissionDenied (not logged in). `progress(n)` is told of each stored result.
    """
    part = club_import_check(archive=archive, user=user)
    with transaction.atomic(), followups_batched():
        club = _club(part["club"], slug=slug, name=name, user=user)
        report = ImportReport(club=club)
        people = _players(club, part["players"], report)
        seasons = _seasons(club, part["seasons"])
        _pools(club, part["rating_pools"])
        tables = _nights(club, part["nights"], seasons, people, report)
        _results(tables, progress, report)
        _close_nights(part["nights"], report)
        _rebuild(club, seasons.values())
        audit_record(club=club, action="club.import", target=club, subject=user,
                     after={"players": report.players, "nights": report.nights,
                            "results": report.results})
    report.differences = _differences(part, club, seasons, people)
    return report


def club_import_check(*, archive: dict, user) -> dict:
    """Everything `club_import` checks before writing: the archive's club part, or
    ValidationError naming the places (PermissionDenied: not logged in)."""
    if user is not SYSTEM and not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in to import a club."))
    check_archive(archive)
    if archive["scope"] != "club":
        raise ValidationError({"archive": [_("scope: a player's download cannot be imported "
                                             "as a club.")]})
    part = archive["clubs"][0]
    _check_references(part)
    return part


def import_slug(part: dict, slug: str = "") -> str:
    """The new club's address: the one asked for, else the archive's; refused if taken."""
    slug = slugify(slug or part["club"]["slug"])[:60]
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": _("The address %(slug)r is taken: choose another for "
                                         "the imported club.") % {"slug": slug}})
    return slug


def results_in(part: dict) -> int:
    return sum(1 for night in part["nights"] for round in night["rounds"]
               for table in round["tables"] if table["result"] is not None)


# --- what the schema cannot check ----------------------------------------------------------


def _at(path: list, message) -> str:
    return f"{where(path)}: {message}"


def _unknown_game(name) -> str:
    return _("unknown game %(game)r") % {"game": name}


def _unknown_player(pid) -> str:
    return _("unknown player %(player)s") % {"player": pid}


def _refuse(problems: list[str]) -> None:
    if problems:
        raise ValidationError({"archive": problems[:20]})


def _check_references(part: dict) -> None:
    at = ["clubs", 0]
    ids = [p["id"] for p in part["players"]]
    problems = [_at([*at, "players", i, "id"], _("%(value)s appears twice") % {"value": pid})
                for i, pid in enumerate(ids) if pid in ids[:i]]
    keys = [s["key"] for s in part["seasons"]]
    problems += [_at([*at, "seasons", i, "key"], _("%(value)s appears twice") % {"value": key})
                 for i, key in enumerate(keys) if key in keys[:i]]
    problems += [_at([*at, "seasons", i, "game"], _unknown_game(s["game"]))
                 for i, s in enumerate(part["seasons"]) if s["game"] not in rules.GAMES]
    known = set(ids)
    for n, night in enumerate(part["nights"]):
        place = [*at, "nights", n]
        if night["season"] is not None and night["season"] not in keys:
            problems.append(_at([*place, "season"], _("no season has the key %(key)s")
                                % {"key": night["season"]}))
        problems += [_at([*place, "attendance", i], _unknown_player(pid))
                     for i, pid in enumerate(night["attendance"]) if pid not in known]
        problems += _check_rounds(night, place, known)
    _refuse(problems)


def _check_rounds(night: dict, place: list, known: set) -> list[str]:
    problems = []
    for r, round in enumerate(night["rounds"]):
        for t, table in enumerate(round["tables"]):
            spot = [*place, "rounds", r, "tables", t]
            if table["game"] not in rules.GAMES:
                problems.append(_at([*spot, "game"], _unknown_game(table["game"])))
            seated = [pid for pid in table["seats"] if pid is not None]
            problems += [_at([*spot, "seats", s], _unknown_player(pid))
                         for s, pid in enumerate(table["seats"])
                         if pid is not None and pid not in known]
            if len(set(seated)) != len(seated):
                problems.append(_at([*spot, "seats"], _("a player sits twice at the table")))
    return problems


# --- writing ---------------------------------------------------------------------------------


def _club(data: dict, *, slug: str, name: str, user) -> Club:
    slug = import_slug({"club": data}, slug)
    check_language(data["language"], field="club.language")
    try:
        validate_time_zone(data["time_zone"])
    except ValidationError as error:
        raise ValidationError({"club.time_zone": error.messages}) from error
    club = Club.objects.create(slug=slug, name=name or data["name"],
                               is_public=data["is_public"], language=data["language"],
                               time_zone=data["time_zone"])
    if user is not SYSTEM:  # whoever imports owns the new club, as when creating one
        player = Player.objects.filter(user=user).first() or Player.objects.create(
            user=user, display_name=user.get_username())
        Membership.objects.create(club=club, player=player, role=Role.OWNER)
    return club


def _players(club: Club, rows: list[dict], report: ImportReport) -> dict[str, Player]:
    taken = set(str(u) for u in Player.objects.filter(
        uid__in=[row["id"] for row in rows]).values_list("uid", flat=True))
    members = set(Membership.objects.filter(club=club).values_list("player_id", flat=True))
    people = {}
    for row in rows:
        # An id the site already has belongs to someone else here (or to the person in
        # another club: linking the two is for the player to do, never an import).
        uid = uuid.uuid4() if row["id"] in taken else uuid.UUID(row["id"])
        report.renamed_ids += row["id"] in taken
        people[row["id"]] = Player.objects.create(display_name=row["name"],
                                                  bot_strength=row["bot"], uid=uid)
        if row["role"] is not None and people[row["id"]].pk not in members:
            Membership.objects.create(club=club, player=people[row["id"]], role=row["role"])
    report.players = len(people)
    return people


def _seasons(club: Club, rows: list[dict]) -> dict[int, Season]:
    seasons = {}
    for index, row in enumerate(rows):
        try:
            standings_config_validate(data=row["standings_config"])
        except StandingsConfigError as problem:
            _refuse([_at(["clubs", 0, "seasons", index, "standings_config"], problem)])
        seasons[row["key"]] = Season.objects.create(
            club=club, name=row["name"], game=row["game"], options=row["options"],
            table_size=row["table_size"], starts_on=_date(row["starts_on"]),
            ends_on=_date(row["ends_on"]) if row["ends_on"] else None,
            standings_config=row["standings_config"])
    return seasons


def _pools(club: Club, rows: list[dict]) -> None:
    for index, row in enumerate(rows):
        try:
            make_rater(row["kind"], **row["params"])
        except (KeyError, ValueError, TypeError) as problem:
            _refuse([_at(["clubs", 0, "rating_pools", index], problem)])
        RatingPool.objects.create(club=club, game=row["game"], variant=row["variant"],
                                  kind=canonical_kind(row["kind"]), params=row["params"])


def _nights(club, rows, seasons, people, report) -> list[tuple]:
    """Events, rounds, tables and seats; returns (place, table, result) for each result."""
    tables = []
    for n, row in enumerate(rows):
        seating = {"attendance": sorted(people[pid].pk for pid in row["attendance"])}
        if row.get("seed"):
            seating["seed"] = row["seed"]
        event = Event.objects.create(
            club=club, season=seasons.get(row["season"]), name=row["name"], kind=row["kind"],
            date=_date(row["date"]), start_time=_time(row["start_time"]), game=row["game"],
            options=row["options"], seating=seating)
        row["_event"] = event.pk
        for r, round_row in enumerate(row["rounds"]):
            round = Round.objects.create(event=event, number=round_row["number"],
                                         published=round_row["published"])
            for t, table_row in enumerate(round_row["tables"]):
                table = Table.objects.create(
                    round=round, number=table_row["number"], game=table_row["game"],
                    options=table_row["options"], first_dealer=table_row["first_dealer"])
                Seat.objects.bulk_create(
                    Seat(table=table, position=s, player=people[pid] if pid else None)
                    for s, pid in enumerate(table_row["seats"]))
                if table_row["result"] is not None:
                    place = ["clubs", 0, "nights", n, "rounds", r, "tables", t, "result"]
                    tables.append((place, table, table_row["result"]))
    report.nights = len(rows)
    return tables


def _results(tables: list[tuple], progress, report: ImportReport) -> None:
    # The archive's rating order: equal times keep their order in the new ids.
    for place, table, result in sorted(tables, key=lambda item: (
            _moment(item[2]["played_at"]), item[2]["order"])):
        try:
            result_submit(table=table, record=result["record"], source=result["source"],
                          user=SYSTEM, played_at=_moment(result["played_at"]))
        except ResultRejected as problem:
            _refuse([_at([*place, "record"], e["message"]) for e in problem.errors])
        report.results += 1
        if progress:
            progress(1)


def _close_nights(rows: list[dict], report: ImportReport) -> None:
    for row in rows:  # results went in while the nights were open; now they are as exported
        Event.objects.filter(pk=row.pop("_event")).update(status=row["status"])


def _rebuild(club: Club, seasons) -> None:
    """Standings, ratings and statistics from the imported results, inside the import's
    transaction, so the new club is complete the moment it appears."""
    for season in seasons:
        standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    player_stats_recompute(club_id=club.pk)
    # What the results owed is done: drop the rows they wrote, not anyone else's.
    games = club.events.values("rounds__tables__result")
    PendingRecompute.objects.filter(kind=RecomputeKind.RATINGS, target_id__in=games).delete()
    PendingRecompute.objects.filter(kind=RecomputeKind.STANDINGS,
                                    target_id__in=[s.pk for s in seasons]).delete()


# --- the check against the archive ---------------------------------------------------------


def _differences(part: dict, club: Club, seasons: dict, people: dict) -> list[str]:
    """Where the rebuilt standings and ratings differ from those the archive carries."""
    uid_of = {player.pk: pid for pid, player in people.items()}
    key_of = {season.pk: key for key, season in seasons.items()}
    rebuilt = {(key_of[row.season_id], uid_of.get(row.player_id)):
               {name: getattr(row, name) for name in STANDING_FIELDS}
               for row in StandingRow.objects.filter(season__club=club)}
    given = {(row["season"], row["player"]): {name: row.get(name) for name in STANDING_FIELDS}
             for row in part["standings"]}
    found = [f"standings of season {key}, player {pid}" for key, pid in
             sorted(set(rebuilt) ^ set(given), key=str)]
    found += [f"standings of season {key}, player {pid}: {rebuilt[key, pid]} != {values}"
              for (key, pid), values in given.items()
              if (key, pid) in rebuilt and rebuilt[key, pid] != values]
    rated = {(r.pool.game, r.pool.variant, uid_of.get(r.player_id)): _rating(r)
             for r in PlayerRating.objects.filter(pool__club=club).select_related("pool")}
    wanted = {(r["game"], r["variant"], r["player"]): _rating(r) for r in part["ratings"]}
    found += [f"rating {key}" for key in sorted(set(rated) ^ set(wanted), key=str)]
    found += [f"rating {key}: {rated[key]} != {value}" for key, value in wanted.items()
              if key in rated and rated[key] != value]
    return found


def _rating(rating) -> tuple:
    get = rating.get if isinstance(rating, dict) else rating.__dict__.get
    return (get("mu"), get("sigma"), get("games"), get("provisional"))


def _date(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def _time(text: str | None) -> datetime.time | None:
    return datetime.time.fromisoformat(text) if text else None


def _moment(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text)
