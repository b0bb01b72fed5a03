"""Six-Pack Bezique meld lays that name their cards: ``meld:four-J:JS+JD+JD+table:JD``.

A lay names the meld and every card it uses; ``table:JD`` is a copy already on the
table, a bare ``JD`` one from the concealed hand. Concealed copies of a face are
interchangeable; among the tabled copies of a face that may join the meld the one
melded in most classes is taken (bezique_melds.Book.find reads them the same way).
The cards may be written in any order; the vocabulary writes them sorted (ranks A T K
Q J, suits S H D C, concealed before tabled).

A lay whose tabled cards include every card of a meld the seat may build on (a bezique
meld it grows, a scored meld broken by a played card that it restores) builds on it.
The short form ``meld:four-J`` (records written before lays named their cards) leaves
the cards to `Book.find`.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

from games.engine import RuleViolation, Vocabulary
from games.engine.text import N_, Card, Text
from games.six_pack_bezique.melds import KINDS, MARRIAGE, SUITS, Kind, needed_codes, own_tabled

TABLE = "table:"
RANK_ORDER = "ATKQJ"


def token_key(token: tuple[str, bool]):
    code, tabled = token
    return RANK_ORDER.index(code[0]), SUITS.index(code[1]), tabled


def lay_value(kind: str, tokens) -> str:
    """The text after ``meld:`` of a lay (tokens: (code, tabled) pairs)."""
    cards = "+".join((TABLE if tabled else "") + code for code, tabled in sorted(tokens, key=token_key))
    return f"{kind}:{cards}"


def _fixed_lays(kind: Kind, faces: list[str]):
    """Every split of a kind with fixed faces between tabled and concealed copies."""
    need = Counter(faces)
    names = sorted(need, key=lambda code: token_key((code, False)))
    for tabled in product(*(range(need[code] + 1) for code in names)):
        tokens = []
        for code, count in zip(names, tabled, strict=True):
            tokens += [(code, True)] * count + [(code, False)] * (need[code] - count)
        yield tokens


def all_lays() -> list[tuple[str, tuple]]:
    """(kind code, tokens) of every lay the vocabulary names, in a fixed order."""
    out = []
    for kind in KINDS.values():
        if kind.suit == "*":
            tokens = [(kind.ranks[0] + suit, tabled) for suit in SUITS for tabled in (False, True)]
            out += [(kind.code, combo) for combo in combinations_with_replacement(tokens, 4)]
        elif kind.suit == "T":
            for suit in SUITS:
                out += [(kind.code, tuple(t)) for t in _fixed_lays(kind, [kind.ranks[0] + suit] * 4)]
        else:
            faces = [code for slot in needed_codes(kind, None) for code in slot]
            out += [(kind.code, tuple(t)) for t in _fixed_lays(kind, faces)]
    return [(code, tuple(sorted(tokens, key=token_key))) for code, tokens in out]


LAYS = all_lays()


def read_tokens(cards: str) -> list[tuple[str, bool]] | None:
    """Tokens of a written card list ("JD+table:10D"), or None when malformed."""
    tokens = []
    for part in cards.split("+"):
        part = part.strip().upper()
        tabled = part.startswith(TABLE.upper())
        code = part[len(TABLE):].strip() if tabled else part
        if code.startswith("10"):
            code = "T" + code[2:]
        if len(code) != 2 or code[0] not in RANK_ORDER + "987" or code[1] not in SUITS:
            return None
        tokens.append((code, tabled))
    return tokens


class BeziqueVocabulary(Vocabulary):
    """Reads a lay's cards in any order (the vocabulary holds them sorted)."""

    def parse(self, text):
        action = super().parse(text)
        if action is not None or not isinstance(text, str):
            return action
        parts = text.strip().split(":", 2)
        if len(parts) != 3 or parts[0].lower() != "meld":
            return None
        tokens = read_tokens(parts[2])
        kind = next((code for code in KINDS if code.lower() == parts[1].strip().lower()), None)
        if tokens is None or kind is None:
            return None
        return super().parse("meld:" + lay_value(kind, tokens))


