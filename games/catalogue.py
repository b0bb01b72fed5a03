"""The one list of game packages. Each package registers itself: its `RULES` (the game
classes) and its `BOTS` (bot classes, each declaring by `plays` the games it plays).
Adding a game is adding its folder under games/ and one line here.

This is the only module of games/ outside a game's own package that names games; the
rules core's public face (`games.rules`) and the bot registry (`games.bots`) are
built from it.
"""

from __future__ import annotations

from games import (
    bluke,
    buck_euchre,
    california_jack,
    calypso,
    couillon,
    joker,
    mighty,
    minnesota_whist,
    pitch,
    ribs,
    six_pack_bezique,
    twenty_nine,
)

PACKAGES = (
    bluke,            # Bluke, Back Alley, Back Alley for individuals
    joker,            # Georgian Joker
    couillon,
    calypso,
    twenty_nine,
    buck_euchre,
    pitch,
    mighty,
    ribs,
    six_pack_bezique,
    california_jack,
    minnesota_whist,
)


def rules_classes() -> list[type]:
    """Every registered game class, in the catalogue's order."""
    return [cls for package in PACKAGES for cls in package.RULES]


def bot_classes() -> list[type]:
    """Every game's own bots, in the catalogue's order."""
    return [cls for package in PACKAGES for cls in package.BOTS]
