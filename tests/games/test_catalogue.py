"""One catalogue: every registered game comes from a package in `games.catalogue`, its
rules class lives in that package's folder, and the bot registry is exactly what the
packages' bots declare (each bot names the games it plays)."""

from games import catalogue, rules
from games.bots.registry import GAME_BOTS


def test_every_registered_game_is_a_catalogue_package_s_and_lives_in_its_folder():
    owner = {cls: package for package in catalogue.PACKAGES for cls in package.RULES}
    assert set(owner) == set(rules.GAMES.values())
    for cls, package in owner.items():
        assert cls.__module__.startswith(package.__name__ + "."), cls


def test_a_package_s_bots_play_only_its_own_games():
    for package in catalogue.PACKAGES:
        names = {cls.name for cls in package.RULES}
        for bot in package.BOTS:
            assert bot.plays and set(bot.plays) <= names, (package.__name__, bot)


def test_the_bot_registry_is_built_from_what_the_bots_declare():
    declared = {(game, bot.name): bot for package in catalogue.PACKAGES
                for bot in package.BOTS for game in bot.plays}
    assert GAME_BOTS == declared
    assert ("pitch", "heuristic") in GAME_BOTS and ("ribs", "search") in GAME_BOTS
