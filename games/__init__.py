"""The rules core: every game's rules, record checking and bots (map: docs/architecture.md).

    games/engine/      the framework every game is written on; imports no game
    games/shared/      pieces several games use (the All Fours count, seat wording)
    games/<game>/      one folder per game: rules, scoresheet reader, bots, registration
    games/catalogue.py the one list of game packages
    games/rules/       the public face: `from games import rules`
    games/bots/        the bot registry, matches and arenas

Nothing here imports Django except `games.apps` and the management commands, which
Django loads itself.
"""
