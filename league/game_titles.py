"""How a person reads a game: its title ("California Jack"), never the rules core's slug.

A game with options reads "Ribs (hands to win: 2)": option names with spaces, true and
false as yes and no. A slug the rules core no longer knows is shown as it is.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import rules
from league.option_words import choice_label, option_label

# The rules core knows no Django: its titles are listed here for the catalogues (makemessages
# finds them) and translated when shown. tests/i18n checks that every game is listed.
TITLES = (
    gettext_noop("Bluke"), gettext_noop("Back Alley"),
    gettext_noop("Back Alley (individual play)"), gettext_noop("Georgian Joker"),
    gettext_noop("Couillon"), gettext_noop("Calypso"), gettext_noop("Twenty-Nine"),
    gettext_noop("Buck Euchre"), gettext_noop("Pitch"), gettext_noop("Mighty"),
    gettext_noop("Ribs"), gettext_noop("Six-Pack Bezique"), gettext_noop("California Jack"),
    gettext_noop("Minnesota Whist"),
)


def game_title(name: str) -> str:
    cls = rules.GAMES.get(name)
    return _(cls.title) if cls is not None else name


def _option_value(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return choice_label(value) if isinstance(value, str) else str(value)


def game_label(name: str, options: dict | None = None) -> str:
    """The title, then the options that make this variant (the player count is left out)."""
    chosen = sorted((key, value) for key, value in (options or {}).items() if key != "players")
    if not chosen:
        return game_title(name)
    detail = ", ".join(f"{option_label(key).lower()}: {_option_value(value)}"
                       for key, value in chosen)
    return f"{game_title(name)} ({detail})"
