"""Hand limits: a match to a target that its rules have not ended after its game's limit
of hands is cut short with no winner, a longer record is refused, each limit is on its
game's page, and the bots always end their matches by the rules first."""

import dataclasses
import itertools
import pathlib

import pytest

from games import rules
from games.bots import make_bot
from games.bots.match import play_state
from games.engine.checker import check_engine_record
from games.rules.records import CheckReport

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"


def limited_games() -> list[str]:
    return sorted(name for name, cls in rules.GAMES.items() if rules.writes_summaries(cls)
                  and getattr(rules.load(name, players=cls.min_players).ending, "limit", None))


LIMITED = limited_games()


def bots_for(game, names):
    return [make_bot(name, game=game) for name in names]


def longer_match(name: str):
    """The first random-bot match of `name` that lasts more than two hands."""
    game = rules.load(name, players=rules.GAMES[name].min_players)
    for seed in range(100):
        state = play_state(game, bots_for(game, ["random"] * game.num_players), seed)
        if state.hand_index > 2:
            return game, seed, state
    raise AssertionError(f"no {name} match of random bots lasts three hands")


def with_limit(game, limit: int):
    """The same configured game with a hand limit of `limit`."""
    short = rules.load(game.name, **game.options)
    short.ending = dataclasses.replace(short.ending, limit=limit)
    return short


def check(game, record) -> CheckReport:
    report = CheckReport(game=game.name)
    check_engine_record(game, record, report)
    return report


def test_the_games_to_a_target_have_a_hand_limit():
    assert {"buck-euchre", "california-jack", "couillon", "minnesota-whist", "pitch",
            "ribs", "twenty-nine"} <= set(LIMITED)


@pytest.mark.parametrize("name", LIMITED)
def test_a_match_at_its_hand_limit_is_cut_short_with_no_places_and_no_winner(name):
    game, seed, full = longer_match(name)
    short = with_limit(game, 2)
    state = play_state(short, bots_for(short, ["random"] * short.num_players), seed)
    assert state.is_terminal() and state.cut_short and not state.finished()
    assert state.hand_index == 2 and state.totals == full.hand_log[1]["running"]
    record = state.to_record()
    assert "places" not in record
    report = check(short, record)
    assert report.valid and not report.complete and report.winner is None, report.errors


@pytest.mark.parametrize("name", LIMITED)
def test_a_record_longer_than_the_hand_limit_is_refused_as_too_long(name):
    game, _, full = longer_match(name)
    record = full.to_record()
    record.pop("places")
    report = check(with_limit(game, 2), record)
    assert [(e.code, e.hand, e.field) for e in report.errors] == [("too-many-hands", 3, "hands")]
    assert "too long to check" in report.errors[0].message
    assert not report.complete and report.winner is None


@pytest.mark.parametrize("name", LIMITED)
def test_each_hand_limit_is_documented_on_its_games_page(name):
    limit = rules.load(name, players=rules.GAMES[name].min_players).ending.limit
    page = (DOCS / f"{name}.md").read_text()
    assert f"{limit} hands" in page and "no winner" in page


def bot_tables(players: int):
    """All random, all heuristic, partners alike (random seats alternate) and partners
    mixed (the first half heuristic): in Pitch a random player on each side once sank
    both sides for good."""
    half = players // 2
    yield ["random"] * players
    yield ["heuristic"] * players
    yield [("heuristic", "random")[seat % 2] for seat in range(players)]
    yield ["heuristic"] * half + ["random"] * (players - half)


# Ribs' heuristic bots think long; a Ribs match cannot reach its limit anyway (below)
ONLY_THE_SHORTEST = {"ribs"}


def lengths(name: str) -> list[dict]:
    """The shortest match of `name` (its length options at their minimum) and the
    default one."""
    cls = rules.GAMES[name]
    shortest = {option.name: option.minimum for option in cls.declared_options()
                if option.name in ("target", "start", "lines", "hands_to_win")}
    return [shortest] if name in ONLY_THE_SHORTEST else [shortest, {}]


@pytest.mark.parametrize("name", LIMITED)
def test_the_bots_end_every_match_by_the_rules_before_the_hand_limit(name):
    cls = rules.GAMES[name]
    for options in lengths(name):
        game = rules.load(name, players=cls.min_players, **options)
        for names, seed in itertools.product(bot_tables(game.num_players), range(2)):
            state = play_state(game, bots_for(game, names), seed)
            assert state.finished(), (options, names, seed, state.hand_index)


def test_a_ribs_match_always_ends_long_before_its_hand_limit():
    """Every Ribs hand is won by someone, so some player reaches `hands_to_win` within
    players x (hands_to_win - 1) + 1 hands."""
    option = next(o for o in rules.GAMES["ribs"].declared_options() if o.name == "hands_to_win")
    game = rules.load("ribs", players=rules.GAMES["ribs"].max_players, hands_to_win=option.maximum)
    assert game.num_players * (option.maximum - 1) + 1 < game.ending.limit
    tied = game.hand_winners(game.new_match(seed=1), [0] * game.num_players)
    assert len(tied) == game.num_players  # even a hand all tied is won (by all)
