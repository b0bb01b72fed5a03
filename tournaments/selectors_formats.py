"""Where a king's table or Swiss night stands: for the organiser's "Next round" panel."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, EventFormat
from tournaments.services.next_round import is_standings_driven, planned_rounds, unfinished_tables


@dataclass(frozen=True)
class NextRoundState:
    driven: bool
    planned: int = 0  # rounds the night has
    formed: int = 0  # rounds seated so far
    last: int = 0  # the last round's number
    unfinished: list[int] = field(default_factory=list)  # its tables without a result

    @property
    def due(self) -> bool:
        """The last round is finished: the next one can be formed."""
        return self.driven and self.formed > 0 and not self.unfinished

    @property
    def done(self) -> bool:
        return self.due and self.formed >= self.planned


def next_round_state(event: Event) -> NextRoundState:
    if not is_standings_driven(event):
        return NextRoundState(driven=False)
    last = event.rounds.prefetch_related("tables__result").order_by("-number").first()
    return NextRoundState(
        driven=True, planned=planned_rounds(event), formed=event.rounds.count(),
        last=last.number if last else 0, unfinished=unfinished_tables(last) if last else [])


@dataclass(frozen=True)
class Preview:
    """A dry run of the night's format with drawn results (nothing is stored)."""

    who: str  # whose names: "present", "coming" or "members"
    rounds: list  # [round] -> [(table number, [(name, place)])]
    sit_outs: list  # [round] -> [name]
    problem: str = ""
    comparisons: dict | None = None  # a duplicate night's comparison report, with names


def format_preview(event: Event, *, rounds: int, seed: int) -> Preview:
    """The night as its format would play it for the players marked present (else those who
    said they are coming, else the club's members), each table's places drawn at random."""
    from django.utils.translation import gettext as _

    from games import rules
    from league.models import Player
    from tournaments.formats import TableSizes
    from tournaments.formats.simulate import simulate_night
    from tournaments.selectors_night import attendance_answers
    from tournaments.services.seating import _event_sizes, event_attendance

    who, ids = _preview_players(event, event_attendance, attendance_answers)
    table_size = (event.seating or {}).get("table_size") or \
        ((event.seating or {}).get("request") or {}).get("table_size")
    sizes = _event_sizes(event, table_size)
    if len(ids) < min(sizes.allowed):
        return Preview(who, [], [], _("%(n)d players: a table of this game needs %(min)d.")
                       % {"n": len(ids), "min": min(sizes.allowed)})
    game = rules.load(event.game, players=sizes.preferred)
    if event.format == EventFormat.DUPLICATE and len(ids) < sizes.preferred:
        return Preview(who, [], [], _("%(n)d players: every table of a duplicate round "
                                      "seats %(size)d.") % {"n": len(ids),
                                                            "size": sizes.preferred})
    night = simulate_night(format=event.format, players=ids, rounds=rounds,
                           sizes=TableSizes(sizes.preferred, sizes.allowed), seed=seed,
                           partnership=game.partnership, time_budget=0.5, teams=game.teams)
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    comparisons = None
    if event.format == EventFormat.DUPLICATE:
        from tournaments.formats.duplicate import comparison_report

        comparisons = comparison_report(night["rounds"], game.teams, ids)
        comparisons["pairs"] = [(names[a], names[b], n) for a, b, n in comparisons["pairs"]]
        comparisons["never_compared"] = [names[p] for p in comparisons["never_compared"]]
    shown = []
    for tables, places in zip(night["rounds"], night["places"], strict=True):
        shown.append([(number, [(names[p], order.index(p) + 1) for p in table])
                      for number, (table, order) in enumerate(zip(tables, places,
                                                                  strict=True), start=1)])
    return Preview(who, shown, [[names[p] for p in out] for out in night["sit_outs"]],
                   comparisons=comparisons)


def _preview_players(event, attendance, answers) -> tuple[str, list[int]]:
    present = attendance(event)
    if present:
        return "present", present
    coming = [pk for pk, answer in answers(event).items() if answer == "coming"]
    if coming:
        return "coming", coming
    from league.models import Player

    return "members", list(Player.objects.filter(memberships__club_id=event.club_id,
                                                 bot_strength="").values_list("pk", flat=True))
