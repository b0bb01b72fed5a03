"""Records a real match never writes are refused by name, not answered with a 500 or stored
(issue 25 points 5 and 7): numbers past int()'s digit limit, records without hands, labels
and seeds of any length, and records past their game's cost limit."""

import pytest

from tests.factories import played_record
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db

SEATS_B = ["Bob", "Bea", "Cal", "Dot"]
HUGE_NUMBER = "1" * 5000  # past Python's 4,300-digit limit for int()


def _submit(client, table, record):
    return client.post(f"/api/v1/tables/{table.pk}/result/", record, format="json")


@pytest.mark.parametrize("written", [HUGE_NUMBER, f"bid:{HUGE_NUMBER}", "²"])
def test_a_bid_written_as_a_huge_number_is_named_by_the_check(client_as, written):
    record = played_record(seats=SEATS_B)
    record["hands"][0]["bids"][1] = written
    client = client_as("anonymous")
    client.raise_request_exception = False
    response = client.post("/api/v1/records/check/", record, format="json")
    assert response.status_code == 200
    report = response.json()
    assert report["valid"] is False
    assert any(e["hand"] in (0, 1) and e["seat"] == 1 for e in report["errors"]), report


def test_a_bid_written_as_a_huge_number_is_refused_with_a_400_naming_it(client_as, table_b):
    record = played_record(seats=SEATS_B)
    record["hands"][0]["bids"][1] = HUGE_NUMBER
    client = client_as("token_b")
    client.raise_request_exception = False
    response = _submit(client, table_b, record)
    assert response.status_code == 400
    assert any(e["seat"] == 1 and e["field"] == "bids" for e in response.json()["errors"])
    assert not TableResult.objects.exists()


def test_an_engine_shape_bid_written_as_a_huge_number_is_named(client_as):
    record = played_record(seats=SEATS_B)
    hand = record["hands"][0]
    bids = [f"bid:{b}" for b in hand.pop("bids")]
    hand["events"] = [f"bid:{HUGE_NUMBER}", *bids[1:], *hand.pop("plays")]
    client = client_as("anonymous")
    client.raise_request_exception = False
    response = client.post("/api/v1/records/check/", record, format="json")
    assert response.status_code == 200
    assert response.json()["valid"] is False


def test_a_record_without_hands_is_refused_not_stored_as_in_progress(client_as, table_b):
    record = played_record(seats=SEATS_B)
    record["hands"] = []
    record.pop("totals", None)
    response = _submit(client_as("token_b"), table_b, record)
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["no-hands"]
    assert not TableResult.objects.exists()


def test_a_seat_label_past_80_characters_is_refused_by_seat(client_as, table_b):
    record = played_record(seats=[*SEATS_B[:3], "D" * 81])
    response = _submit(client_as("token_b"), table_b, record)
    assert response.status_code == 400
    assert [(e["code"], e["seat"]) for e in response.json()["errors"]] == [
        ("label-too-long", 3)]
    assert not TableResult.objects.exists()


@pytest.mark.parametrize("seed", ["s" * 65, 2**63, -(2**63) - 1])
def test_a_seed_past_its_limit_is_refused(client_as, table_b, seed):
    record = played_record(seats=SEATS_B)
    record["seed"] = seed
    response = _submit(client_as("token_b"), table_b, record)
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["seed"]


def test_labels_and_seeds_at_their_limits_are_stored(client_as, table_b):
    record = played_record(seats=[*SEATS_B[:3], "D" * 80])
    record["seed"] = "s" * 64
    assert _submit(client_as("token_b"), table_b, record).status_code == 201


def _ribs_record(hands: int, players: int = 10) -> dict:
    """A legal-looking Ribs record of `hands` hands: the first match's hands repeated."""
    record = played_record("ribs", players=players, seed=3)
    record["hands"] = [record["hands"][i % len(record["hands"])] for i in range(hands)]
    record.pop("totals", None)
    record.pop("places", None)
    return record


def test_a_record_past_its_games_hand_limit_is_refused_without_checking_it(client_as,
                                                                           monkeypatch):
    from games import rules

    monkeypatch.setattr(rules, "check_record", _must_not_run)
    client = client_as("anonymous")
    response = client.post("/api/v1/records/check/", _ribs_record(101), format="json")
    assert response.status_code == 200
    report = response.json()
    assert report["valid"] is False
    assert [(e["code"], e["hand"]) for e in report["errors"]] == [("too-many-hands", 101)]


def _must_not_run(record):
    raise AssertionError("the rules core was asked to check a record past its limits")


def test_the_hand_limit_grows_with_the_games_target():
    from games import rules
    from tournaments.services.record_limits import hands_limit

    assert hands_limit(rules.load("ribs", players=10)) == 100
    assert hands_limit(rules.load("ribs", players=10, hands_to_win=10)) == 200
    assert hands_limit(rules.load("bluke", players=4)) == 25
    assert hands_limit(rules.load("mighty", players=5, hands=12)) == 12


def test_a_record_past_its_size_limit_is_refused(client_as, table_b):
    record = played_record(seats=SEATS_B)
    record["hands"][0]["deal"] = [hand * 1000 for hand in record["hands"][0]["deal"]]
    response = _submit(client_as("token_b"), table_b, record)
    assert response.status_code == 400
    assert "record-too-large" in [e["code"] for e in response.json()["errors"]]


def test_every_random_match_is_within_its_games_limits():
    """A real match never reaches the limits: random play (longer than people's) of
    every game at every table size stays within them."""
    import random

    from games import rules
    from games.bots import play_match
    from tournaments.services.record_limits import limit_errors

    for info in rules.games():
        for players in range(info["min_players"], info["max_players"] + 1):
            if info["name"] == "pitch":  # random bids never reach the target: play it well
                record = play_match("pitch", ["heuristic"] * players, seed=players)
            else:
                state = rules.load(info["name"], players=players).new_match(players)
                rng = random.Random(players)
                while not state.is_terminal():
                    state.apply(rng.choice(state.legal_actions()))
                record = state.to_record([f"P{i}" for i in range(players)])
            assert limit_errors(record) == [], (info["name"], players)



def test_a_shorter_target_keeps_the_default_hand_limit():
    """Pitch to 1 ends only when a pitching side makes its bid at 1 or more: its random bot
    took 4 hands on seed 7, which a limit shrunk with the target (3 hands) refused, so an
    online match that long finished without a result."""
    import random

    from games import rules
    from games.bots.registry import make_bot
    from tournaments.services.record_limits import hands_limit, limit_errors

    assert hands_limit(rules.load("pitch", players=4, target=1)) == 60
    assert hands_limit(rules.load("ribs", players=10, hands_to_win=1)) == 100
    assert hands_limit(rules.load("mighty", players=5, hands=1)) == 1
    game = rules.load("pitch", players=4, target=1)
    state, rng, bot = game.new_match(7), random.Random(7), make_bot("random", game=game)
    while not state.is_terminal():
        state.apply(bot.step(None, state.legal_actions(), rng))
    record = state.to_record(SEATS_B)
    assert len(record["hands"]) == 4 and record["places"]
    assert limit_errors(record) == []
    assert rules.check_record(record).complete
