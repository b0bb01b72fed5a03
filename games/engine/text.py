"""Messages for people that a page can translate: the English text, and how it was made.

The rules core has no Django, so it cannot translate; it writes each message from a
template marked with `N_` (a no-op that `makemessages --keyword=N_` collects into the
catalogue) and its values apart. A `Text` *is* its English rendering (a `str`, so every
test, log and golden file reads it as before) and keeps `template` and `values`, so the
league layer (`tournaments.checker_messages`) can translate the template, translate
the values that are words, cards or other messages, and fill them in.

Values are numbers, plain strings (what the record wrote, names: never translated),
`Card` (a card's code, shown from the catalogue's rank letters and suit signs), or
another `Text` (a part of the message, translated in turn).
"""

from __future__ import annotations


def N_(template: str) -> str:  # noqa: N802 (the marker's usual name, as gettext_noop's)
    """Mark a message template for the catalogue; returns it unchanged."""
    return template


def _text(template: str, values: dict) -> Text:
    return Text(template, **values)


class Text(str):
    """An English message with the `template` (%(name)s placeholders) and `values`
    it was rendered from."""

    def __new__(cls, template: str, /, **values) -> Text:
        self = super().__new__(cls, template % values if values else template)
        self.template = template
        self.values = values
        return self

    def __reduce__(self):
        return _text, (self.template, self.values)


def _card(code, quoted: bool) -> Card:
    return Card(code, quoted)


class Card(str):
    """A card's code in a message, as the record writes it ("QS"), quoted like Python's
    repr (``'QS'``) when `quoted`; a page shows it as its rank and suit sign."""

    def __new__(cls, code, quoted: bool = False) -> Card:
        self = super().__new__(cls, repr(code) if quoted else str(code))
        self.code = code
        self.quoted = quoted
        return self

    def __reduce__(self):
        return _card, (self.code, self.quoted)


def seat_word(seat: int) -> Text:
    """``seat 3`` for index 2: a seat that has no name in the record."""
    return Text(N_("seat %(number)s"), number=seat + 1)


def joined(parts, separator: str = " & ") -> Text:
    """Names or words joined by `separator` (kept as it is in every language), each
    part translated in turn."""
    parts = list(parts)
    names = {f"p{index}": part for index, part in enumerate(parts)}
    template = separator.join(f"%(p{index})s" for index in range(len(parts)))
    return Text(template, **names) if parts else Text("")


def not_an_action(action) -> Text:
    """``'x9' is not an action``."""
    return Text(N_("%(action)s is not an action"), action=repr(action))


def failure(exc: Exception) -> Text:
    """Why a reader could not read untrusted input, in words a page can translate: the
    reader's own `Text` when it raised one, else the kind of mistake (Python's own text is
    English, and written for programmers)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(first, Text):
        return first
    if isinstance(exc, KeyError):
        return Text(N_("%(key)s is missing or not known"), key=repr(first))
    if isinstance(exc, IndexError):
        return Text(N_("a list is too short"))
    if isinstance(exc, TypeError | AttributeError):
        return Text(N_("a value has the wrong type"))
    return Text(N_("a value cannot be used"))
