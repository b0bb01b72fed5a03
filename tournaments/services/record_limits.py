"""What a record may cost before the rules core reads it: hands, bytes, labels, seed.

Checking a record costs time in proportion to its hands, so each game has a ceiling
on hands that a real match never reaches (docs/records.md, "Cost limits", gives the
figures and how they were chosen), and the record's size a ceiling in proportion.
Games that deal a fixed schedule stop at its length; games played to a target allow
the target's share of a base that is about three times the longest of many random
playouts (random play makes longer matches than people do). Past a limit the record
is refused by name before any rule is checked, so the worst record costs about what
the longest real match does.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import rules
from league.game_titles import game_title
from tournaments.services.records import error

SEAT_LABEL_MAX = 80  # a player's display name has the same length
SEED_TEXT_MAX = 64
SEED_INT_BOUND = 2**63  # a seed written as a number fits a 64-bit integer
BYTES_PER_HAND = 8 * 1024  # about twice the longest hand of any game written card by card
BYTES_BASE = 8 * 1024  # seats, options and the rest of the record around its hands


@dataclass(frozen=True)
class MatchLength:
    """`hands` at the option's default; the limit grows with the option in proportion,
    and never falls below `hands`: a shorter match costs no more to check than the default
    one, and a low target can still take many hands (Pitch to 1 ends only when a pitching
    side makes its bid while standing at 1 or more)."""

    hands: int
    option: str = ""
    default: int = 1

    def limit(self, options: dict) -> int:
        if not self.option:
            return self.hands
        return max(self.hands, math.ceil(
            self.hands * max(options.get(self.option, self.default), 1) / self.default))


# Games whose schedule fixes the number of hands are not listed: their limit is the
# schedule (the checker refuses a hand past it anyway).
OPEN_ENDED = {
    "couillon": MatchLength(80, "lines", 5),
    "twenty-nine": MatchLength(600, "target", 6),
    "buck-euchre": MatchLength(120, "start", 25),
    "pitch": MatchLength(60, "target", 21),
    "mighty": MatchLength(1, "hands", 1),  # the option is the number of hands
    "ribs": MatchLength(100, "hands_to_win", 5),
    "six-pack-bezique": MatchLength(1),  # one deal is the game
    "california-jack": MatchLength(30, "target", 10),
    "minnesota-whist": MatchLength(60, "target", 13),
}


def hands_limit(game) -> int:
    """The most hands a record of this loaded rules game may hold."""
    length = OPEN_ENDED.get(game.name)
    if length is not None:
        return length.limit(game.options)
    return len(game.schedule or ()) or OPEN_ENDED_FALLBACK


OPEN_ENDED_FALLBACK = 100  # a game added without an entry above still has a ceiling


def bytes_limit(hands: int) -> int:
    return BYTES_BASE + BYTES_PER_HAND * hands


# Past these the rules core is not asked at all: the check itself is the cost.
COSTLY = frozenset({"too-many-hands", "record-too-large"})


def limit_errors(record, game=None) -> list[dict]:
    """Why `record` is past a limit (empty when it is within them all, or is no record).
    `game`: the rules as `loaded_game(record)` gave them, when the caller has them."""
    if not isinstance(record, dict) or record.get("game") not in rules.GAMES:
        return []
    problems = _label_errors(record.get("seats")) + _seed_errors(record)
    hands = record.get("hands")
    if not isinstance(hands, list):
        return problems  # the checker names a missing or misshapen list
    if not hands:
        return problems + [error("no-hands", _("The record has no hands: enter at least the "
                                   "first hand before storing a result."), field="hands")]
    game = game or loaded_game(record)
    if game is None:
        return problems  # the checker names the bad game or options
    most = hands_limit(game)
    if len(hands) > most:
        problems.append(error(
            "too-many-hands", _("The record has %(hands)s hands; a %(game)s match with these "
                                "options has at most %(most)s.") % {
                "hands": len(hands), "game": game_title(record["game"]), "most": most},
            field="hands", hand=most + 1))
    size = len(json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode())
    if size > bytes_limit(most):
        problems.append(error(
            "record-too-large", _("The record takes %(size)s bytes; a %(game)s record with "
                                  "these options takes at most %(most)s.") % {
                "size": size, "game": game_title(record["game"]), "most": bytes_limit(most)},
            field="hands"))
    return problems


def loaded_game(record):
    """The rules `record` names, configured by its options (None when it names no game
    or options they accept: the checker then says why)."""
    if not isinstance(record, dict) or record.get("game") not in rules.GAMES:
        return None
    seats = record.get("seats")
    options = record.get("options") or {}
    if not isinstance(seats, list) or not isinstance(options, dict):
        return None
    try:
        return rules.load(record["game"], **{"players": len(seats), **options})
    except (rules.RulesError, TypeError, ValueError):
        return None


def _label_errors(seats) -> list[dict]:
    if not isinstance(seats, list):
        return []
    return [error("label-too-long", _("seat %(seat)s: a seat's label has at most %(most)s "
                                      "characters.") % {"seat": position + 1,
                                                        "most": SEAT_LABEL_MAX},
                  field="seats", seat=position)
            for position, label in enumerate(seats)
            if isinstance(label, str) and len(label) > SEAT_LABEL_MAX]


def _seed_errors(record: dict) -> list[dict]:
    seed = record.get("seed")
    too_long = (isinstance(seed, str) and len(seed) > SEED_TEXT_MAX) or (
        isinstance(seed, int) and not -SEED_INT_BOUND <= seed < SEED_INT_BOUND)
    if not too_long:
        return []
    return [error("seed-too-long", _("The seed is a text of at most %(most)s characters or "
                                     "a whole number of at most 64 bits.") % {
        "most": SEED_TEXT_MAX}, field="seed")]
