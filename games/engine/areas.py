"""Where cards lie, and who may see them.

The table is a set of named *areas*. Some belong to each seat (``hand``, ``won``,
``melds``), others to the table (``stock``, ``widow``, ``turned``, ``trick``,
``discards``). Each area says who sees its cards:

* ``OWNER``  the seat it belongs to sees the cards, the others their number;
* ``ALL``    everyone sees them (a face-up stock, the turned card, melds);
* ``NOBODY`` only their number is known (a face-down stock, the widow, discards).

A card in a hidden area can still be *shown* (Georgian Joker's dealer card that
sets trump, a Minnesota Whist bid card): `Table.show` makes it public while it
stays where it is. A seat's observation of the table is derived from this alone,
so no game writes its own.
"""

from __future__ import annotations

from dataclasses import dataclass

OWNER, ALL, NOBODY = "owner", "all", "nobody"


@dataclass(frozen=True)
class Area:
    name: str
    seen_by: str = OWNER
    per_seat: bool = False
    # a written deal may give this part as one card's code instead of a list of one
    # (Couillon's bottom card); the checker and the record schema both read this
    code_alone: bool = False
    # whether a written deal may name this part; False for a pile only play fills
    # (Ribs' discarded ribs), so naming it is `deal-field`
    dealt: bool = True


HAND = Area("hand", OWNER, per_seat=True)
WON = Area("won", NOBODY, per_seat=True)
TRICK = Area("trick", ALL)
TURNED = Area("turned", ALL)
STOCK = Area("stock", NOBODY)
DISCARDS = Area("discards", NOBODY)
DEFAULT_AREAS = (HAND, WON, TRICK, TURNED, STOCK)


class Table:
    """The cards of one hand, by area. Per-seat areas are lists of lists."""

    __slots__ = ("areas", "cards", "shown", "seats", "moves")

    def __init__(self, areas, seats: int):
        self.areas = {area.name: area for area in areas}
        self.seats = seats
        self.cards = {area.name: [[] for _ in range(seats)] if area.per_seat else []
                      for area in areas}
        self.shown: set[int] = set()
        # once the deal is on the table: per seat, cards that left the hand and came in
        self.moves: list[tuple[list[int], list[int]]] | None = None

    def start_moves(self) -> None:
        self.moves = [([], []) for _ in range(self.seats)]

    def of(self, name: str, seat: int | None = None) -> list[int]:
        """The list of card ids in an area (a seat's own list for per-seat areas)."""
        cards = self.cards[name]
        return cards[seat] if self.areas[name].per_seat else cards

    def put(self, name: str, cards, seat: int | None = None) -> None:
        self.of(name, seat).extend(cards)
        if name == "hand" and self.moves is not None:
            self.moves[seat][1].extend(cards)

    def take(self, name: str, card: int, seat: int | None = None) -> None:
        self.of(name, seat).remove(card)
        if name == "hand" and self.moves is not None:
            self.moves[seat][0].append(card)

    def show(self, card: int) -> None:
        self.shown.add(card)

    def every_card(self) -> list[int]:
        """All card ids on the table, whatever the area (for conservation checks)."""
        out = []
        for name, area in self.areas.items():
            if area.per_seat:
                for cards in self.cards[name]:
                    out.extend(cards)
            else:
                out.extend(self.cards[name])
        return out

    def clone(self) -> Table:
        other = Table.__new__(Table)
        other.areas = self.areas
        other.seats = self.seats
        other.cards = {name: [list(c) for c in cards] if self.areas[name].per_seat
                       else list(cards) for name, cards in self.cards.items()}
        other.shown = set(self.shown)
        other.moves = None if self.moves is None else [(list(t), list(g))
                                                       for t, g in self.moves]
        return other

    def visible(self, name: str, owner: int | None, seat: int) -> bool:
        seen_by = self.areas[name].seen_by
        return seen_by == ALL or (seen_by == OWNER and owner == seat)

    def observe(self, pack, seat: int) -> dict:
        """What `seat` sees: codes where visible, else a count and any shown cards."""
        view = {}
        for name, area in self.areas.items():
            if area.per_seat:
                view[name] = [self._view(pack, name, cards, owner, seat)
                              for owner, cards in enumerate(self.cards[name])]
            else:
                view[name] = self._view(pack, name, self.cards[name], None, seat)
        return view

    def _view(self, pack, name, cards, owner, seat):
        if self.visible(name, owner, seat):
            return pack.codes(cards)
        shown = [c for c in cards if c in self.shown]
        if shown:
            return {"count": len(cards), "shown": pack.codes(shown)}
        return {"count": len(cards)}
