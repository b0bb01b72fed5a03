"""Request, history and plan value types of the rotation engine (the public API)."""

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from .pairs import pair_key

Player = Hashable
Table = list
Round = list


@dataclass(frozen=True)
class TableSizes:
    """Preferred table size plus other sizes the game tolerates (e.g. 4, then 3 or 5)."""

    preferred: int = 4
    allowed: tuple[int, ...] = ()

    def sizes(self) -> tuple[int, ...]:
        return tuple(sorted({self.preferred, *self.allowed}))


@dataclass
class History:
    """What happened earlier in the season, in player ids.

    meetings: pair -> times at one table; partners: pair -> times as partners;
    seats: player -> Counter(seat index -> times); small_tables / sit_outs: player -> times.
    """

    meetings: Counter = field(default_factory=Counter)
    partners: Counter = field(default_factory=Counter)
    seats: dict = field(default_factory=dict)
    small_tables: Counter = field(default_factory=Counter)
    sit_outs: Counter = field(default_factory=Counter)

    @classmethod
    def from_rounds(cls, rounds: Sequence[Round], sit_outs: Sequence[Sequence] = (),
                    partnership: bool = False, preferred: int | None = None) -> "History":
        """Build history from stored seatings (tables listed from seat 0)."""
        history = cls()
        for rnd in rounds:
            history.add_round(rnd, partnership, preferred)
        for out in sit_outs:
            history.sit_outs.update(out)
        return history

    def add_round(self, rnd: Round, partnership: bool = False, preferred: int | None = None):
        biggest = max((len(t) for t in rnd), default=0)
        for table in rnd:
            for i, a in enumerate(table):
                self.seats.setdefault(a, Counter())[i] += 1
                for b in table[i + 1:]:
                    self.meetings[pair_key(a, b)] += 1
                if len(table) < (preferred or biggest):
                    self.small_tables[a] += 1
            if partnership and len(table) == 4:
                self.partners[pair_key(table[0], table[2])] += 1
                self.partners[pair_key(table[1], table[3])] += 1


@dataclass
class SeatingRequest:
    """Everything the planner needs; see docs/rotation.md."""

    players: Sequence[Player]
    table_sizes: TableSizes = field(default_factory=TableSizes)
    rounds: int = 1
    partnership: bool = False
    history: History | None = None
    forbidden_pairs: Sequence[tuple] = ()
    together_pairs: Sequence[tuple] = ()
    published: Sequence[Round] = ()
    published_sit_outs: Sequence[Sequence[Player]] = ()
    seed: int = 0
    time_budget: float = 2.0


@dataclass
class Plan:
    """rounds[r][t] lists table t of round r from seat 0 (deals first) clockwise."""

    rounds: list
    sit_outs: list
    partners: list
    report: dict

    def to_dict(self) -> dict:
        return {"rounds": self.rounds, "sit_outs": self.sit_outs,
                "partners": self.partners, "report": self.report}
