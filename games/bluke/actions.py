"""Action encoding shared by every game.

Actions are plain ints so that bots and playouts stay fast:

* ``0..53``   play that card (see `cards`); a Bluke played to a trick someone else led.
* ``54..61``  lead a joker and name the suit to follow (standard Bluke only):
  ``54 + 4 * (joker - 52) + suit`` -- e.g. ``"HI:S"`` is 58.
* ``100 + n`` bid ``n`` tricks; ``100`` is a zero bid, called "pass" in Back Alley.
* ``200``     bid Board (all the tricks). In partnership Back Alley the second,
  third and fourth Board of a hand are Double, Triple and Quadruple Board.

Text forms: ``"AS"``, ``"HI"``, ``"HI:S"``, ``"bid:3"``, ``"pass"``, ``"board"``
(``"double-board"`` etc. are accepted when parsing).
"""

from __future__ import annotations

from games.bluke.cards import CODES, LO, SUITS, parse_card, parse_suit

JOKER_LEAD_BASE = 54
BID_BASE = 100
MAX_BID = 60
PASS = BID_BASE
BOARD = 200
BOARD_WORDS = ("board", "double-board", "triple-board", "quadruple-board")


def small_number(text: str) -> int | None:
    """The whole number an ASCII digit string spells, or None when it spells none or one
    longer than any bid (int() would refuse past 4,300 digits, and "²" passes isdigit())."""
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > len(str(MAX_BID)):
        return None
    return int(text)


def joker_lead(joker: int, suit: int) -> int:
    return JOKER_LEAD_BASE + 4 * (joker - LO) + suit


def is_bid(action: int) -> bool:
    return BID_BASE <= action <= BOARD


def bid_action(n: int) -> int:
    return BID_BASE + n


def bid_value(action: int) -> int:
    """Number of tricks of a numeric bid action."""
    return action - BID_BASE


def split_play(action: int) -> tuple[int, int | None]:
    """(card, named suit or None) of a play action."""
    if action < JOKER_LEAD_BASE:
        return action, None
    offset = action - JOKER_LEAD_BASE
    return LO + offset // 4, offset % 4


def action_to_string(action: int, zero_word: str = "pass") -> str:
    if action < JOKER_LEAD_BASE:
        return CODES[action]
    if action < BID_BASE:
        card, suit = split_play(action)
        return f"{CODES[card]}:{SUITS[suit]}"
    if action == BOARD:
        return "board"
    if action == PASS and zero_word == "pass":
        return "pass"
    return f"bid:{action - BID_BASE}"


def string_to_action(text: str) -> int | None:
    """Action int for a text form, or None when the text is not an action."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return bid_action(text) if 0 <= text <= MAX_BID else None
    if not isinstance(text, str):
        return None
    word = text.strip()
    lower = word.lower()
    if lower == "pass":
        return PASS
    if lower in BOARD_WORDS:
        return BOARD
    if lower.startswith("bid:"):
        lower = lower[4:]
    if lower.isdigit():
        value = small_number(lower)
        return bid_action(value) if value is not None and value <= MAX_BID else None
    if ":" in word:
        card_text, suit_text = word.split(":", 1)
        card = parse_card(card_text)
        suit = parse_suit(suit_text)
        if card is None or card < LO or suit not in range(4):
            return None
        return joker_lead(card, suit)
    return parse_card(word)
