"""Organisers' writes: events, rounds, tables and seats. Each one authorizes and is audited."""

from __future__ import annotations

from datetime import date, time

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games import rules
from league.game_titles import game_title
from league.models import Club, Player, Season
from league.permissions import MANAGE, can, club_of
from league.services.audit import audit_record
from tournaments import hooks
from tournaments.checker_messages import translated
from tournaments.models import (
    Event,
    EventFormat,
    EventKind,
    EventStatus,
    ResultStatus,
    Round,
    Seat,
    Table,
)
from tournaments.services import player_notices, webhook_events
from tournaments.services.online_nights import table_follow_night


def _require_manage(subject, obj) -> None:
    if not can(subject, MANAGE, obj):
        raise PermissionDenied(_("Only the club's organisers may do this."))


def _check_game(game: str, options: dict, players: int | None = None) -> None:
    """Refuse an unknown game or bad options early, with the rules core's own message."""
    if not isinstance(options, dict):
        raise ValidationError({"options": _("Options must be an object.")})
    given = {k: v for k, v in options.items() if k != "players"}
    try:
        rules.load(game, **({**given, "players": players} if players else given))
    except (rules.RulesError, TypeError, ValueError) as problem:
        message = translated(getattr(problem, "message", str(problem)))  # (a RulesError's Text)
        raise ValidationError({"options" if game in rules.GAMES else "game": message}) \
            from problem
    if players is None:
        from league.services.seasons import season_check_game

        season_check_game(game=game, options=given)  # at every table size the plan seats


@transaction.atomic
def event_create(*, club: Club, name: str, date: date, user, game: str = "",
                 options: dict | None = None, season: Season | None = None,
                 kind: str = EventKind.LEAGUE_NIGHT, start_time: time | None = None,
                 format: str = EventFormat.ROTATION,
                 boards_per_round: int | None = None) -> Event:
    """A new event (draft). A season's night plays the season's game with its options;
    `format` says how its rounds are formed (`tournaments.formats`); a duplicate night
    deals `boards_per_round` boards each round (None: the game's natural match)."""
    from tournaments.services.next_round import check_format

    _require_manage(user, club)
    game, options = event_check_game(club=club, season=season, game=game, options=options)
    check_format(game=game, format=format,
                 table_size=season.table_size if season is not None else None)
    _check_boards(game, options, format, boards_per_round)
    event = Event.objects.create(club=club, season=season, name=name, date=date, kind=kind,
                                 game=game, options=options, start_time=start_time,
                                 format=format, boards_per_round=boards_per_round)
    audit_record(club=club, action="event.create", target=event, subject=user,
                 after={"name": name, "date": date.isoformat(), "game": game})
    webhook_events.night_created(event)
    player_notices.night_announced(event)
    return event


def _check_boards(game: str, options: dict, format: str, count) -> None:
    """A board count only for a duplicate night, and one a match of the game can hold."""
    from league.table_sizes import table_sizes_for
    from tournaments.services.duplicate import check_board_count

    if count is None:
        return
    if format != EventFormat.DUPLICATE:
        raise ValidationError({"boards_per_round": _(
            "Only a duplicate night deals boards: choose the duplicate format, or leave the "
            "number of boards empty.")})
    try:
        sample = rules.load(game, players=table_sizes_for(game).preferred, **(options or {}))
    except rules.RulesError:
        sample = None
    check_board_count(count, sample)


def event_check_game(*, club: Club, season: Season | None, game: str = "",
                     options: dict | None = None) -> tuple[str, dict]:
    """The game and options a new event of `club` would play, or a ValidationError naming
    the field (every front door checks here before it saves)."""
    if season is not None:
        _check_season_game(season, club, game, options)
        game, options = season.game, season.options
    options = {} if options is None else options
    if not game:
        raise ValidationError({"game": _("Choose a game (or a season, whose game the night "
                                       "plays).")})
    _check_game(game, options)
    return game, options


def _check_season_game(season: Season, club: Club, game: str, options: dict | None) -> None:
    """One game per season: its standings and its rating pool are for that game only."""
    if season.club_id != club.pk:
        raise ValidationError({"season": _("The season belongs to another club.")})
    if game and game != season.game:
        raise ValidationError({"game": _("The season %(season)s plays %(plays)s; its nights "
                                         "cannot play %(game)s.") % {
            "season": season.name, "plays": game_title(season.game), "game": game_title(game)}})
    if options is not None and options != season.options:
        raise ValidationError({"options": _("The season %(season)s sets the options of its "
                                            "nights; leave them out.") % {"season": season.name}})


