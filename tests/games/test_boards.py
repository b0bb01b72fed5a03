"""Boards (issue 31): every registered game deals boards from a seed, plays a match on
them, and holds a record to them. A game registered in `games.rules.GAMES` is picked
up here by itself."""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rules
from games.bluke.boards import redeal
from games.bots.registry import make_bot
from games.engine.boards import engine_redeal

NAMES = sorted(rules.GAMES)


def configs():
    """Each game at its smallest and largest table."""
    return [(name, players) for name in NAMES
            for players in sorted({rules.GAMES[name].min_players,
                                   rules.GAMES[name].max_players})]


CONFIGS = configs()
SETTINGS = settings(max_examples=2 * len(CONFIGS), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def board_count(game) -> int:
    """A few boards, within the hands of a match (Six-Pack Bezique's match is one)."""
    return min(3, game.ending.hands() or 3)


def boards_of(name, players, seed):
    game = rules.load(name, players=players)
    return game, rules.deal_boards(name, players, seed, board_count(game))


def play(game, boards, seed, bot="random"):
    """A match on `boards`, every seat played by the named bot."""
    state = game.new_match(seed=seed, boards=boards)
    bots = [make_bot(bot, game=game) for _ in range(game.num_players)]
    rngs = [random.Random(f"boards/{seed}/{seat}") for seat in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        view = state.observation(seat) if bots[seat].needs_observation else None
        state.apply(bots[seat].step(view, state.legal_actions(), rngs[seat]))
    return state


def record_of(state) -> dict:
    return json.loads(json.dumps(state.to_record()))


def written_hands(game, hand) -> list:
    """The hands a record's hand was dealt (either record shape)."""
    deal = hand["deal"]
    return deal["hands"] if isinstance(deal, dict) else deal


def without_hands(game, record) -> dict:
    """The record with no hands written: who held what is left to the events."""
    record = copy.deepcopy(record)
    for hand in record["hands"]:
        if rules.writes_summaries(game):
            hand.get("deal", {}).pop("hands", None)
        else:
            hand.pop("deal", None)
    return record


def errors_of(report) -> list[tuple]:
    return [(e.hand, e.seat, e.code) for e in report.errors]


@SETTINGS
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_boards_deal_the_hands_of_a_match(config, seed):
    name, players = config
    game, boards = boards_of(name, players, seed)
    assert json.loads(json.dumps(boards)) == boards
    assert [board["board"] for board in boards] == list(range(1, len(boards) + 1))
    for index, board in enumerate(boards):
        assert board["dealer"] == index % players  # the deal passes left from seat 1
        assert board["cards"] == game.ending.cards_for(index)  # Bluke: 13, 12, 11, ...
        assert len(board["deal"]["hands"]) == players
    state = game.new_match(seed=0, boards=boards)  # each board deals a valid hand
    assert state.dealer == boards[0]["dealer"]
    assert rules.deal_boards(name, players, seed, len(boards)) == boards


@SETTINGS
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_a_match_on_boards_is_dealt_them_and_checks_valid_against_them(config, seed):
    name, players = config
    game, boards = boards_of(name, players, seed)
    state = play(game, boards, seed)
    record = record_of(state)
    assert len(record["hands"]) == len(boards)
    for hand, board in zip(record["hands"], boards, strict=False):
        assert hand["dealer"] == board["dealer"]
        played = written_hands(game, hand)
        if played != board["deal"]["hands"]:  # only a thrown-in board is dealt again
            assert game.name in ("back-alley", "back-alley-individual", "mighty")
    report = rules.check_record(record, boards=boards)
    assert report.valid, report.errors
    assert report.complete and report.winner
    learnt = rules.check_record(without_hands(game, record), boards=boards)
    assert learnt.valid, learnt.errors
    assert learnt.totals == report.totals


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_played_match_on_boards_checks_valid_against_them(name):
    players = rules.GAMES[name].min_players
    game, boards = boards_of(name, players, seed=31)
    record = record_of(play(game, boards, seed=5, bot="heuristic"))
    report = rules.check_record(record, boards=boards)
    assert report.valid, report.errors
    assert report.complete
    assert len(record["hands"]) == len(boards)


def swapped(boards, index, a, b, rng) -> tuple[list, str, str]:
    """The boards with one card of seat `a` and one of seat `b` exchanged on board
    `index` (cards of different faces, so the hands differ)."""
    boards = copy.deepcopy(boards)
    hands = boards[index]["deal"]["hands"]
    mine = [i for i, code in enumerate(hands[a]) if code not in hands[b]]
    theirs = [j for j, code in enumerate(hands[b]) if code not in hands[a]]
    i, j = rng.choice(mine), rng.choice(theirs)
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return boards, hands[b][j], hands[a][i]


@SETTINGS
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_one_card_swapped_between_two_seats_of_a_board_is_a_board_mismatch(config, seed):
    name, players = config
    game, boards = boards_of(name, players, seed)
    record = record_of(play(game, boards, seed))
    rng = random.Random(seed)
    index = rng.randrange(len(record["hands"]))
    if written_hands(game, record["hands"][index]) != boards[index]["deal"]["hands"]:
        return  # a thrown-in board, dealt again: its cards are the re-deal's
    a, b = rng.sample(range(players), 2)
    changed, _, _ = swapped(boards, index, a, b, rng)
    report = rules.check_record(record, boards=changed)
    assert set(errors_of(report)) == {(index + 1, a, "board-mismatch"),
                                      (index + 1, b, "board-mismatch")}
    assert all(e.field in ("deal", "deal.hands") for e in report.errors)


@pytest.mark.parametrize("name", NAMES)
def test_a_card_played_that_the_board_gave_another_seat_is_a_board_mismatch(name):
    """With no hands written, the events show who held what: a swapped card is named at
    the seats that played what the board did not deal them."""
    players = rules.GAMES[name].min_players
    game, boards = boards_of(name, players, seed=8)
    record = without_hands(game, record_of(play(game, boards, seed=3)))
    index = len(record["hands"]) - 1
    changed, _, _ = swapped(boards, index, 0, 1, random.Random(2))
    report = rules.check_record(record, boards=changed)
    found = errors_of(report)
    assert found and {code for _, _, code in found} == {"board-mismatch"}, found
    assert {hand for hand, _, _ in found} == {index + 1}
    assert {seat for _, seat, _ in found} <= {0, 1}


def test_the_same_seed_deals_the_same_boards_and_another_seed_others():
    for name in NAMES:
        players = rules.GAMES[name].min_players
        count = board_count(rules.load(name, players=players))
        one = rules.deal_boards(name, players, "night-7", count)
        assert rules.deal_boards(name, players, "night-7", count) == one
        assert rules.deal_boards(name, players, "night-8", count) != one


def test_bluke_boards_follow_the_schedule_13_down_to_1_and_back():
    boards = rules.deal_boards("bluke", 4, 1, 25)
    assert [board["cards"] for board in boards] == \
        list(range(13, 0, -1)) + list(range(2, 14))
    assert all(len(hand) == board["cards"] for board in boards
               for hand in board["deal"]["hands"])


@pytest.mark.parametrize(("name", "count", "words"), [
    ("bluke", 26, "at most 25 boards"),
    ("six-pack-bezique", 2, "at most 1 boards"),
    ("pitch", 0, "at least 1"),
    ("mighty", 11, "at most 10 boards"),
])
def test_a_count_beyond_the_match_or_below_one_is_refused(name, count, words):
    with pytest.raises(rules.RulesError, match=words):
        rules.deal_boards(name, None, 1, count)


def test_a_seed_must_be_a_number_or_a_text():
    with pytest.raises(rules.RulesError, match="seed"):
        rules.deal_boards("pitch", 4, None, 2)


@pytest.mark.parametrize(("change", "words"), [
    (lambda b: b[1].update(dealer=9), "board 2: dealer must be a seat"),
    (lambda b: b[0].update(cards=5), "board 1: hand 1 of .* deals 13 cards"),
    (lambda b: b[1]["deal"].pop("hands"), "board 2: deal must be an object"),
    (lambda b: b[1]["deal"]["hands"][2].__setitem__(0, "ZZ"), "board 2.*'ZZ' is not a card"),
])
def test_bad_boards_are_refused_naming_the_board(change, words):
    for name in ("bluke", "minnesota-whist"):
        boards = rules.deal_boards(name, 4, 3, 2)
        change(boards)
        with pytest.raises(rules.RulesError, match=words):
            rules.load(name, players=4).new_match(boards=boards)


def test_bluke_boards_must_pass_the_deal_to_the_left():
    boards = rules.deal_boards("bluke", 4, 3, 3)
    boards[2]["dealer"] = 0
    with pytest.raises(rules.RulesError, match="board 3: in Bluke the deal passes"):
        rules.load("bluke", players=4).new_match(boards=boards)


def test_a_match_on_boards_ends_after_the_last_board_with_places():
    game, boards = boards_of("minnesota-whist", 4, 12)
    record = record_of(play(game, boards, 4))
    assert len(record["hands"]) == 3 and record["places"]
    report = rules.check_record(record, boards=boards)
    assert report.valid and report.complete and report.places == record["places"]
    record["hands"].append(copy.deepcopy(record["hands"][-1]))
    longer = rules.check_record(record, boards=boards)
    assert ("too-many-hands", 4) in [(e.code, e.hand) for e in longer.errors]


# Buck Euchre board 1: clubs turned (no dropping), seat 1, first to lead, holds the five
# best clubs left (both bowers, ace, king, ten; the queen is the upcard): a sure sweep,
# which ends an ordinary match at once.
SWEEP_BOARD = {"board": 1, "dealer": 0, "cards": 5, "deal": {
    "hands": [["TS", "KD", "9S", "KH", "QS"], ["JC", "JS", "AC", "KC", "TC"],
              ["9H", "TH", "9C", "TD", "AS"], ["QH", "AD", "KS", "QD", "9D"]],
    "turned": "QC", "stock": ["JH", "AH", "JD"], "discards": []}}


def sweep_then(count: int) -> list[dict]:
    """The sure-sweep board, then `count` boards of a seeded set."""
    rest = rules.deal_boards("buck-euchre", 4, 5, count + 1)[1:]
    return [SWEEP_BOARD, *rest]


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_buck_euchre_sweep_on_a_board_does_not_end_the_match_before_the_last_board(bot):
    """Duplicate compares tables board by board: a sweep (or a target reached) at one
    table must not leave its later boards unplayed (the CI run's short Buck Euchre table)."""
    game, boards = rules.load("buck-euchre", players=4), sweep_then(2)
    record = record_of(play(game, boards, seed=1, bot=bot))
    assert record["hands"][0]["summary"]["tricks"] == [0, 5, 0, 0]  # the sweep happened
    assert len(record["hands"]) == 3
    report = rules.check_record(record, boards=boards)
    assert report.valid and report.complete, report.errors
    assert report.places == record["places"]


@pytest.mark.parametrize("name", [name for name in NAMES if not rules.load(
    name, players=rules.GAMES[name].min_players).ending.hands()])
def test_a_game_played_to_a_target_plays_all_eight_boards_of_a_duplicate_round(name):
    """Eight boards is a duplicate round of a game with no set length (its default):
    every table plays all eight, even when someone reached the target before."""
    players = rules.GAMES[name].min_players
    game, boards = rules.load(name, players=players), rules.deal_boards(name, players, 7, 8)
    for seed in range(3):
        record = record_of(play(game, boards, seed))
        assert len(record["hands"]) == 8, (name, seed)
        assert rules.check_record(record, boards=boards).complete


def test_par_of_a_board_after_a_sweep_is_the_mean_of_hands_played_on_it():
    """Par plays the boards with bots: a board after a sweep is played, not scored 0."""
    from games.bots.review import board_par

    game, boards = rules.load("buck-euchre", players=4), sweep_then(1)
    par = board_par(game, boards, seed=3)
    assert par[0][1] == -5  # the sweeper's -5, in every playout
    assert any(par[1])  # clubs or not, a played board scores someone


def test_mighty_on_boards_takes_each_dealer_from_the_board_not_from_the_play():
    game = rules.load("mighty")
    boards = rules.deal_boards("mighty", 5, 9, 4)
    record = record_of(play(game, boards, 2, bot="heuristic"))
    assert [hand["dealer"] for hand in record["hands"]] == [0, 1, 2, 3]
    assert rules.check_record(record, boards=boards).valid


def test_a_wrong_dealer_is_a_board_mismatch_on_every_shape():
    for name in ("pitch", "bluke"):
        game, boards = boards_of(name, 4, 6)
        record = record_of(play(game, boards, 6))
        record["first_dealer"] = 1
        for number, hand in enumerate(record["hands"]):
            hand["dealer"] = (number + 1) % 4
        report = rules.check_record(record, boards=boards)
        assert (1, "board-mismatch") in [(e.hand, e.code) for e in report.errors
                                         if e.field == "dealer"], name


def scoresheet_line(record, index) -> dict:
    """Hand `index` of an engine game's record as a scoresheet line (no deal, no events)."""
    hand = record["hands"][index]
    return {key: hand[key] for key in ("dealer", "cards", "summary", "scores", "running")}


def test_a_scoresheet_line_is_held_to_what_it_states_about_the_deal():
    game, boards = boards_of("california-jack", 2, 4)
    record = record_of(play(game, boards, 1))
    record["hands"] = [scoresheet_line(record, i) for i in range(len(record["hands"]))]
    assert rules.check_record(record, boards=boards).valid
    wrong = copy.deepcopy(boards)
    stock = wrong[0]["deal"]["stock"]
    other = next(i for i, code in enumerate(stock) if code[-1] != stock[0][-1])
    stock[0], stock[other] = stock[other], stock[0]  # another suit on top: another trump
    report = rules.check_record(record, boards=wrong)
    assert [(e.hand, e.field, e.code) for e in report.errors] == \
        [(1, "summary.trump", "board-mismatch")]


def test_a_bluke_scoresheet_hand_is_held_to_its_board_turned_card_and_trump():
    game, boards = boards_of("bluke", 4, 5)
    record = record_of(play(game, boards, 5))
    for hand in record["hands"]:  # a paper scoresheet: bids, tricks, trump and turned
        for key in ("deal", "plays"):
            hand.pop(key)
    assert rules.check_record(record, boards=boards).valid
    board = boards[1]["deal"]
    turned = next(code for code in ("2S", "2H", "2D", "2C")
                  if code != board["turned"] and code[-1] != board["turned"][-1])
    record["hands"][1]["turned"] = turned
    record["hands"][1]["trump"] = turned[-1]
    report = rules.check_record(record, boards=boards)
    assert [(e.hand, e.field, e.code) for e in report.errors] == \
        [(2, "turned", "board-mismatch")]
    del record["hands"][1]["turned"]  # the trump alone, against the board's turned card
    report = rules.check_record(record, boards=boards)
    assert [(e.hand, e.field, e.code) for e in report.errors] == \
        [(2, "trump", "board-mismatch")]


def test_six_pack_bezique_boards_fix_the_pack_order_and_the_cut():
    game, boards = boards_of("six-pack-bezique", 2, 10)
    assert len(boards[0]["deal"]["stock"]) == 192 - 24
    cut = boards[0]["chance"]["cut"]
    state = game.new_match(seed=99, boards=boards)
    while state.phase_name() != "cut":
        state.apply(state.legal_actions()[0])
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"cut:{cut}"]
    record = record_of(play(game, boards, 99))
    assert record["hands"][0]["summary"]["cut"] == cut
    assert rules.check_record(record, boards=boards).valid
    other = copy.deepcopy(boards)
    other[0]["chance"]["cut"] = cut + 1
    report = rules.check_record(record, boards=other)
    assert [(e.hand, e.field, e.code) for e in report.errors] == \
        [(1, "summary.cut", "board-mismatch")]


def finish(state, seed):
    """The match played on by random legal actions."""
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(("name", "first_deal"), [
    ("back-alley", lambda r: r["hands"][0]["deal"]),  # (the flat record's hands)
    ("mighty", lambda r: r["hands"][0]["deal"]["hands"]),
], ids=["back-alley", "mighty"])
def test_a_thrown_in_board_is_dealt_again_the_same_way_at_every_table(name, first_deal):
    """A deal everyone passes is thrown in; on a board the second deal comes from the
    board's own cards, so every table that throws it in gets the same one, and the
    record of it checks valid against the board."""
    game = rules.load(name)
    boards = rules.deal_boards(name, game.num_players, 4, 2)
    again = []
    for table in range(2):
        state = game.new_match(seed=table, boards=boards)
        for _ in range(game.num_players):  # everyone passes the first board
            state.apply("pass")
        record = record_of(finish(state, table))
        assert rules.check_record(record, boards=boards).valid
        again.append(first_deal(record))
    assert again[0] == again[1] != boards[0]["deal"]["hands"]
    second = redeal if name == "back-alley" else engine_redeal  # the board's first re-deal
    assert again[0] == second(game, boards[0], 0, 1)["hands"]


def test_a_california_jack_stock_in_another_order_is_a_board_mismatch():
    """The board fixes the stock's drawing order: the same cards in another order are
    another board, whether the record writes its stock or only its draws."""
    game, boards = boards_of("california-jack", 2, 21)
    record = record_of(play(game, boards, 21))
    other = copy.deepcopy(boards)
    stock = other[0]["deal"]["stock"]
    stock[1], stock[2] = stock[2], stock[1]  # the same cards, two draws exchanged
    report = rules.check_record(record, boards=other)
    assert [(e.hand, e.field, e.code) for e in report.errors] == \
        [(1, "deal.stock", "board-mismatch")]
    drawn = copy.deepcopy(record)
    drawn["hands"][0]["deal"] = {}  # the stock and the hands left to the events
    assert rules.check_record(drawn, boards=boards).valid
    report = rules.check_record(drawn, boards=other)  # a draw out of the board's order
    assert [(e.hand, e.code) for e in report.errors if e.hand] == [(1, "board-mismatch")]
    assert "draw:" in report.errors[0].message


@pytest.mark.parametrize("name", [name for name in NAMES
                                  if rules.writes_summaries(rules.GAMES[name])])
def test_a_match_written_as_scoresheet_lines_checks_valid_against_its_boards(name):
    """What a line states about its deal (trump, a cut) agrees with the boards it was
    played on, for every game whose scoresheet lines can be checked alone."""
    players = rules.GAMES[name].min_players
    game, boards = boards_of(name, players, seed=13)
    record = record_of(play(game, boards, seed=13))
    record["hands"] = [scoresheet_line(record, i) for i in range(len(record["hands"]))]
    report = rules.check_record(record, boards=boards)
    if ("events", "missing-field") in [(e.field, e.code) for e in report.errors]:
        pytest.skip(f"{game.title} records need their events")
    assert report.valid, report.errors


def test_a_couillon_line_whose_trump_is_not_the_boards_upcard_or_bottom_card():
    game, boards = boards_of("couillon", 4, 17)
    record = record_of(play(game, boards, 17))
    line = scoresheet_line(record, 0)
    record["hands"] = [line]
    record.pop("totals", None)
    record.pop("places", None)
    area = "turned" if line["summary"]["accepted"] is not None else "bottom"
    card = boards[0]["deal"][area]
    card = card[0] if isinstance(card, list) else card
    other = next(suit for suit in "SHDC" if suit != card[-1])
    line["summary"]["trump"] = other
    report = rules.check_record(record, boards=boards)
    assert ("summary.trump", "board-mismatch") in [(e.field, e.code) for e in report.errors]
