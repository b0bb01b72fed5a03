"""The words the record checker's messages carry as values, for the catalogue.

A hand's phase ("the events stop in the auction phase") is a name in the rules core
(`Phase.name`, with "deal" and "over" for a hand not dealt yet or a match that is over); a
message gives it as the value `phase`, and `tournaments.checker_messages` shows it from
here. A phase missing from the list is shown as the rules core names it.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

PHASES = {
    "auction": pgettext_lazy("a phase of a hand", "auction"),
    "bid": pgettext_lazy("a phase of a hand", "bidding"),
    "blanche": pgettext_lazy("a phase of a hand: showing a carte blanche", "carte blanche"),
    "call": pgettext_lazy("a phase of a hand: calling the partner card", "call"),
    "cut": pgettext_lazy("a phase of a hand: cutting the pack", "cut"),
    "deal": pgettext_lazy("a phase of a hand", "deal"),
    "discard": pgettext_lazy("a phase of a hand", "discard"),
    "drop": pgettext_lazy("a phase of a hand: staying in or dropping out", "stay or drop"),
    "exchange": pgettext_lazy("a phase of a hand", "exchange"),
    "guess": pgettext_lazy("a phase of a hand: guessing the cut", "guess"),
    "lay": pgettext_lazy("a phase of a hand: laying cards", "lay"),
    "name": pgettext_lazy("a phase of a hand: naming trump", "naming trump"),
    "order": pgettext_lazy("a phase of a hand: ordering the upcard up", "order up"),
    "over": pgettext_lazy("a phase of a hand: the match is over", "over"),
    "play": pgettext_lazy("a phase of a hand", "play"),
    "trump": pgettext_lazy("a phase of a hand: naming trump", "trump"),
}
