"""Cards, suits and the other closed choices of a scoresheet, as a person reads them.

The rules core writes cards as codes ("QS", "10H", "JK") and a few choices as English
words ("none", "back-run", "smudge"); a record keeps them so. A page shows a card as its
rank and suit sign ("Q♠"), with the rank letters and the words from the catalogue: a
Korean sheet may keep A, K, Q, J while a French one writes R, D, V.
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy, pgettext_lazy

SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITS = {"S": gettext_lazy("spades"), "H": gettext_lazy("hearts"),
         "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs")}
RANKS = {"A": pgettext_lazy("card rank: ace", "A"), "K": pgettext_lazy("card rank: king", "K"),
         "Q": pgettext_lazy("card rank: queen", "Q"), "J": pgettext_lazy("card rank: jack", "J"),
         "T": "10"}
# Choice values that are words, by what they mean on the sheet.
WORDS = {
    "none": gettext_lazy("none"),
    "NT": gettext_lazy("no trump"),
    "JK": gettext_lazy("Joker"),
    "HI": gettext_lazy("high Joker"),
    "LO": gettext_lazy("low Joker"),
    "run": pgettext_lazy("Mighty: the declarer's side took every trick", "run"),
    "back-run": pgettext_lazy("Mighty: the defenders took every trick", "back-run"),
    "smudge": pgettext_lazy("Pitch: a bid to take all four points", "smudge"),
    "high": pgettext_lazy("Minnesota Whist: the bid", "high"),
    "low": pgettext_lazy("Minnesota Whist: the bid", "low"),
}


def suit_label(code: str) -> str:
    """"♠ spades" for "S"; "no trump" for none."""
    if code in SUITS:
        return f"{SIGNS[code]} {SUITS[code]}"
    return str(WORDS.get(code, code))


def card_label(code: str) -> str:
    """"Q♠" for "QS", "10♥" for "TH" or "10H", the Joker by name; anything else as it is."""
    if code in WORDS:
        return str(WORDS[code])
    rank, suit = code[:-1], code[-1:]
    if suit not in SIGNS or not rank:
        return code
    return f"{RANKS.get(rank, rank)}{SIGNS[suit]}"


def choice_label(value) -> str:
    """A scoresheet select's label for one of the rules core's values."""
    text = str(value)
    if text in SUITS or text in WORDS:
        return suit_label(text)
    return card_label(text)


# The Bluke family's trump select: no choice yet, each suit, no trump.
TRUMP_CHOICES = [("", "—"), *((code, format_lazy("{} {}", SIGNS[code], name))
                              for code, name in SUITS.items()), ("none", WORDS["NT"])]
