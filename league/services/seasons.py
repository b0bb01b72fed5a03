"""Seasons: organisers create and change their club's seasons (API, later pages).

Every field a season's games and standings depend on is checked here, once: the game must
be a rules-core game, its options must load for the smallest table it allows, and the
standings rules must parse. Refusals are ValidationErrors keyed by the field.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from games import rules
from league.models import Club, Season, WebhookEventType
from league.permissions import MANAGE, can
from league.services.audit import audit_record
from league.services.notices import announcement_queue
from league.services.webhooks import webhook_emit
from league.standings_config import StandingsConfigError, parse_config

EDITABLE = ("name", "game", "options", "starts_on", "ends_on", "standings_config",
            "table_size")


def standings_config_validate(*, data) -> dict:
    """Check a proposed Season.standings_config; raises StandingsConfigError with the reason."""
    parse_config(data)
    return data or {}


def _require_manage(user, club: Club) -> None:
    if not can(user, MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers may manage its seasons."))


def _min_players(game: str) -> int:
    return next(g["min_players"] for g in rules.games() if g["name"] == game)


def _rules_message(problem: Exception) -> str:
    """A refusal of the rules core in the active language: its `Text` template from the
    catalogue, filled with its values (an option's name and numbers, never words);
    English when the catalogue's translation does not fit (tournaments.checker_messages
    translates the record checker's richer messages)."""
    message = getattr(problem, "message", None)
    if isinstance(message, rules.Text) and message.template:
        try:
            return _(message.template) % message.values if message.values else \
                _(message.template)
        except (KeyError, ValueError, TypeError):
            return str(message)
    return str(problem)


def season_check_game(*, game: str, options) -> None:
    """A known game, and options (no player count) the rules core accepts."""
    if game not in rules.GAMES:
        raise ValidationError({"game": _("Unknown game %(game)r; choose one of %(games)s.")
                               % {"game": game, "games": ", ".join(sorted(rules.GAMES))}})
    if not isinstance(options, dict):
        raise ValidationError({"options": _("Options must be an object.")})
    if "players" in options:
        raise ValidationError(
            {"options": _("The player count is set per table, not per season.")})
    try:
        rules.load(game, players=_min_players(game), **options)
    except (rules.RulesError, TypeError, ValueError) as problem:
        raise ValidationError({"options": _rules_message(problem)}) from problem
    _check_seated_sizes(game, options)


def _check_seated_sizes(game: str, options: dict) -> None:
    """The options must also work at every table size the seating plans for this game:
    otherwise they pass here and fail on the night, when the plan is drawn."""
    from league.table_sizes import table_sizes_for

    for players in table_sizes_for(game).allowed:
        try:
            rules.load(game, players=players, **options)
        except (rules.RulesError, TypeError, ValueError) as problem:
            raise ValidationError({"options": _("At a table of %(n)d: %(problem)s")
                                   % {"n": players, "problem": _rules_message(problem)}}) \
                from problem


def _check(values: dict) -> None:
    season_check_game(game=values["game"], options=values["options"])
    try:
        standings_config_validate(data=values["standings_config"])
    except StandingsConfigError as problem:
        raise ValidationError({"standings_config": str(problem)}) from problem
    _check_table_size(values["game"], values.get("table_size"))
    if values["ends_on"] is not None and values["ends_on"] < values["starts_on"]:
        raise ValidationError({"ends_on": _("A season cannot end before it starts.")})


def _check_table_size(game: str, size) -> None:
    """A preferred table size must be one the game is played at."""
    from league.table_sizes import table_sizes_for

    if size is None:
        return
    allowed = table_sizes_for(game).allowed
    if size not in allowed:
        raise ValidationError({"table_size": _(
            "%(game)s is played at tables of %(sizes)s, not %(size)s.") % {
                "game": _(rules.GAMES[game].title), "sizes": ", ".join(map(str, allowed)),
                "size": size}})


def _save(season: Season, fields: list[str] | None = None) -> None:
    try:
        with transaction.atomic():
            season.save(update_fields=fields)
    except IntegrityError as error:
        raise ValidationError({"name": _("The club already has a season named %(name)r.")
                               % {"name": season.name}}) from error


def _snapshot(season: Season) -> dict:
    return {field: (value.isoformat() if isinstance(value, date) else value)
            for field in EDITABLE for value in [getattr(season, field)]}


@transaction.atomic
def season_create(*, club: Club, name: str, game: str, starts_on: date, user,
                  options: dict | None = None, ends_on: date | None = None,
                  standings_config: dict | None = None,
                  table_size: int | None = None) -> Season:
    _require_manage(user, club)
    season = Season(club=club, name=name, game=game, options=options or {},
                    starts_on=starts_on, ends_on=ends_on,
                    standings_config=standings_config or {}, table_size=table_size)
    _check(_snapshot(season) | {"starts_on": starts_on, "ends_on": ends_on})
    _save(season)
    audit_record(club=club, action="season.create", target=season, subject=user,
                 after=_snapshot(season))
    with translation.override(club.language or settings.LANGUAGE_CODE):  # a chat's line
        text = _("New season: %(season)s from %(date)s") % {
            "season": season.name, "date": season.starts_on.isoformat()}
    webhook_emit(club=club, type=WebhookEventType.SEASON_CREATED,
                 data={"season": {"id": season.pk, "name": season.name, "game": season.game,
                                  "starts_on": season.starts_on.isoformat()}}, text=text)
    announcement_queue(club=club, about=f"season-{season.pk}", compose=lambda: (
        _("New season at %(club)s: %(season)s") % {"club": club.name, "season": season.name},
        _("%(club)s starts a new season, %(season)s, on %(date)s.") % {
            "club": club.name, "season": season.name, "date": season.starts_on.isoformat()},
        settings.SITE_URL.rstrip("/") + reverse("league:club-detail", args=[club.slug])))
    return season


@transaction.atomic
def season_update(*, season: Season, user, **changes) -> Season:
    """Change some of EDITABLE. The game and options are fixed once the season has events;
    a standings rules change rebuilds the stored standings after commit."""
    from league.services.followups import followups_request

    _require_manage(user, season.club)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValidationError({field: _("This field cannot be changed.") for field in unknown})
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = _snapshot(season)
    changed = [f for f, v in changes.items() if getattr(season, f) != v]
    if {"game", "options"} & set(changed) and season.events.exists():
        raise ValidationError({"game": _("The season already has events: its game and options "
                                         "are fixed.")})
    for field in changed:
        setattr(season, field, changes[field])
    _check({f: getattr(season, f) for f in EDITABLE})
    if not changed:
        return season
    _save(season, changed)
    audit_record(club=season.club, action="season.update", target=season, subject=user,
                 before={f: before[f] for f in changed},
                 after={f: _snapshot(season)[f] for f in changed})
    if "standings_config" in changed:
        followups_request(season_ids=[season.pk])  # owed in this transaction, drained after
    return season
