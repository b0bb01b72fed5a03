"""The matches of single- and double-elimination brackets.

Match keys name the stage, the stage's round and the match: W2-1 is the winners' bracket
(the whole bracket in single elimination), round 2, first match from the top; L3-2 the
losers' bracket; GF the grand final, GF2 its reset; 3P the match for third place.
`round` is the order of play: matches of one round can be played at the same time.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.brackets.seeding import bracket_size, seed_lines

SINGLE = "single"
DOUBLE = "double"
FORMATS = (SINGLE, DOUBLE)

WINNERS, LOSERS, GRAND_FINAL, RESET, THIRD_PLACE = (
    "winners", "losers", "grand-final", "reset", "third-place")


@dataclass(frozen=True)
class Source:
    """Where a side of a match comes from: seed n, or the winner or loser of match `key`."""

    kind: str  # "seed", "winner" or "loser"
    seed: int = 0
    key: str = ""

    def as_dict(self) -> dict:
        return {"seed": self.seed} if self.kind == "seed" else {self.kind + "_of": self.key}


@dataclass(frozen=True)
class Match:
    key: str
    stage: str
    stage_round: int
    number: int  # from the top of its stage round, 1-based
    round: int  # order of play, 1-based
    top: Source
    bottom: Source


@dataclass(frozen=True)
class Bracket:
    format: str
    entrants: int
    consolation: bool
    matches: tuple[Match, ...]

    @property
    def size(self) -> int:
        return bracket_size(self.entrants)

    @property
    def rounds(self) -> int:
        return max(match.round for match in self.matches)

    def match(self, key: str) -> Match:
        return self._by_key()[key]

    def _by_key(self) -> dict[str, Match]:
        return {match.key: match for match in self.matches}

    def byes(self) -> list[int]:
        """Seeds that go through the first round without playing, best first."""
        present = range(1, self.entrants + 1)
        return sorted(side.seed for match in self.matches if match.stage_round == 1
                      and match.stage == WINNERS
                      for side, other in ((match.top, match.bottom), (match.bottom, match.top))
                      if side.seed in present and other.seed not in present)


def _seed(seed: int) -> Source:
    return Source("seed", seed=seed)


def _winner(key: str) -> Source:
    return Source("winner", key=key)


def _loser(key: str) -> Source:
    return Source("loser", key=key)


def _winners_bracket(size: int, play_round) -> list[Match]:
    lines = seed_lines(size)
    matches = [Match(f"W1-{i + 1}", WINNERS, 1, i + 1, play_round(1), _seed(lines[2 * i]),
                     _seed(lines[2 * i + 1])) for i in range(size // 2)]
    count, stage_round = size // 4, 2
    while count >= 1:
        matches += [Match(f"W{stage_round}-{i + 1}", WINNERS, stage_round, i + 1,
                          play_round(stage_round),
                          _winner(f"W{stage_round - 1}-{2 * i + 1}"),
                          _winner(f"W{stage_round - 1}-{2 * i + 2}")) for i in range(count)]
        count, stage_round = count // 2, stage_round + 1
    return matches


def single_elimination(entrants: int, *, consolation: bool = False) -> Bracket:
    """Seeds 1..entrants in a bracket of the next power of two; the top seeds get the byes.

    With `consolation`, the semi-final losers play for third place alongside the final
    (with three entrants the only semi-final loser is third without playing).
    """
    size = bracket_size(entrants)
    matches = _winners_bracket(size, lambda stage_round: stage_round)
    last = size.bit_length() - 1
    if consolation:
        if size < 4:
            raise ValueError("a match for third place needs at least three entrants")
        matches.append(Match("3P", THIRD_PLACE, 1, 1, last, _loser(f"W{last - 1}-1"),
                             _loser(f"W{last - 1}-2")))
    return Bracket(SINGLE, entrants, consolation, tuple(matches))


def double_elimination(entrants: int) -> Bracket:
    """A winners' bracket as in single elimination; its losers drop into a losers' bracket,
    and a second loss puts a player out. The winners' champion meets the losers' champion in
    the grand final; if the losers' champion wins it, both have lost once and the reset
    (GF2) decides.

    Losers' bracket of a size 2^k: round 1 pairs the first-round losers; each even round j
    meets its survivors with the losers of winners' round j/2 + 1 (in reversed order every
    other time, so two players from one half of the draw do not meet again at once); each
    odd round after the first halves the survivors.
    """
    size = bracket_size(entrants)
    k = size.bit_length() - 1
    matches = _winners_bracket(size, lambda r: 1 if r == 1 else 2 * r - 2)
    matches += _losers_bracket(size, k)
    wb_final = f"W{k}-1"
    lb_champion = _winner(f"L{2 * (k - 1)}-1") if k >= 2 else _loser(wb_final)
    matches.append(Match("GF", GRAND_FINAL, 1, 1, 2 * k, _winner(wb_final), lb_champion))
    matches.append(Match("GF2", RESET, 1, 1, 2 * k + 1, _winner("GF"), _loser("GF")))
    return Bracket(DOUBLE, entrants, False, tuple(matches))


def _losers_bracket(size: int, k: int) -> list[Match]:
    matches = []
    if k < 2:
        return matches
    count = size // 4
    matches += [Match(f"L1-{i + 1}", LOSERS, 1, i + 1, 2, _loser(f"W1-{2 * i + 1}"),
                      _loser(f"W1-{2 * i + 2}")) for i in range(count)]
    for j in range(2, 2 * (k - 1) + 1):
        if j % 2 == 0:
            wb_round = j // 2 + 1
            drops = [f"W{wb_round}-{i + 1}" for i in range(count)]
            if (j // 2) % 2 == 1:
                drops.reverse()
            matches += [Match(f"L{j}-{i + 1}", LOSERS, j, i + 1, j + 1,
                              _winner(f"L{j - 1}-{i + 1}"), _loser(drops[i]))
                        for i in range(count)]
        else:
            count //= 2
            matches += [Match(f"L{j}-{i + 1}", LOSERS, j, i + 1, j + 1,
                              _winner(f"L{j - 1}-{2 * i + 1}"), _winner(f"L{j - 1}-{2 * i + 2}"))
                        for i in range(count)]
    return matches


def bracket_for(format: str, entrants: int, *, consolation: bool = False) -> Bracket:
    """The bracket of `format` (SINGLE or DOUBLE) for `entrants` seeds."""
    if format == SINGLE:
        return single_elimination(entrants, consolation=consolation)
    if format == DOUBLE:
        if consolation:
            raise ValueError("double elimination decides third place in the losers' final; "
                             "it has no separate match for third place")
        return double_elimination(entrants)
    raise ValueError(f"unknown bracket format {format!r}; choose {' or '.join(FORMATS)}")
