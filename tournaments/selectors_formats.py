"""Where a king's table or Swiss night stands: for the organiser's "Next round" panel."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event
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