EVENT_EDITABLE = ("name", "date", "start_time", "format", "boards_per_round")


@transaction.atomic
def event_update(*, event: Event, user, **changes) -> Event:
    """Rename or re-date a night. Its club, season, game and options are fixed at creation
    (tables and results were planned for them); its status moves by seating and closing."""
    _require_manage(user, event)
    unknown = set(changes) - set(EVENT_EDITABLE)
    if unknown:
        raise ValidationError({field: _("This field cannot be changed here.") for field in unknown})
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.CLOSED:
        raise ValidationError({"status": _("The night is closed: it can no longer be changed.")})
    changed = [f for f, v in changes.items() if getattr(event, f) != v]
    if not changed:
        return event
    if "format" in changed:
        from tournaments.services.next_round import check_format_change

        check_format_change(event=event, format=changes["format"])
    if "boards_per_round" in changed or "format" in changed:
        if "boards_per_round" in changed and event.rounds.exists():
            raise ValidationError({"boards_per_round": _(
                "The night is seated already: its boards are dealt.")})
        _check_boards(event.game, event.options, changes.get("format", event.format),
                      changes.get("boards_per_round", event.boards_per_round))
    before = {f: str(getattr(event, f)) for f in changed}
    for field in changed:
        setattr(event, field, changes[field])
    event.save(update_fields=changed)
    audit_record(club=event.club, action="event.update", target=event, subject=user,
                 before=before, after={f: str(getattr(event, f)) for f in changed})
    return event


def _next_number(queryset) -> int:
    return (queryset.aggregate(top=Max("number"))["top"] or 0) + 1


@transaction.atomic
def round_create(*, event: Event, user, number: int | None = None) -> Round:
    _require_manage(user, event)
    number = number or _next_number(event.rounds.all())
    try:
        with transaction.atomic():
            round_ = Round.objects.create(event=event, number=number)
    except IntegrityError as error:
        raise ValidationError({"number": _("Round %(number)s already exists.") % {
            "number": number}}) from error
    audit_record(club=event.club, action="round.create", target=round_, subject=user,
                 after={"number": number})
    return round_


@transaction.atomic
def table_create(*, round: Round, user, players: list[Player | None], number: int | None = None,
                 game: str = "", options: dict | None = None,
                 first_dealer: int = 0) -> Table:
    """A table with one seat per entry of `players` (None: an empty seat), clockwise from 0."""
    _require_manage(user, round)
    event = round.event
    game = game or event.game
    options = event.options if options is None else options
    if event.season_id is not None and (game, options) != (event.game, event.options):
        raise ValidationError({"game": _("A table of %(night)s plays the season's %(game)s "
                                         "with its options.") % {
            "night": event.name, "game": game_title(event.game)}})
    if not players:
        raise ValidationError({"seats": _("A table needs seats.")})
    _check_game(game, options, len(players))
    if not 0 <= first_dealer < len(players):
        raise ValidationError({"first_dealer": _("The first dealer must be one of the seats.")})
    _check_players(players, event.club)
    number = number or _next_number(round.tables.all())
    try:
        with transaction.atomic():
            table = Table.objects.create(round=round, number=number, game=game,
                                         options=options, first_dealer=first_dealer)
            Seat.objects.bulk_create(Seat(table=table, position=i, player=p)
                                     for i, p in enumerate(players))
            table_follow_night(table=table, user=user)  # a night played online: this one too
    except IntegrityError as error:
        raise ValidationError({"number": _("Table %(number)s already exists in this round, or "
                                           "a player has two seats.") % {"number": number}}
                              ) from error
    audit_record(club=event.club, action="table.create", target=table, subject=user,
                 after={"number": number, "game": game,
                        "seats": [p.pk if p else None for p in players]})
    return table


def _check_players(players: list[Player | None], club: Club) -> None:
    chosen = [p.pk for p in players if p is not None]
    if len(chosen) != len(set(chosen)):
        raise ValidationError({"seats": _("A player can sit only once at a table.")})
    members = set(club.memberships.filter(player_id__in=chosen).values_list("player_id",
                                                                              flat=True))
    strangers = [pk for pk in chosen if pk not in members]
    bots = set(Player.objects.filter(pk__in=strangers).exclude(bot_strength="")
               .values_list("pk", flat=True))
    if set(strangers) - bots:
        raise ValidationError({"seats": _("Only the club's members (or bots) can be seated.")})


