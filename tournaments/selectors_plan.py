"""Is tonight's seating plan still the plan for the people in the room?

The plan stores the players it seated (`Event.seating["players"]`); attendance is stored
apart (`["attendance"]`). When the two differ, the unplayed rounds seat someone who left
or leave out someone who arrived, and the page says so until the organiser re-plans.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from league.models import Player
from tournaments.models import Event, Round


@dataclass(frozen=True)
class PlanState:
    planned: bool
    left: list[str] = field(default_factory=list)
    arrived: list[str] = field(default_factory=list)
    replannable: list[int] = field(default_factory=list)

    @property
    def out_of_date(self) -> bool:
        return self.planned and bool(self.left or self.arrived)


def replannable_rounds(event: Event) -> list[Round]:
    """Rounds after the last published or played one: what a re-plan may redraw."""
    rounds = list(event.rounds.prefetch_related("tables__result"))
    last_kept = 0
    for rnd in rounds:
        played = any(hasattr(table, "result") for table in rnd.tables.all())
        if rnd.published or played:
            last_kept = rnd.number
    return [rnd for rnd in rounds if rnd.number > last_kept]


def plan_state(event: Event) -> PlanState:
    seating = event.seating or {}
    if not seating.get("planned_at"):
        return PlanState(planned=False)
    if "attendance" not in seating:  # planned for a list given directly (commands, bots)
        return PlanState(planned=True)
    planned = set(seating.get("players") or [])
    present = set(seating.get("attendance") or [])
    names = dict(Player.objects.filter(pk__in=planned ^ present)
                 .values_list("pk", "display_name"))
    return PlanState(
        planned=True,
        left=sorted(names[pk] for pk in planned - present if pk in names),
        arrived=sorted(names[pk] for pk in present - planned if pk in names),
        replannable=[rnd.number for rnd in replannable_rounds(event)],
    )
