"""The words of a game's options (names, descriptions and choices), which the rules core
declares in English (games/ has no Django): listed here for the catalogues (makemessages
finds them) and translated where the season and tournament forms and a game's label show
them. tests/i18n checks that every game's options are listed, so a new option fails there
until it is added here.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, pgettext_lazy

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

LABELS = (
    gettext_noop("Variant"),
    gettext_noop("Max cards"),
    gettext_noop("Deal out finale"),
    gettext_noop("Zero bids"),
    gettext_noop("First lead"),
    gettext_noop("Max bid"),
    gettext_noop("Board both sides"),
    gettext_noop("Trump broken by"),
    gettext_noop("Bid start"),
    gettext_noop("Khishti"),
    gettext_noop("Lines"),
    gettext_noop("Trumps"),
    gettext_noop("Target"),
    gettext_noop("Optional reveal"),
    gettext_noop("Last trick"),
    gettext_noop("Start"),
    gettext_noop("Smudge"),
    gettext_noop("Hands"),
    gettext_noop("Runs"),
    gettext_noop("Joker first trick"),
    gettext_noop("Hands to win"),
)
DESCRIPTIONS = (
    gettext_noop("standard: 13 down to 1 and back up, Blukes playable at any time; new-jersey: 1 up to 13 and back down, Blukes are the top trumps"),
    gettext_noop("cards on the largest hand (default 13, or fewer for 5+ players); every hand must leave a card to turn for trump"),
    gettext_noop("add a last hand dealing out the whole deck, played without trump (2, 3, 6 or 9 players)"),
    gettext_noop("allow a bid of zero tricks (the texts start at 1)"),
    gettext_noop("who leads the first trick: the (last) Board bidder or highest bidder, or the dealer's left"),
    gettext_noop("highest numeric bid: the cards dealt, or at most twelve"),
    gettext_noop("may the other side also bid (Double/Triple) Board after a side bid Board"),
    gettext_noop("trump is broken by any trump played in an earlier trick, or only by a trump played to a non-trump lead"),
    gettext_noop("who bids first: the dealer's right (then clockwise), or the dealer's left"),
    gettext_noop("points lost by a seat that bid a trick or more and took none (0: such a seat scores 0, as the rule text says)"),
    gettext_noop("lines on each side's half of the board: the items a side must erase to win"),
    gettext_noop("each seat's own trump suit, seat 0 first (SDHC: seat 0 spades, seat 1 diamonds, seat 2 hearts, seat 3 clubs)"),
    gettext_noop("game points that win the match (minus as many lose it)"),
    gettext_noop("a player who cannot follow may play on without asking for trump (off: the rule text, trump is revealed at once)"),
    gettext_noop("one more card point for the last trick (29 in all; off: the rule text, 28)"),
    gettext_noop("points each player starts with and counts down from (the first to 0 or below wins)"),
    gettext_noop("the score a side must reach at the end of a hand in which it pitched and made its bid"),
    gettext_noop("smudge may be bid (all four points and all six tricks: 5 made, -5 set)"),
    gettext_noop("hands in a match"),
    gettext_noop("a run (all 20 points to the declarer's side) or a back run (11 or more to the defenders) doubles every score of the hand"),
    gettext_noop("the joker has its power on the first trick (false: a joker played to the first trick never wins it)"),
    gettext_noop("hands a player must win to win the match"),
    gettext_noop("the score that wins; the count stops the moment a player reaches it"),
    gettext_noop("points a side needs to win the match"),
)
CHOICES = {  # the rules core's codes, by what they are called
    "standard": pgettext_lazy("game option value", "standard"),
    "new-jersey": pgettext_lazy("game option value", "New Jersey"),
    "high-bidder": pgettext_lazy("game option value", "the highest bidder"),
    "dealer-left": pgettext_lazy("game option value", "the dealer's left"),
    "cards": pgettext_lazy("game option value", "the cards dealt"),
    "twelve": pgettext_lazy("game option value", "twelve"),
    "any-trump": pgettext_lazy("game option value", "any trump"),
    "ruff": pgettext_lazy("game option value", "a ruff"),
    "dealer-right": pgettext_lazy("game option value", "the dealer's right"),
}


def option_label(name: str) -> str:
    """"Hands to win" for hands_to_win, in the reader's language."""
    return gettext(name.replace("_", " ").capitalize())


def option_description(text: str) -> str:
    return gettext(text) if text else ""  # gettext("") is the catalogue's header


def choice_label(value) -> str:
    """A choice as read: a suit order "SHDC" as its signs, a word from the catalogue."""
    text = str(value)
    if len(text) == 4 and set(text) == set(SUITS):
        return "".join(SUITS[letter] for letter in text)
    return str(CHOICES.get(text, text))
