"""Rounds of the standings-driven formats (king's table, Swiss): formed one at a time.

A night in one of these formats is planned one round ahead: "Plan seating" forms the first
round (or, on a re-plan, the round after the kept ones) and stores how many rounds the
night has. Each later round is formed from the results once every table of the round
before has its complete result: by the organiser ("Next round") or by itself after the
last result is stored (`after_result_stored`, a task after commit). Both call
`event_form_next_round`, which is idempotent: a round already formed is not formed again.

The pure algorithms are in `tournaments.formats`; this module reads the night's seats,
results and attendance, and writes the round with the same services as the rotation.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Player
from league.permissions import MANAGE, SYSTEM, can
from league.services.audit import audit_record
from tournaments import formats
from tournaments.models import Event, EventFormat, EventStatus, ResultStatus, Round
from tournaments.services.events import round_create, table_create
from tournaments.services.online_nights import round_follow_night
from tournaments.sit_outs import round_sit_outs


def is_standings_driven(event: Event) -> bool:
    return event.format in formats.STANDINGS_DRIVEN


def night_so_far(event: Event, rounds: list[Round] | None = None) -> formats.Night:
    """The night's rounds as the formats see them: seats from seat 0, each table's places
    best first (rank, then seat: a tie goes to the earlier seat), who sat out."""
    rounds = list(event.rounds.prefetch_related("tables__seats", "tables__result")) \
        if rounds is None else rounds
    outs = dict(round_sit_outs(event.seating))
    tables, places, sit_outs = [], [], []
    for rnd in rounds:
        seated = [[s.player_id for s in t.seats.all() if s.player_id] for t in rnd.tables.all()]
        tables.append(seated)
        places.append([_places(t) for t in rnd.tables.all()])
        sit_outs.append([p for p in outs.get(rnd.number, [])
                         if not any(p in table for table in seated)])
    return formats.Night(rounds=tables, places=places, sit_outs=sit_outs)


def _places(table) -> list[int]:
    seats = [s for s in table.seats.all() if s.player_id]
    result = getattr(table, "result", None) if _has_result(table) else None
    ranks = (result.ranks or []) if result is not None else []
    def rank(seat):
        return ranks[seat.position] if seat.position < len(ranks) else len(seats)
    return [s.player_id for s in sorted(seats, key=lambda s: (rank(s), s.position))]


def _has_result(table) -> bool:
    try:
        return table.result is not None
    except table.__class__.result.RelatedObjectDoesNotExist:
        return False


def unfinished_tables(rnd: Round) -> list[int]:
    """Numbers of the round's tables still without a complete result."""
    return [t.number for t in rnd.tables.all()
            if not (_has_result(t) and t.result.status == ResultStatus.COMPLETE)]


def planned_rounds(event: Event) -> int:
    """How many rounds the night has (set by the last plan)."""
    return int((event.seating or {}).get("rounds") or 0)


def _present(event: Event) -> list[int]:
    seating = event.seating or {}
    ids = seating.get("attendance")
    return sorted(ids if ids is not None else seating.get("players") or [])


def _sizes(event: Event, table_size: int | None) -> formats.TableSizes:
    from tournaments.services.seating import _event_sizes

    sizes = _event_sizes(event, table_size)
    return formats.TableSizes(preferred=sizes.preferred, allowed=sizes.allowed)


def check_format(*, game: str, format: str, table_size: int | None = None) -> None:
    """Refuse a format the game cannot be played in, naming the field."""
    from games import rules
    from league.table_sizes import table_sizes_for

    if format not in formats.FORMATS:
        raise ValidationError({"format": _("Choose one of: %(formats)s.")
                               % {"formats": ", ".join(formats.FORMATS)}})
    if format in (EventFormat.ROTATION, EventFormat.DUPLICATE) or game not in rules.GAMES:
        return
    sizes = table_sizes_for(game, table_size)
    if rules.load(game, players=sizes.preferred).partnership:
        raise ValidationError({"format": _(
            "%(game)s is played in partnerships; only the seat rotation seats partners, "
            "so choose the seat rotation.") % {"game": game}})


def check_format_change(*, event: Event, format: str) -> None:
    """A night's format may change until its first round is seated."""
    if event.rounds.exists():
        raise ValidationError({"format": _("The night is seated already: its format can no "
                                           "longer change.")})
    check_format(game=event.game, format=format,
                 table_size=event.season.table_size if event.season_id else None)


# --- forming a round -------------------------------------------------------------------------

