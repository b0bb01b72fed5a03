"""Packs described by data: suits, ranks in the game's order, jokers, copies.

A card *id* names one physical card (0 .. size-1); a *face* names what is printed
on it. With one copy of the pack they are the same number; with several copies
(Calypso's 208 cards, Bezique's 192) every face has several ids. Records, actions
and people speak in faces (text codes such as ``"AS"``, ``"TD"``, ``"HI"``); areas
of the table hold ids, so that conservation of cards can be checked card by card.

The order of ``ranks`` is the game's rank order, lowest first: ``"78QKTA9J"`` is
Twenty-Nine's, ``"23456789TJQKA"`` the usual one. ``power`` of a face is its
position in that order (jokers rank above every suit card, in their listed order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

JOKER = -1  # the suit index of a joker: it belongs to no suit until a game says so
STANDARD_SUITS = "SHDC"
STANDARD_RANKS = "23456789TJQKA"
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class Pack:
    """One game's pack. `leave_out` lists face codes removed from every copy
    (Georgian Joker drops 6S and 6C); `jokers` lists the joker codes of one copy,
    repeated for alike jokers (``("JK", "JK")``)."""

    suits: str = STANDARD_SUITS
    ranks: str = STANDARD_RANKS
    jokers: tuple[str, ...] = ()
    copies: int = 1
    leave_out: tuple[str, ...] = ()
    faces: tuple[str, ...] = field(init=False, repr=False)
    face_of: tuple[int, ...] = field(init=False, repr=False)
    ids_of: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False)
    power: tuple[int, ...] = field(init=False, repr=False)
    _by_code: dict = field(init=False, repr=False, compare=False)
    # every code a record may write for a face: the faces, and "10D" beside "TD"
    # (parse reads these; record schemas list them)
    written_codes: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.copies < 1:
            raise ValueError("a pack needs at least one copy")
        faces, suits, powers, one_copy = [], [], [], []
        for s, suit in enumerate(self.suits):
            for r, rank in enumerate(self.ranks):
                code = rank + suit
                if code not in self.leave_out:
                    faces.append(code)
                    suits.append(s)
                    powers.append(r)
                    one_copy.append(len(faces) - 1)
        for j, code in enumerate(self.jokers):
            if code not in faces:
                faces.append(code)
                suits.append(JOKER)
                powers.append(len(self.ranks) + j)
            one_copy.append(faces.index(code))
        face_of = tuple(one_copy * self.copies)
        ids_of = [[] for _ in faces]
        for card, face in enumerate(face_of):
            ids_of[face].append(card)
        written = {}
        for face, code in enumerate(faces):
            written[code] = face
            if code[0] == "T" and len(code) == 2:
                written["10" + code[1]] = face
        set_ = object.__setattr__
        set_(self, "faces", tuple(faces))
        set_(self, "face_of", face_of)
        set_(self, "ids_of", tuple(tuple(ids) for ids in ids_of))
        set_(self, "suit_of", tuple(suits))
        set_(self, "power", tuple(powers))
        set_(self, "_by_code", {code.upper(): face for code, face in written.items()})
        set_(self, "written_codes", tuple(sorted(written)))

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return len(self.face_of)

    def code(self, card: int) -> str:
        """Text code of a card id (copies share their code)."""
        return self.faces[self.face_of[card]]

    def codes(self, cards) -> list[str]:
        return [self.faces[self.face_of[c]] for c in cards]

    def parse(self, text) -> int | None:
        """Face for a text code (case-insensitive, "10" for "T"), None if not a card here."""
        if not isinstance(text, str):
            return None
        return self._by_code.get(text.strip().upper())

    def is_joker(self, face: int) -> bool:
        return self.suit_of[face] == JOKER

    def suit_index(self, letter) -> int | None:
        """Index of a suit letter or word ("S", "spades"), None when not a suit here."""
        if not isinstance(letter, str):
            return None
        word = letter.strip().upper()
        for index, suit in enumerate(self.suits):
            if word == suit or word == SUIT_WORDS.get(suit, "").upper():
                return index
        return None

    def ids(self) -> list[int]:
        """Every card id, in pack order (shuffle a copy of this to deal)."""
        return list(range(self.size))
