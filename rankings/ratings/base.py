"""Shared types for the rating engines.

Nothing here knows about Django: the engines are plain Python so they can be
unit-tested, benchmarked and replayed over millions of games without a
database.  The Django layer stores :class:`PlayerState` values per game and
feeds them back with :meth:`Rater.set` to continue incrementally.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

PlayerId = Hashable
Teams = Sequence[Sequence[PlayerId]]
Ranks = Sequence[float]
# One game as the raters see it: the teams (players per side) and each side's place.
RatedGame = tuple[Teams, Ranks]


@dataclass(frozen=True, slots=True)
class PlayerState:
    """Everything a rater knows about one player.

    ``mu`` is the skill estimate (the Elo number for Elo), ``sigma`` its
    standard deviation (always 0.0 for Elo, which has no uncertainty) and
    ``games`` the number of rated games played.  Three plain fields so a
    history row can hold them as columns and restoring them is lossless.
    """

    mu: float
    sigma: float = 0.0
    games: int = 0

    def to_dict(self) -> dict[str, float | int]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_dict(cls, data: dict[str, float | int]) -> PlayerState:
        return cls(float(data["mu"]), float(data.get("sigma", 0.0)), int(data.get("games", 0)))


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's before/after pair for one game, i.e. one history row."""

    player_id: PlayerId
    before: PlayerState
    after: PlayerState

    @property
    def delta(self) -> float:
        return self.after.mu - self.before.mu

    @property
    def sigma_delta(self) -> float:
        return self.after.sigma - self.before.sigma


@runtime_checkable
class Rater(Protocol):
    """What every engine offers; ``make_rater`` returns one of these."""

    kind: str

    @property
    def params(self) -> dict[str, float]: ...

    def get(self, player_id: PlayerId) -> PlayerState: ...

    def set(self, player_id: PlayerId, state: PlayerState) -> None: ...

    def rating(self, player_id: PlayerId) -> float: ...

    def conservative(self, player_id: PlayerId) -> float: ...

    def rate_game(self, teams: Teams, ranks: Ranks) -> list[RatingChange]: ...

    def rate_many(self, games: Iterable[RatedGame]) -> int: ...

    def win_probability(self, team_a: Sequence[PlayerId], team_b: Sequence[PlayerId]) -> float: ...

    def pair_probabilities(self, teams: Teams) -> list[float]: ...


def check_game(teams: Teams, ranks: Ranks) -> None:
    """Reject malformed input before it can corrupt state.

    The fast batch paths skip this for speed; ``rate_game`` (the path the
    web app uses) always calls it.
    """
    if len(teams) < 2:
        raise ValueError("a game needs at least two teams")
    if len(ranks) != len(teams):
        raise ValueError(f"{len(ranks)} ranks given for {len(teams)} teams")
    seen: set[PlayerId] = set()
    for team in teams:
        if not team:
            raise ValueError("empty team")
        for player in team:
            if player in seen:
                raise ValueError(f"player {player!r} appears twice in one game")
            seen.add(player)
    for rank in ranks:
        if rank != rank:  # NaN would make every comparison false and break ordering
            raise ValueError("rank is NaN")


class CheckedRateGame:
    """The checked, one-game entry point shared by every rater.

    A rater supplies ``get`` and the unchecked batch path ``rate_many``; this
    validates the game, runs it through ``rate_many`` and reports each player's
    before and after.
    """

    def rate_game(self, teams: Teams, ranks: Ranks) -> list[RatingChange]:
        """Rate one game; returns before/after per player in input order."""
        check_game(teams, ranks)
        before = [(p, self.get(p)) for team in teams for p in team]
        self.rate_many(((teams, ranks),))
        return [RatingChange(p, b, self.get(p)) for p, b in before]
