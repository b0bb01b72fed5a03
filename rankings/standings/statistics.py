"""Player statistics from hands and results: bidding accuracy, Bluke cards, head-to-head.

A seat's *contract* is its bid in individual games and its side's combined bid
in partnership games (both partners are credited with the side's outcome).
Perfect: exactly the contract; over: more (the extra tricks are overtricks);
set: fewer. A Board bid contracts for every trick of the hand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rankings.standings.results import GameResult

JOKERS = ("HI", "LO")


def bid_tricks(bid, cards: int) -> int | None:
    """Tricks a recorded bid contracts for: a number, "pass" is 0, any Board is all."""
    if isinstance(bid, bool):
        return None
    if isinstance(bid, int):
        return bid
    if isinstance(bid, str):
        word = bid.strip().lower()
        if word == "pass":
            return 0
        if word.endswith("board"):
            return cards
        if word.isdigit():
            return int(word)
    return None


def contracts(cards: int, bids: Sequence, tricks: Sequence[int],
              teams: Sequence[Sequence[int]]) -> dict[int, tuple[int, int]]:
    """(contract, tricks won) per seat; seats with an unreadable bid are left out.

    `tricks` is per seat, or per team (a Back Alley scoresheet may write team tricks);
    a hand whose tricks fit neither (not recorded) gives no contracts.
    """
    out = {}
    seats = sum(len(team) for team in teams)
    per_team = len(tricks) == len(teams) != seats
    if len(bids) != seats or not (per_team or len(tricks) == seats):
        return out
    for index, team in enumerate(teams):
        wanted = [bid_tricks(bids[s], cards) for s in team]
        if any(w is None for w in wanted):
            continue
        boards = any(isinstance(bids[s], str) and bids[s].endswith("board") for s in team)
        contract = cards if boards else sum(wanted)
        won = int(tricks[index]) if per_team else sum(int(tricks[s]) for s in team)
        for seat in team:
            out[seat] = (contract, won)
    return out


@dataclass
class HandStats:
    hands: int = 0
    perfect: int = 0
    over: int = 0
    sets: int = 0
    overtricks: int = 0
    # cards dealt -> [hands, made (not set), perfect]
    by_size: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    bluke_hands: int = 0  # hands recorded card by card
    bluke_held: int = 0
    bluke_won: int = 0

    def add(self, cards: int, contract: int, won: int) -> None:
        self.hands += 1
        size = self.by_size[cards]
        size[0] += 1
        if won < contract:
            self.sets += 1
            return
        size[1] += 1
        if won == contract:
            self.perfect += 1
            size[2] += 1
        else:
            self.over += 1
            self.overtricks += won - contract

    @property
    def hit_rate(self) -> float:
        return (self.perfect + self.over) / self.hands if self.hands else 0.0

    def size_rows(self) -> list[dict]:
        return [
            {"cards": cards, "hands": h, "made": m, "perfect": p, "hit_rate": m / h if h else 0.0}
            for cards, (h, m, p) in sorted(self.by_size.items())
        ]


def bluke_cards(deal: Sequence[Sequence[str]], plays: Sequence[str], seat: int,
                players: int) -> tuple[int, int]:
    """(Blukes held and played, tricks won with them) for ``seat`` in one recorded hand.

    The Hi Bluke wins any trick it is played to and the Lo Bluke any trick
    without the Hi one, in every game of the family, so a trick's winner among
    the Blukes is known without replaying the rules. A Bluke dealt but swapped
    away before play (Back Alley's turned-Blooper rule) is not counted.
    """
    played = [str(p).split(":")[0].upper() for p in plays]
    mine = {str(c).upper() for c in deal[seat]} & set(JOKERS)
    held = won = 0
    for start in range(0, len(played), players):
        trick = played[start:start + players]
        for joker in mine & set(trick):
            held += 1
            if joker == "HI" or "HI" not in trick:
                won += 1
    return held, won


@dataclass
class Opponent:
    player_id: int
    games: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0


def head_to_head(player_id: int, games: Iterable[GameResult]) -> list[Opponent]:
    """Per opponent (partners excluded): games at the same table and who finished ahead."""
    rows: dict[int, Opponent] = {}
    for game in games:
        mine = game.side_of(player_id)
        if mine is None:
            continue
        for side in game.sides:
            if side is mine:
                continue
            for other in side.players:
                row = rows.setdefault(other, Opponent(other))
                row.games += 1
                if mine.rank < side.rank:
                    row.ahead += 1
                elif mine.rank > side.rank:
                    row.behind += 1
                else:
                    row.level += 1
    return sorted(rows.values(), key=lambda r: (-r.games, r.player_id))
