"""The record checker's messages in the reader's language.

The rules core (`games/`, no Django) gives each error its English message as a
`games.engine.text.Text`: the template (marked with `N_`, so it is in the catalogue)
and its values apart. Here the template is translated and the values filled in, each
value translated in turn: a part of the message (another `Text`), a card or suit code
(`Card`: "Q♠", "♠ spades", the Joker by name, from `tournaments.card_words`), a game's
title (a value named `game`, from `league.game_titles`), a hand's phase (a value named
`phase`, from `tournaments.checker_words`). Names, numbers and what the
record wrote stay as they are. The code of an error never changes:
an API client keys on it.

A translation that lost a placeholder (the catalogue tests refuse one, but a catalogue
may be edited by hand) falls back to the English message rather than failing a page.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, gettext

from games.rules import Card, Text
from tournaments.card_words import choice_label
from tournaments.checker_words import PHASES


def translated(message) -> str:
    """`message` in the active language: a `Text` translated, anything else as text. In
    English (the source) a message is exactly the rules core's, cards as codes."""
    if isinstance(message, Text | Card) and _in_source_language():
        return str(message)
    if isinstance(message, Text):
        return _text(message)
    if isinstance(message, Card):
        return _card(message)
    return "" if message is None else str(message)


def _in_source_language() -> bool:
    language = get_language()
    return not language or language.split("-")[0] == settings.LANGUAGE_CODE.split("-")[0]


def _text(message: Text) -> str:
    if not message.template:
        return ""
    template = gettext(message.template)
    if not message.values:
        return template
    values = {name: _value(name, value) for name, value in message.values.items()}
    try:
        return template % values
    except (KeyError, ValueError, TypeError):
        return str(message)


def _value(name: str, value):
    if isinstance(value, Text | Card):
        return translated(value)
    if name == "game" and isinstance(value, str) and value:  # a game's title, as the
        return gettext(value)  # catalogue has it (league.game_titles.TITLES)
    if name == "phase" and value in PHASES:  # a hand's phase (tournaments.checker_words)
        return str(PHASES[value])
    return value


def _card(card: Card) -> str:
    if not isinstance(card.code, str):
        return str(card)
    label = ":".join(choice_label(part) for part in card.code.split(":"))  # "HI:S", a led joker
    return f"'{label}'" if card.quoted else label


def translated_errors(errors) -> list[dict]:
    """A report's errors (`RecordError.to_dict()`s) with each message translated, every
    other key as it was."""
    return [{**error, "message": translated(error.get("message"))} for error in errors]
