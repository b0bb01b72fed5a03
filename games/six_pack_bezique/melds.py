"""Six-Pack Bezique melds: what each meld needs, what it scores, and which cards may
still join it. The one place that decides meld legality (games/rules/six_pack_bezique.py
only asks it).

Classes (the rule text's letters): A sequence, B marriage, C fours, D beziques.
A card keeps the classes it has been melded in (``used``) for as long as it is held.
A meld of class X may take a card already used in class X only in two cases:

* growing a bezique meld: the survivors of one bezique meld of the seat, all of them,
  go into a larger bezique meld (a single bezique becomes a double, and so on);
* restoring a broken meld that scored: a meld from which a card was played gets back
  the same kind of meld from all its survivors plus fresh cards (for beziques: at
  least as many pairs as it had). A meld broken before it scored is spent: the text
  restores a meld "to score again", and an unscored one must stay intact to score.

One more limit (the product decisions): a king and a queen of a sequence already scored may not
be married to each other, nor may a marriage of them laid earlier score (while the
sequence waits unscored they may marry and score: scoring the sequence after their
marriage is a marriage grown into a sequence).

The meld book lives in ``state.vars`` as immutable values, so `State.clone` copies it
by copying the outer containers: ``used`` {card id: class letters}, ``seq_of`` {card
id: the scored sequence it lies in}, ``groups`` [Group].
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from games.engine.text import N_, Text

SEQUENCE, MARRIAGE, FOURS, BEZIQUES = "A", "B", "C", "D"
SUITS = "SHDC"
FOUR_POINTS = {"A": 100, "K": 80, "Q": 60, "J": 40}
TRUMP_FOUR_POINTS = {"A": 1000, "T": 900, "K": 800, "Q": 600, "J": 400}
BEZIQUE_NAMES = ("bezique", "double-bezique", "triple-bezique", "quadruple-bezique")
BEZIQUE_POINTS = (40, 500, 1500, 4500)
FACE_RANKS = "KQJ"  # the face cards (carte blanche)


class Kind(NamedTuple):
    code: str           # "marriage-H", "four-A", "trump-four-T", "double-bezique"
    cls: str            # SEQUENCE, MARRIAGE, FOURS or BEZIQUES
    ranks: str          # ranks needed, one per card
    suit: str | None    # fixed suit of every card, "*" for any, "T" for the trump suit
    size: int           # bezique pairs (1 for other kinds)


def _kinds() -> dict[str, Kind]:
    kinds = []
    for suit in SUITS:
        kinds.append(Kind(f"sequence-{suit}", SEQUENCE, "ATKQJ", suit, 1))
    for suit in SUITS:
        kinds.append(Kind(f"marriage-{suit}", MARRIAGE, "KQ", suit, 1))
    for rank in FOUR_POINTS:
        kinds.append(Kind(f"four-{rank}", FOURS, rank * 4, "*", 1))
    for rank in TRUMP_FOUR_POINTS:
        kinds.append(Kind(f"trump-four-{rank}", FOURS, rank * 4, "T", 1))
    for size, name in enumerate(BEZIQUE_NAMES, start=1):
        kinds.append(Kind(name, BEZIQUES, "QJ" * size, None, size))
    return {kind.code: kind for kind in kinds}


KINDS = _kinds()
KIND_CODES = tuple(KINDS)


class Group(NamedTuple):
    """A meld on the table. `cards` are the ids still there; `size` its bezique pairs."""

    gid: int
    seat: int
    kind: str
    cards: tuple[int, ...]
    size: int
    scored: bool
    broken: bool


def points(kind: Kind, trump: str | None) -> int:
    if kind.cls == SEQUENCE:
        return 250 if kind.suit == trump else 150
    if kind.cls == MARRIAGE:
        return 40 if kind.suit == trump else 20
    if kind.cls == BEZIQUES:
        return BEZIQUE_POINTS[kind.size - 1]
    table = TRUMP_FOUR_POINTS if kind.suit == "T" else FOUR_POINTS
    return table[kind.ranks[0]]


@cache
def wanted_codes(kind: Kind, trump: str | None) -> frozenset:
    """Every code some card of the meld accepts."""
    slots = needed_codes(kind, trump)
    return frozenset().union(*slots) if slots else frozenset()


def needed_codes(kind: Kind, trump: str | None) -> list[set[str]] | None:
    """Per card of the meld, the codes it accepts (None: no trump yet for trump fours)."""
    if kind.cls == BEZIQUES:
        return [{"QS"}, {"JD"}] * kind.size
    if kind.suit == "T":
        return None if trump is None else [{kind.ranks[0] + trump}] * 4
    if kind.suit == "*":
        return [{kind.ranks[0] + s for s in SUITS}] * 4
    return [{rank + kind.suit} for rank in kind.ranks]


def own_tabled(state, seat: int) -> set[int]:
    """The seat's cards on the table: those of its melds. (A referee learning unknown
    hands gives every seat every unseen card, so `used` alone would also name the other
    seat's tabled copies; with known hands both say the same.)"""
    return {card for g in state.vars.get("groups", ()) if g.seat == seat for card in g.cards}


