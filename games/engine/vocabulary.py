"""A game's action vocabulary: every action is an int with one text form.

Bots, the record checker and API clients all speak the text forms (``"bid:3"``,
``"pass"``, ``"AS"``, ``"order-up"``, ``"drop"``, ``"call:AD"``); the state
machine works on the ints. A vocabulary is built once per game from *families*:

    vocab = Vocabulary()
    PASS = vocab.word("pass")
    BIDS = vocab.numbers("bid", 0, 13)          # "bid:0" .. "bid:13"
    PLAYS = vocab.cards(pack)                    # "AS", "TD", "JK", ... (one per face)
    CALLS = vocab.family("call", pack.faces)     # "call:AS", ...

Each family is a `range` of ints; ``vocab.number(action)`` is the bid
(``vocab.numbered(3)`` its action), ``action - PLAYS.start`` the face played. Parsing is case-insensitive and also
accepts a bare number for a ``numbers`` family named "bid" (scoresheets write 3), and a ten
written "10" wherever an action names a card ("discard:10S", "lay:10H+QS").
"""

from __future__ import annotations


class Vocabulary:
    def __init__(self):
        self._texts: list[str] = []
        self._by_text: dict[str, int] = {}
        self.families: dict[str, range] = {}
        self.lowest: dict[str, int] = {}  # the first number of each `numbers` family

    def __len__(self) -> int:
        return len(self._texts)

    def _add(self, text: str, *aliases: str) -> int:
        action = len(self._texts)
        self._texts.append(text)
        for form in (text, *aliases):
            self.alias(form, action)
        return action

    def _family(self, name: str, texts: list[str], aliases=None) -> range:
        if name in self.families:
            raise ValueError(f"action family {name!r} is defined twice")
        start = len(self._texts)
        for index, text in enumerate(texts):
            self._add(text, *(aliases[index] if aliases else ()))
        self.families[name] = range(start, len(self._texts))
        return self.families[name]

    def word(self, text: str, *aliases: str) -> int:
        """One action with a fixed text ("pass", "order-up", "drop")."""
        action = self._add(text, *aliases)
        self.families[text] = range(action, action + 1)
        return action

    def numbers(self, name: str, low: int, high: int) -> range:
        """``name:low`` .. ``name:high``; ``action - family.start + low`` is the number."""
        texts = [f"{name}:{n}" for n in range(low, high + 1)]
        aliases = [(str(n),) if name == "bid" else () for n in range(low, high + 1)]
        self.lowest[name] = low
        return self._family(name, texts, aliases)

    def number(self, action: int, name: str = "bid") -> int:
        """The number a `numbers` action stands for ("bid:7" -> 7)."""
        return action - self.families[name].start + self.lowest[name]

    def numbered(self, value: int, name: str = "bid") -> int:
        """The action of a number of a `numbers` family (7 -> "bid:7")."""
        return self.families[name].start + value - self.lowest[name]

    def cards(self, pack, name: str = "play") -> range:
        """One action per face of the pack, written as the card code ("AS", "TD")."""
        aliases = [("10" + code[1],) if code[0] == "T" and len(code) == 2 else ()
                   for code in pack.faces]
        return self._family(name, list(pack.faces), aliases)

    def alias(self, form: str, action: int) -> None:
        """Read `form` (any case) as `action`: an action's own text, or a game's other
        word for it (texts written back keep the action's own form)."""
        key = form.lower()
        if key in self._by_text:
            raise ValueError(f"action text {form!r} is defined twice")
        self._by_text[key] = action

    def family(self, name: str, values, separator: str = ":") -> range:
        """``name:value`` for each value ("call:AS", "name:H")."""
        return self._family(name, [f"{name}{separator}{value}" for value in values])

    def text(self, action: int) -> str:
        return self._texts[action]

    def parse(self, text) -> int | None:
        """The action of a text form, or None when this game has no such action."""
        if isinstance(text, bool):
            return None
        if isinstance(text, int):
            text = str(text)
        if not isinstance(text, str):
            return None
        key = text.strip().lower()
        action = self._by_text.get(key)
        if action is None and "10" in key:  # a ten written "10" inside an action
            action = self._by_text.get(key.replace("10", "t"))  # ("discard:10S")
        return action

    def family_of(self, action: int) -> str | None:
        for name, members in self.families.items():
            if action in members:
                return name
        return None

    def texts(self) -> list[str]:
        return list(self._texts)
