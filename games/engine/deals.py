"""Putting a written deal on the table (the record checker's way to deal a hand).

Each code takes the next unused physical copy of its face, so a face written more
often than the pack holds it is a ``duplicate-card``. With no ``hands`` written the
hands are *unknown*: every seat is given every card not placed elsewhere, which is
only good for an unchecked first pass that learns who played what.
"""

from __future__ import annotations

from games.engine.text import N_, Card, Text


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
        return [_problem(None, "deal", "bad-shape", Text(N_("deal must be an object")))]
    table, pack = state.table, game.pack
    problems: list[dict] = []
    alloc = _Allocator(pack)
    shared = [name for name, area in table.areas.items()
              if not area.per_seat and name != "trick" and area.dealt]
    for key in written:
        if key != "hands" and key not in shared:
            problems.append(_problem(None, f"deal.{key}", "deal-field",
                                     Text(N_("%(game)s deals have no %(key)s (parts: hands, "
                                             "%(parts)s)"), game=game.title, key=repr(key),
                                          parts=", ".join(shared))))
    placed = []
    for name in shared:
        if name not in written:
            continue
        codes = _codes(written[name], table.areas[name])
        if codes is None:
            problems.append(_problem(None, f"deal.{name}", "bad-shape",
                                     Text(N_("deal %(part)s must list card codes"),
                                          part=name)))
            continue
        if table.areas[name].code_alone and len(codes) > 1:  # one card by its nature
            problems.append(_problem(None, f"deal.{name}", "deal-size",
                                     Text(N_("deal %(part)s is one card, not %(count)s"),
                                          part=name, count=len(codes))))
            continue
        for code in codes:
            card, error = alloc.take(code)
            if error:
                problems.append(_problem(None, f"deal.{name}", error,
                                         Text(_says(error, N_("%(card)s is not a card of "
                                                              "this game's pack (deal "
                                                              "%(part)s)"),
                                                    N_("%(card)s appears more often than "
                                                       "the pack holds it (deal %(part)s)")),
                                              card=Card(code, quoted=True), part=name)))
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
                                    Text(N_("deal hands must list the cards of each of the "
                                            "%(seats)s seats"), seats=state.n))]
    held = []
    for seat, codes in enumerate(hands):
        if not isinstance(codes, list):
            problems.append(_problem(seat, "deal.hands", "bad-shape",
                                     Text(N_("seat %(seat)s's hand must be a list of cards"),
                                          seat=seat + 1)))
            continue
        if state.cards is not None and len(codes) != state.cards:
            problems.append(_problem(seat, "deal.hands", "deal-size",
                                     Text(N_("seat %(seat)s was dealt %(count)s cards "
                                             "instead of %(cards)s"), seat=seat + 1,
                                          count=len(codes), cards=state.cards)))
        for code in codes:
            card, error = alloc.take(code)
            if error == "duplicate-card" and pack.parse(code) in turned:
                problems.append(_problem(seat, "deal.hands", "turned-in-deal",
                                         Text(N_("seat %(seat)s: %(card)s is the turned "
                                                 "card"), seat=seat + 1,
                                              card=Card(code, quoted=True))))
            elif error:
                problems.append(_problem(seat, "deal.hands", error,
                                         Text(_says(error, N_("seat %(seat)s: %(card)s is "
                                                              "not a card of this game's "
                                                              "pack"),
                                                    N_("seat %(seat)s: %(card)s appears more "
                                                       "often than the pack holds it")),
                                              seat=seat + 1, card=Card(code, quoted=True))))
            else:
                held.append((seat, card))
    if not problems:
        for name, card in placed:
            table.put(name, [card])
        for seat, card in held:
            table.put("hand", [card], seat)
    return problems


def _says(error: str, unknown: str, duplicate: str) -> str:
    """The template for a card that is not in the pack, or is written too often."""
    return unknown if error == "card-unknown" else duplicate


def _place_unknown_hands(state, placed) -> None:
    table = state.table
    for name, card in placed:
        table.put(name, [card])
    taken = {card for _, card in placed}
    rest = [card for card in state.game.pack.ids() if card not in taken]
    for seat in range(state.n):
        table.put("hand", rest, seat)
    state.vars["unknown_hands"] = True
