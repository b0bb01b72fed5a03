"""Cards as small integers, their text codes, and bit-mask helpers.

A card is an int: ``suit * 13 + rank`` for the 52 ordinary cards, where suit 0..3
is spades, hearts, diamonds, clubs (``SUITS = "SHDC"``) and rank 0..12 is the two
up to the ace (``RANKS = "23456789TJQKA"``). The two jokers are 52 (the low one:
Lo Bluke / Little Blooper) and 53 (the high one: Hi Bluke / Big Blooper).

Text codes are rank + suit with ``T`` for ten (``"AS"``, ``"TD"``, ``"2C"``) and
``"LO"`` / ``"HI"`` for the jokers. Hands are stored as bit masks (bit ``c`` set
when card ``c`` is held), which keeps copying and membership tests cheap.
"""

from __future__ import annotations

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
NO_TRUMP = 4  # used as the "trump" value of a hand played without trump
WILD = 5  # the card tables' suit of a card that follows no suit (standard Bluke's Blukes)
LO = 52
HI = 53
JOKERS = (LO, HI)
JOKER_MASK = (1 << LO) | (1 << HI)
TWO_OF_DIAMONDS = DIAMONDS * 13
DECK_52 = tuple(range(52))
DECK_54 = tuple(range(54))
FULL_MASK_52 = (1 << 52) - 1
FULL_MASK_54 = (1 << 54) - 1

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_code(card: int) -> str:
    """Text code of a card int: 51 -> "AC", 52 -> "LO"."""
    return CODES[card]


def _build_codes() -> tuple[str, ...]:
    codes = [RANKS[c % 13] + SUITS[c // 13] for c in range(52)]
    return tuple(codes + ["LO", "HI"])


CODES = _build_codes()
CARD_BY_CODE = {code: card for card, code in enumerate(CODES)}
CARD_BY_CODE.update({"10" + s: SUITS.index(s) * 13 + 8 for s in SUITS})


def parse_card(code: str) -> int | None:
    """Card int for a text code (case-insensitive), or None when it is not a card."""
    if not isinstance(code, str):
        return None
    return CARD_BY_CODE.get(code.strip().upper())


def suit_of(card: int) -> int:
    """Printed suit 0..3 of an ordinary card; 4 for a joker."""
    return card // 13 if card < 52 else NO_TRUMP


def rank_of(card: int) -> int:
    return card % 13 if card < 52 else 13 + card - LO


def suit_letter(suit: int | None) -> str | None:
    """Suit letter for a suit index; None for no trump."""
    if suit is None or suit == NO_TRUMP:
        return None
    return SUITS[suit]


def parse_suit(text) -> int | None:
    """Suit index for "S"/"H"/"D"/"C" (or their names); NO_TRUMP for None/"none"/"NT".

    Returns -1 when the text is not a suit at all.
    """
    if text is None:
        return NO_TRUMP
    if not isinstance(text, str):
        return -1
    word = text.strip().lower()
    if word in ("none", "nt", "no trump", "no-trump", "notrump", ""):
        return NO_TRUMP
    for index, letter in enumerate(SUITS):
        if word in (letter.lower(), SUIT_NAMES[letter]):
            return index
    return -1


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _suit_tables() -> list[list[tuple[int, ...]]]:
    """For each suit, every 13-bit pattern -> the card ints it stands for."""
    tables = []
    for base in (0, 13, 26, 39):
        table = [()]
        for rank in range(13):  # patterns with this rank's bit are the earlier ones + rank
            table += [cards + (base + rank,) for cards in table]
        tables.append(table)
    return tables


# SPADE_BITS[pattern] = the spades in that 13-bit pattern (also used by State directly)
SUIT_BITS = _suit_tables()
SPADE_BITS, HEART_BITS, DIAMOND_BITS, CLUB_BITS = SUIT_BITS
JOKER_BITS = ((), (LO,), (HI,), (LO, HI))


def cards_of(mask: int) -> list[int]:
    """Card ints of a mask, lowest first (table look-ups, one per suit)."""
    return [
        *SPADE_BITS[mask & 8191], *HEART_BITS[mask >> 13 & 8191],
        *DIAMOND_BITS[mask >> 26 & 8191], *CLUB_BITS[mask >> 39 & 8191],
        *JOKER_BITS[mask >> 52 & 3],
    ]


def codes_of(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
