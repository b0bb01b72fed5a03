"""Playing a bracket through: who sits where, given the winners so far."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.brackets.shapes import GRAND_FINAL, RESET, THIRD_PLACE, Bracket, Match, Source

# A match's state: a bye or void match needs no play; "waiting" lacks a side still;
# "ready" can be played; "played" has a winner; "not-needed" is a reset the grand final
# made unnecessary (the winners' champion won it).
BYE, VOID, WAITING, READY, PLAYED, NOT_NEEDED = (
    "bye", "void", "waiting", "ready", "played", "not-needed")


@dataclass(frozen=True)
class MatchState:
    match: Match
    state: str
    top: int | None  # the seed on each side, once known (None: absent or not yet known)
    bottom: int | None
    winner: int | None
    loser: int | None


@dataclass(frozen=True)
class Resolved:
    bracket: Bracket
    states: dict[str, MatchState]

    @property
    def champion(self) -> int | None:
        final = self._deciding_match()
        return final.winner if final is not None else None

    def _deciding_match(self) -> MatchState | None:
        if RESET in (s.match.stage for s in self.states.values()):
            reset = self.states["GF2"]
            return reset if reset.state == PLAYED else (
                self.states["GF"] if reset.state == NOT_NEEDED else None)
        finals = [s for s in self.states.values() if s.match.stage != THIRD_PLACE]
        last = max(finals, key=lambda s: s.match.round)
        return last if last.state in (PLAYED, BYE) else None

    def playable(self) -> list[MatchState]:
        return [s for s in self.states.values() if s.state == READY]

    @property
    def finished(self) -> bool:
        return all(s.state not in (WAITING, READY) for s in self.states.values())


_UNKNOWN = object()  # a side that will be a player once an earlier match is played


def resolve(bracket: Bracket, winners: dict[str, int], *, strict: bool = True) -> Resolved:
    """The state of every match, given `winners` (match key -> winning seed).

    A winner that is not one of the match's two sides is refused (ValueError): the stored
    results and the bracket disagree. With `strict=False` it is ignored instead (the match
    is ready again), which is how a corrected earlier result shows what it would change.
    """
    states: dict[str, MatchState] = {}
    for match in sorted(bracket.matches, key=lambda m: m.round):
        top, bottom = (_side(source, states, bracket.entrants)
                       for source in (match.top, match.bottom))
        winner = winners.get(match.key)
        if not strict and winner not in (top, bottom):
            winner = None
        states[match.key] = _state(match, top, bottom, winner, states)
    return Resolved(bracket, states)


def _side(source: Source, states: dict[str, MatchState], entrants: int):
    if source.kind == "seed":
        return source.seed if source.seed <= entrants else None
    earlier = states[source.key]
    if earlier.state in (WAITING, READY):
        return _UNKNOWN
    return earlier.winner if source.kind == "winner" else earlier.loser


def _state(match: Match, top, bottom, winner: int | None,
           states: dict[str, MatchState]) -> MatchState:
    def known(side):
        return None if side is _UNKNOWN else side

    if match.stage == RESET and states["GF"].state == PLAYED and _holds_grand_final(states):
        return MatchState(match, NOT_NEEDED, top, bottom, None, None)
    if top is None and bottom is None:
        return MatchState(match, VOID, None, None, None, None)
    if top is None or bottom is None:
        if _UNKNOWN in (top, bottom):
            return MatchState(match, WAITING, known(top), known(bottom), None, None)
        return MatchState(match, BYE, top, bottom, top if bottom is None else bottom, None)
    if _UNKNOWN in (top, bottom):
        return MatchState(match, WAITING, known(top), known(bottom), None, None)
    if winner is None:
        return MatchState(match, READY, top, bottom, None, None)
    if winner not in (top, bottom):
        raise ValueError(f"match {match.key}: seed {winner} is not playing in it "
                         f"(seeds {top} and {bottom} are)")
    return MatchState(match, PLAYED, top, bottom, winner, bottom if winner == top else top)


def _holds_grand_final(states: dict[str, MatchState]) -> bool:
    """Did the winners' champion (the grand final's top side, still unbeaten) win it?"""
    grand_final = states["GF"]
    return grand_final.winner == grand_final.top


def kinds(bracket: Bracket) -> dict[str, str]:
    """Each match's kind before anything is played: "match", BYE or VOID.

    Absence follows from the seeds alone: a winner is absent only from a void match, a
    loser from a bye or void one. (A reset is a "match": it may be played.)
    """
    found: dict[str, str] = {}

    def present(source: Source) -> bool:
        if source.kind == "seed":
            return source.seed <= bracket.entrants
        if source.kind == "winner":
            return found[source.key] != VOID
        return found[source.key] == "match"

    for match in sorted(bracket.matches, key=lambda m: m.round):
        sides = present(match.top) + present(match.bottom)
        found[match.key] = ("match", BYE, VOID)[2 - sides]
    return found


def losses(resolved: Resolved) -> dict[int, int]:
    """Matches lost per seed (byes and unplayed matches count nothing)."""
    count: dict[int, int] = {}
    for state in resolved.states.values():
        if state.state == PLAYED:
            count[state.loser] = count.get(state.loser, 0) + 1
    return count


__all__ = ["BYE", "GRAND_FINAL", "NOT_NEEDED", "PLAYED", "READY", "VOID", "WAITING",
           "MatchState", "Resolved", "kinds", "losses", "resolve"]
