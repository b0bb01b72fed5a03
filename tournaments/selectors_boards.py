"""A duplicate night's boards as people read them: the deal slips and the hand records.

A board's `deal` holds each seat's cards as dealt and the table's other parts (the turned
card, a widow, a stock...). On paper each seat's cards are sorted by suit, highest first in
the game's own rank order, with jokers first; the parts dealt in order (a stock drawn
during play) keep their order, top card first.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from games import rules
from tournaments.card_words import card_label
from tournaments.models import Board, Event
from tournaments.services.duplicate import visible_boards

# parts whose order the board fixes (games.engine.boards.ORDERED_PARTS): never sorted
ORDERED = ("stock",)
PART_NAMES = {
    "turned": gettext_lazy("Turned card"), "stock": gettext_lazy("Stock (top card first)"),
    "widow": gettext_lazy("Widow"), "kitty": gettext_lazy("Kitty"),
    "talon": gettext_lazy("Talon"), "replacement": gettext_lazy("Replacement"),
    "bottom": gettext_lazy("Bottom cards"), "discards": gettext_lazy("Discards"),
}


@dataclass(frozen=True)
class Slip:
    round: int
    number: int
    dealer: int  # seat, counted from 1
    cards: int | None
    hands: list  # [(seat counted from 1, [card labels])]
    parts: list  # [(label, [card labels])]
    checksum: str
    pk: int = 0


def sort_cards(game, codes) -> list[str]:
    """`codes` sorted for reading: by suit (jokers first), highest first."""
    pack = getattr(game, "pack", None)

    def key(code):
        face = pack.parse(code) if pack is not None else None
        if face is None:
            return (99, 0, str(code))
        return (pack.suit_of[face], -pack.power[face], str(code))

    return sorted(codes, key=key)


def slip(board: Board, game) -> Slip:
    deal = _written(board)
    hands = deal.get("hands") or []
    parts = []
    for name, value in deal.items():
        if name == "hands" or value in (None, [], ""):
            continue
        codes = [value] if isinstance(value, str) else list(value)
        shown = codes if name in ORDERED else sort_cards(game, codes)
        parts.append((PART_NAMES.get(name, name), [card_label(str(c)) for c in shown]))
    return Slip(
        round=board.round.number, number=board.number,
        dealer=int((board.deal or {}).get("dealer") or 0) + 1,
        cards=(board.deal or {}).get("cards"),
        hands=[(seat + 1, [card_label(str(c)) for c in sort_cards(game, cards)])
               for seat, cards in enumerate(hands)],
        parts=parts, checksum=board.checksum, pk=board.pk)


def event_slips(user, event: Event, round_number: int | None = None) -> list[Slip] | None:
    """The night's boards as slips, round by round (None: the user may not see them)."""
    boards = visible_boards(user, event)
    if boards is None:
        return None
    if round_number is not None:
        boards = boards.filter(round__number=round_number)
    games: dict = {}  # the rules per table size (a re-plan may change it between rounds)
    out = []
    for board in boards:
        players = len(_written(board).get("hands") or [])
        if players not in games:
            games[players] = _game(event, players)
        out.append(slip(board, games[players]))
    return out


def _written(board: Board) -> dict:
    deal = (board.deal or {}).get("deal")
    return deal if isinstance(deal, dict) else {}


def _game(event: Event, players: int):
    try:
        return rules.load(event.game, players=players or None, **(event.options or {}))
    except rules.RulesError:
        return None