class Book:
    """The meld book of one state, read from and written back to ``state.vars``."""

    def __init__(self, state):
        self.state = state
        self.code = state.game.pack.code
        self.vars = state.vars
        self.used = state.vars.setdefault("used", {})
        self.seq_of = state.vars.setdefault("seq_of", {})

    @property
    def groups(self) -> list:
        return self.vars.setdefault("groups", [])

    def trump(self) -> str | None:
        trump = self.state.trump
        return None if trump is None else SUITS[trump]

    def tabled(self, card: int) -> bool:
        return card in self.used

    # --- finding the cards of a meld ----------------------------------------
    def find(self, seat: int, kind: Kind):
        """(cards, group it grows or restores or None) for the best legal way to lay
        `kind`, or None when it cannot be laid."""
        trump = self.trump()
        slots = needed_codes(kind, trump)
        if slots is None:
            return None
        wanted, code, used = wanted_codes(kind, trump), self.code, self.used
        own = own_tabled(self.state, seat) if used else ()
        fresh = [c for c in self.state.table.of("hand", seat) if code(c) in wanted
                 and (c not in used or (c in own and kind.cls not in used[c]))]
        if len(fresh) > 1:
            fresh.sort(key=lambda c: self._preference(c, kind, trump))
        bases = [g for g in self.groups if g.seat == seat and self._may_build_on(g, kind)]
        bases.sort(key=lambda g: -len(g.cards))
        for base in bases + [None]:
            start = list(base.cards) if base else []
            cards = self._fill(slots, start, fresh, kind)
            if cards is not None:
                return tuple(cards), base
        return None

    def _may_build_on(self, group: Group, kind: Kind) -> bool:
        old = KINDS[group.kind]
        if old.cls != kind.cls:
            return False
        if group.broken and not group.scored:  # it had to stay intact to be scored
            return False
        if kind.cls == BEZIQUES:
            return kind.size >= group.size if group.broken else kind.size > group.size
        return group.broken and group.kind == kind.code

    def _preference(self, card: int, kind: Kind, trump):
        """Lower first: keep trump cards for trump fours, use cards already on the table
        (the ones spent in most classes first), keep concealed cards concealed."""
        spare_trump = kind.suit == "*" and trump is not None and self.code(card)[1] == trump
        classes = self.used.get(card)
        return (spare_trump, classes is None, -len(classes or ""))

    def _fill(self, slots, start, fresh, kind):
        """Place the `start` cards, then fill the other slots from `fresh` in order."""
        open_slots = list(slots)
        for card in start:
            code = self.code(card)
            match = next((i for i, s in enumerate(open_slots) if code in s), None)
            if match is None:
                return None
            open_slots.pop(match)
        if kind.cls == MARRIAGE:
            return self._fill_marriage(open_slots, start, fresh)
        chosen = list(start)
        for accepts in open_slots:
            card = next((c for c in fresh if c not in chosen and self.code(c) in accepts),
                        None)
            if card is None:
                return None
            chosen.append(card)
        return chosen

    def _fill_marriage(self, open_slots, start, fresh):
        options = [[c for c in fresh if self.code(c) in accepts] for accepts in open_slots]
        pairs = [list(start)]
        for choices in options:
            pairs = [p + [c] for p in pairs for c in choices if c not in p]
        for pair in pairs:
            king, queen = pair
            seq = self.seq_of.get(king)
            if seq is None or seq != self.seq_of.get(queen):
                return pair
        return None

    def why_not(self, seat: int, kind: Kind) -> tuple[str, Text]:
        """The violation code and message for a meld that `find` refused."""
        slots = needed_codes(kind, self.trump())
        if slots is None:
            return "trump-not-set", Text(N_("four of trumps needs a trump suit, and none is "
                                            "set yet"))
        codes = [self.code(c) for c in self.state.table.of("hand", seat)]
        for accepts in slots:
            match = next((c for c in codes if c in accepts), None)
            if match is None:
                return "meld-cards-missing", Text(N_("%(code)s needs cards that are not held"),
                                                  code=kind.code)
            codes.remove(match)
        return "meld-reuse", Text(N_("%(code)s: the cards held were already used in a meld of "
                                     "this class (only growing a bezique or restoring a broken "
                                     "meld may reuse them; never the king and queen of one "
                                     "scored sequence)"), code=kind.code)

    # --- changing the book ---------------------------------------------------
    def lay(self, seat: int, kind: Kind, cards, base: Group | None, scored: bool) -> int:
        """Put a meld on the table; its group id."""
        groups = self.groups
        if base is not None:
            groups.remove(base)
        gid = self.vars.get("next_gid", 0)
        self.vars["next_gid"] = gid + 1
        for card in cards:
            self.used[card] = "".join(sorted(set(self.used.get(card, "")) | {kind.cls}))
            if kind.cls == SEQUENCE and scored:
                self.seq_of[card] = gid
            self.state.table.show(card)
        groups.append(Group(gid, seat, kind.code, tuple(cards), kind.size, scored, False))
        return gid

    def waiting(self, seat: int, code: str, scorable: bool = True) -> Group | None:
        """The first unscored, unbroken meld of this kind laid by `seat` (with
        `scorable`, one that may still score: no marriage of a scored sequence)."""
        return next((g for g in self.groups if g.seat == seat and g.kind == code
                     and not g.scored and not g.broken
                     and not (scorable and self.in_scored_sequence(g))), None)

    def in_scored_sequence(self, group: Group) -> bool:
        """A marriage whose king and queen lie in one sequence already scored
        (the product decisions: it may not score)."""
        if KINDS[group.kind].cls != MARRIAGE:
            return False
        king, queen = group.cards
        return self.seq_of.get(king) is not None \
            and self.seq_of.get(king) == self.seq_of.get(queen)

    def mark_scored(self, group: Group) -> None:
        index = self.groups.index(group)
        self.groups[index] = group._replace(scored=True)
        if KINDS[group.kind].cls == SEQUENCE:
            for card in group.cards:
                self.seq_of[card] = group.gid

    def card_played(self, card: int) -> None:
        """A card leaves the table (played to a trick): its melds are broken."""
        if card not in self.used:
            return
        del self.used[card]
        self.seq_of.pop(card, None)
        kept = []
        for group in self.groups:
            if card in group.cards:
                rest = tuple(c for c in group.cards if c != card)
                if rest:
                    kept.append(group._replace(cards=rest, broken=True))
            else:
                kept.append(group)
        self.vars["groups"] = kept

    def clear(self) -> None:
        """The stock is gone: every meld goes back into its hand."""
        self.used, self.seq_of = {}, {}
        self.vars["used"], self.vars["seq_of"], self.vars["groups"] = self.used, self.seq_of, []

    def public(self, seat: int) -> dict:
        """What everyone knows of a seat's table: each card there with the classes it was
        melded in, and each meld (its cards as positions in that list)."""
        tabled = [c for c in self.state.table.of("hand", seat) if c in self.used]
        where = {card: index for index, card in enumerate(tabled)}
        return {
            "cards": [{"card": self.code(c), "classes": self.used[c],
                       "sequence": self.seq_of.get(c)} for c in tabled],
            "groups": [{"kind": g.kind, "cards": [where[c] for c in g.cards],
                        "scored": g.scored, "broken": g.broken, "size": g.size}
                       for g in self.groups if g.seat == seat],
        }
