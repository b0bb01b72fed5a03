"""Putting a written deal on the table (the record checker's way to deal a hand).

Each code takes the next unused physical copy of its face, so a face written more
often than the pack holds it is a ``duplicate-card``. With no ``hands`` written the
hands are *unknown*: every seat is given every card not placed elsewhere, which is
only good for an unchecked first pass that learns who played what.
"""

from __future__ import annotations


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": field, "code": code, "message": message}


class _Allocator:
    def __init__(self, pack):
        self.pack = pack
        self.next = [0] * len(pack.faces)

    def take(self, code):
        face = self.pack.parse(code)
        if face is None:
            return None, "card-unknown"
        ids = self.pack.ids_of[face]
        if self.next[face] >= len(ids):
            return None, "duplicate-card"
        self.next[face] += 1
        return ids[self.next[face] - 1], None


def _codes(value, area):
    if area.name == "turned":  # a code, or null: nothing turned
        return [] if value is None else [value]
    if area.code_alone and isinstance(value, str):
        return [value]
    return value if isinstance(value, list) else None


def place(game, state, written) -> list[dict]:
    if not isinstance(written, dict):
        return [_problem(None, "deal", "bad-shape", "deal must be an object")]
    table, pack = state.table, game.pack
    problems: list[dict] = []
    alloc = _Allocator(pack)
    shared = [name for name, area in table.areas.items()
              if not area.per_seat and name != "trick" and area.dealt]
    for key in written:
        if key != "hands" and key not in shared:
            problems.append(_problem(None, f"deal.{key}", "deal-field",
                                     f"{game.title} deals have no {key!r} "
                                     f"(parts: hands, {', '.join(shared)})"))
    placed = []
    for name in shared:
        if name not in written:
            continue
        codes = _codes(written[name], table.areas[name])
        if codes is None:
            problems.append(_problem(None, f"deal.{name}", "bad-shape",
                                     f"deal {name} must list card codes"))
            continue
        if table.areas[name].code_alone and len(codes) > 1:  # one card by its nature
            problems.append(_problem(None, f"deal.{name}", "deal-size",
                                     f"deal {name} is one card, not {len(codes)}"))
            continue
        for code in codes:
            card, error = alloc.take(code)
            if error:
                problems.append(_problem(None, f"deal.{name}", error,
                                         f"{code!r} {_says(error)} (deal {name})"))
            else:
                placed.append((name, card))
    turned = {pack.face_of[card] for name, card in placed if name == "turned"}
    hands = written.get("hands")
    if hands is None:
        if not problems:
            _place_unknown_hands(state, placed)
        return problems
    if not isinstance(hands, list) or len(hands) != state.n:
        return problems + [_problem(None, "deal.hands", "deal-count",
                                    f"deal hands must list the cards of each of the "
                                    f"{state.n} seats")]
    held = []
    for seat, codes in enumerate(hands):
        if not isinstance(codes, list):
            problems.append(_problem(seat, "deal.hands", "bad-shape",
                                     f"seat {seat + 1}'s hand must be a list of cards"))
            continue
        if state.cards is not None and len(codes) != state.cards:
            problems.append(_problem(seat, "deal.hands", "deal-size",
                                     f"seat {seat + 1} was dealt {len(codes)} cards "
                                     f"instead of {state.cards}"))
        for code in codes:
            card, error = alloc.take(code)
            if error == "duplicate-card" and pack.parse(code) in turned:
                problems.append(_problem(seat, "deal.hands", "turned-in-deal",
                                         f"seat {seat + 1}: {code!r} is the turned card"))
            elif error:
                problems.append(_problem(seat, "deal.hands", error,
                                         f"seat {seat + 1}: {code!r} {_says(error)}"))
            else:
                held.append((seat, card))
    if not problems:
        for name, card in placed:
            table.put(name, [card])
        for seat, card in held:
            table.put("hand", [card], seat)
    return problems


def _says(error: str) -> str:
    if error == "card-unknown":
        return "is not a card of this game's pack"
    return "appears more often than the pack holds it"


def _place_unknown_hands(state, placed) -> None:
    table = state.table
    for name, card in placed:
        table.put(name, [card])
    taken = {card for _, card in placed}
    rest = [card for card in state.game.pack.ids() if card not in taken]
    for seat in range(state.n):
        table.put("hand", rest, seat)
    state.vars["unknown_hands"] = True