# --- reading a lay on a state --------------------------------------------------------
def resolve(book, seat: int, kind: Kind, tokens):
    """(cards, the meld built on or None) for a lay, or a RuleViolation."""
    trump = book.trump()
    slots = needed_codes(kind, trump)
    if slots is None:
        return RuleViolation("trump-not-set", Text(N_("four of trumps needs a trump suit, and none "
                             "is set yet")))
    if kind.suit == "T" and tokens[0][0][1] != trump:
        return RuleViolation("meld-cards-missing", Text(N_("%(code)s: trump is %(trump)s, the cards named are not trumps"), code=kind.code, trump=Card(trump)))
    code, used, own = book.code, book.used, own_tabled(book.state, seat)
    copies: dict[str, list[list[int]]] = {}
    for card in book.state.table.of("hand", seat):
        if card in own or card not in used:
            copies.setdefault(code(card), [[], []])[card in own].append(card)
    need = [Counter(c for c, t in tokens if t == tabled) for tabled in (False, True)]
    for tabled in (False, True):
        for face, count in need[tabled].items():
            if count > len(copies.get(face, [[], []])[tabled]):
                name = (TABLE if tabled else "") + face
                return RuleViolation("meld-cards-missing" if not tabled else "card-not-on-table",
                                     Text(N_("%(code)s: %(name)s is named %(count)s times but this player has %(held)s on the table") if tabled else N_("%(code)s: %(name)s is named %(count)s times but this player has %(held)s concealed in the hand"), code=kind.code, name=name, count=count, held=len(copies.get(face, [[], []])[tabled])))
    concealed = [card for face, count in need[False].items() for card in copies[face][0][:count]]
    bases = [g for g in book.groups if g.seat == seat and book._may_build_on(g, kind)]
    for base in sorted(bases, key=lambda g: -len(g.cards)) + [None]:
        cards = _tabled_cards(book, kind, copies, need[True], base)
        if cards is not None:
            return tuple(cards + concealed), base
    return RuleViolation("meld-reuse", Text(N_("%(code)s: the tabled cards named were already used in a meld of this class (only growing a bezique or restoring a broken meld that scored may reuse them; never the king and queen of one scored sequence)"), code=kind.code))


def _tabled_cards(book, kind, copies, need: Counter, base) -> list[int] | None:
    """The tabled cards of a lay building on `base` (or on nothing): all of the base's,
    then, per face, copies not yet used in this class (most classes first)."""
    code, used = book.code, book.used
    rest = Counter(need)
    chosen = list(base.cards) if base else []
    for card in chosen:
        if rest[code(card)] <= 0:
            return None
        rest[code(card)] -= 1
    for face, count in rest.items():
        free = [c for c in copies[face][1] if c not in chosen and kind.cls not in used[c]]
        if len(free) < count:
            return None
        free.sort(key=lambda c: -len(used[c]))
        chosen += free[:count]
    if kind.cls == MARRIAGE and len(chosen) == 2:
        return _married(book, kind, copies, chosen, base)
    return chosen


def _married(book, kind, copies, chosen, base):
    """Both tabled: a king and queen not of one scored sequence, if there is such a pair."""
    kept = set(base.cards) if base else set()

    def options(card):
        if card in kept:
            return [card]
        return [c for c in copies[book.code(card)][1]
                if c not in kept and kind.cls not in book.used[c]]

    king, queen = sorted(chosen, key=lambda c: book.code(c)[0] != "K")
    seq_of = book.seq_of
    for k in options(king):
        for q in options(queen):
            if seq_of.get(k) is None or seq_of.get(k) != seq_of.get(q):
                return [k, q]
    return None


def tokens_of(book, cards) -> list[tuple[str, bool]]:
    """How a lay of these cards (before it is laid) names them."""
    return [(book.code(card), card in book.used) for card in cards]


def variants(book, seat: int, kind: Kind) -> list[tuple]:
    """Every lay of `kind` the seat may write now (sorted token tuples)."""
    slots = needed_codes(kind, book.trump())
    if slots is None:
        return []
    own = own_tabled(book.state, seat)
    have = Counter((book.code(c), c in own) for c in book.state.table.of("hand", seat)
                   if c in own or c not in book.used)
    if kind.suit == "*":
        tokens = [(face, tabled) for face in sorted(slots[0]) for tabled in (False, True)
                  if have[(face, tabled)]]
        candidates = combinations_with_replacement(tokens, 4)
    else:
        faces = [next(iter(slot)) for slot in slots]
        candidates = _fixed_lays(kind, faces)
    out = []
    for combo in candidates:
        count = Counter(combo)
        if any(n > have[token] for token, n in count.items()):
            continue
        if not isinstance(resolve(book, seat, kind, list(combo)), RuleViolation):
            out.append(tuple(sorted(combo, key=token_key)))
    return out