@transaction.atomic
def seat_assign(*, seat: Seat, player: Player | None, user) -> Seat:
    """Put a player (or nobody) in a seat, while the table has no result; a person seated
    is in the room, so they are marked present tonight too (a bot is not: re-plans would
    seat it at other tables)."""
    seat_assign_check(seat=seat, player=player, user=user)
    before = seat.player_id
    try:
        with transaction.atomic():
            Seat.objects.filter(pk=seat.pk).update(player=player)
    except IntegrityError as error:
        raise ValidationError({"player": _("This player already sits at this table.")}) from error
    seat.refresh_from_db()
    audit_record(club=club_of(seat), action="seat.assign", target=seat, subject=user,
                 before={"player": before}, after={"player": seat.player_id})
    if player is not None and not player.is_bot:
        _mark_present(Event.objects.get(rounds__tables__seats=seat), player, user)
    return seat


def _mark_present(event: Event, player: Player, user) -> None:
    from tournaments.services.seating import event_attendance, event_set_attendance

    present = set(event_attendance(event))
    if player.pk not in present and event.status != EventStatus.CLOSED:
        event_set_attendance(event=event, user=user,
                             players=Player.objects.filter(pk__in=present | {player.pk}))


def seat_assign_check(*, seat: Seat, player: Player | None, user) -> None:
    """Why `seat_assign` would refuse, raised before anything is written."""
    _require_manage(user, seat)
    if Table.objects.filter(pk=seat.table_id, result__isnull=False).exists():
        raise ValidationError({"seat": _("The table already has a result; correct it instead.")})
    if player is not None:
        _check_players([player], club_of(seat))
        _check_free_in_round(seat, player)


def _check_free_in_round(seat: Seat, player: Player) -> None:
    """A substitute cannot also be playing at another table of the same round."""
    elsewhere = (Seat.objects.filter(table__round_id=seat.table.round_id, player=player)
                 .exclude(table_id=seat.table_id).select_related("table").first())
    if elsewhere is not None:
        raise ValidationError({"player": _("%(player)s already sits at table %(table)s in this "
                                           "round.") % {"player": player,
                                                        "table": elsewhere.table.number}})


def event_open_tables(event: Event) -> list[Table]:
    """Tables of the event without a complete result, in round and table order."""
    return list(
        Table.objects.filter(round__event=event)
        .exclude(result__status=ResultStatus.COMPLETE)
        .select_related("round").order_by("round__number", "number")
    )


@transaction.atomic
def event_close(*, event: Event, user, force: bool = False, reason: str = "") -> Event:
    """Close the night: no new plans or results after this (organiser corrections only).

    Refused while a table lacks a complete result, unless `force` with a reason (kept in
    the audit entry with the tables left open). A night without tables is not complete
    either: it closes only forced, with a reason (a cancelled night). Closing a closed
    event changes nothing.
    """
    _require_manage(user, event)
    reason = (reason or "").strip()
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.CLOSED:
        return event
    if not Table.objects.filter(round__event=event).exists():
        if not force:
            raise ValidationError({"tables": _("The night has no tables, so it cannot be closed "
                                             "as complete. Close it anyway with a reason "
                                             "(e.g. cancelled).")})
        if not reason:
            raise ValidationError({"reason": _("Closing a night without tables needs a reason.")})
    open_tables = event_open_tables(event)
    if open_tables and not force:
        names = ", ".join(_("round %(round)s table %(table)s") % {
            "round": t.round.number, "table": t.number} for t in open_tables)
        raise ValidationError({"tables": _("No complete result yet for: %(tables)s. Enter them, "
                                           "or close anyway with a reason.") % {"tables": names}})
    if open_tables and not reason:
        raise ValidationError({"reason": _("Closing with tables still open needs a reason.")})
    before = event.status
    # Conditional update: two organisers closing at once write one audit entry.
    if not Event.objects.filter(pk=event.pk).exclude(status=EventStatus.CLOSED).update(
            status=EventStatus.CLOSED):
        return event
    event.status = EventStatus.CLOSED
    audit_record(club=event.club, action="event.close", target=event, subject=user,
                 before={"status": before},
                 after={"status": EventStatus.CLOSED, "open_tables": [t.pk for t in open_tables]},
                 reason=reason)
    webhook_events.night_closed(event, open_tables=[t.pk for t in open_tables], reason=reason)
    player_notices.night_closed(event)
    hooks.night_closed(event)  # the bots' hand review (rankings) is queued after commit
    return event