@transaction.atomic
def event_form_next_round(*, event: Event, user, auto: bool = False) -> Round | None:
    """Form the round after the last one from the standings so far; None when there is
    nothing to form (`auto`: a result's follow-up, quietly doing nothing unless due)."""
    if user is None or not can(user, MANAGE, event):
        raise PermissionDenied(_("Only the club's organisers may form the next round."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    try:
        _check_can_form(event)
        rounds = list(event.rounds.prefetch_related("tables__seats", "tables__result"))
        if rounds:
            _check_round_done(rounds[-1])
        if auto and len(rounds) >= planned_rounds(event):
            return None
    except ValidationError:
        if auto:
            return None
        raise
    return _form(event, rounds, user, seed=(event.seating or {}).get("seed"))


def _check_can_form(event: Event) -> None:
    if event.status == EventStatus.CLOSED:
        raise ValidationError(_("This event is closed: no more rounds can be formed."))
    if not is_standings_driven(event):
        raise ValidationError({"format": _(
            "The seat rotation plans every round at once; re-plan the seating instead.")})
    if not (event.seating or {}).get("planned_at"):
        raise ValidationError({"rounds": _("Plan the seating first: it forms the first "
                                           "round and sets the number of rounds.")})


def _check_round_done(rnd: Round) -> None:
    missing = unfinished_tables(rnd)
    if missing:
        raise ValidationError({"tables": ngettext(
            "Round %(round)d is not finished: no complete result yet at table %(tables)s.",
            "Round %(round)d is not finished: no complete result yet at tables %(tables)s.",
            len(missing)) % {"round": rnd.number, "tables": ", ".join(map(str, missing))}})


def _form(event: Event, rounds: list[Round], user, seed, present=None) -> Round:
    night = night_so_far(event, rounds)
    present = _present(event) if present is None else present
    players = Player.objects.in_bulk(present)
    present = [pk for pk in present if pk in players]  # a player deleted since: not here
    sizes = _sizes(event, (event.seating or {}).get("table_size"))
    if len(present) < min(sizes.sizes()):
        raise ValidationError({"players": _(
            "%(n)d players are here; a table needs at least %(min)d.")
            % {"n": len(present), "min": min(sizes.sizes())}})
    plan = formats.next_round(event.format, night, present, sizes, seed)
    number = (rounds[-1].number if rounds else 0) + 1
    rnd = round_create(event=event, number=number, user=user)
    for position, table in enumerate(plan.tables, start=1):
        table_create(round=rnd, number=position, user=user,
                     players=[players[pid] for pid in table])
    round_follow_night(round=rnd, user=user)  # a night played online: this round too
    after = formats.Night(rounds=[*night.rounds, plan.tables],
                          places=[*night.places, plan.tables],
                          sit_outs=[*night.sit_outs, plan.sit_outs])
    _store(event, after, present, seed)
    audit_record(club=event.club, action="event.next-round", target=event, subject=user,
                 after={"round": number, "format": event.format, "players": present,
                        "sit_outs": plan.sit_outs})
    return rnd


def _store(event: Event, night: formats.Night, present: list[int], seed) -> None:
    """The plan's JSON as the rotation writes it: every round's sit-outs, the players it
    seated (so "the plan is out of date" compares with attendance), the report."""
    seating = dict(event.seating or {})
    seating.update({
        "seed": seed, "players": present, "kept_rounds": [], "kept_sit_outs": [],
        "sit_outs": [list(out) for out in night.sit_outs],
        "algorithm": formats.ALGORITHM[event.format], "version": formats.VERSION,
        "report": formats.night_report(night, present), "planned_at": timezone.now().isoformat(),
    })
    event.seating = seating
    fields = ["seating"]
    if event.status == EventStatus.DRAFT:
        event.status = EventStatus.SEATED
        fields.append("status")
    event.save(update_fields=fields)


def event_plan_format(*, event: Event, rounds: int, kept: list[Round], seed: int,
                      players: list[int], table_size: int | None, user) -> Event:
    """The seating service's plan for a standings-driven night (inside its transaction,
    the event locked, unkept rounds already deleted): store the night's length and form
    the round after the kept ones, unless the last kept round is still being played (then
    its results form the next one)."""
    seating = dict(event.seating or {})
    seating.update({"rounds": rounds, "table_size": table_size, "kept_rounds": [],
                    "kept_sit_outs": [],
                    "sit_outs": [out for number, out in round_sit_outs(event.seating)
                                 if number <= len(kept)]})
    event.seating = seating
    if kept and unfinished_tables(kept[-1]):
        _store(event, night_so_far(event, kept), players, seed)
    elif len(kept) < rounds:
        _form(event, kept, user, seed, present=players)
    else:
        _store(event, night_so_far(event, kept), players, seed)
    audit_record(club=event.club, action="event.plan-seating", target=event, subject=user,
                 after={"seed": seed, "rounds": rounds, "kept": len(kept),
                        "players": players, "format": event.format})
    return event


# --- after a result --------------------------------------------------------------------------

def after_result_stored(event_id: int) -> None:
    """Inside the storing transaction: once it commits, a task forms the next round if the
    result finished the round (the task checks again, so a repeat does nothing)."""
    from tournaments.tasks import form_next_round

    if Event.objects.filter(pk=event_id, format__in=formats.STANDINGS_DRIVEN).exists():
        form_next_round.delay_on_commit(event_id)


def event_form_due_round(event_id: int) -> Round | None:
    """The task's service: form the next round if it is due (idempotent)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None or not is_standings_driven(event):
        return None
    try:
        return event_form_next_round(event=event, user=SYSTEM, auto=True)
    except ValidationError:
        return None  # e.g. fewer players here than a table: the organiser sees it on the page
