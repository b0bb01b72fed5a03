"""Engine game results over the API with a club token: a scoresheet-only record (each hand's
summary) and a card-by-card record (events) of Georgian Joker are stored hand by hand,
and the rulesets endpoint describes every game's seats, sides, ranking and sheet."""

import pytest

from games import rules
from tests.factories import TodaysModels, played_record, seated_table
from tournaments.models import Hand, TableResult

pytestmark = pytest.mark.django_db


def _sheet_record(seats, hands=3, seed=4):
    """A Joker scoresheet: the summaries of a random legal play, nothing else."""
    played = played_record("joker", seed=seed, seats=seats, hands=hands)
    return {"game": "joker", "options": played["options"], "seats": seats,
            "hands": [{"summary": hand["summary"]} for hand in played["hands"]]}


def test_a_joker_scoresheet_record_is_stored_with_each_hands_summary(club_b, players_b,
                                                                    client_as):
    table = seated_table(club_b, players_b, game="joker")
    seats = [p.display_name for p in players_b]
    record = _sheet_record(seats)
    response = client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                         format="json")
    assert response.status_code == 201, response.json()
    hands = list(Hand.objects.filter(game__table=table).order_by("number"))
    assert [h.summary for h in hands] == [h["summary"] for h in record["hands"]]
    assert [h.bids for h in hands] == [h["summary"]["bids"] for h in record["hands"]]
    assert [h.cards for h in hands] == [1, 2, 3] and not any(h.has_plays for h in hands)
    assert [h.dealer for h in hands] == [0, 1, 2]


def test_a_joker_card_by_card_record_is_stored_with_the_derived_summary(club_b, players_b,
                                                                       client_as):
    table = seated_table(club_b, players_b, game="joker")
    seats = [p.display_name for p in players_b]
    record = played_record("joker", seed=8, seats=seats)
    for hand in record["hands"]:
        del hand["summary"]  # a club's app need not write what the events tell
    response = client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                         format="json")
    assert response.status_code == 201, response.json()
    game = TableResult.objects.get(table=table)
    assert game.status == "complete" and game.hands.count() == 24
    hand = game.hands.get(number=24)
    assert hand.has_plays and set(hand.summary) == {"bids", "tricks"}
    assert sum(hand.tricks) == 9 and hand.summary["tricks"] == hand.tricks
    report = rules.check_record(played_record("joker", seed=8, seats=seats))
    assert game.totals == report.totals


def test_a_wrong_scoresheet_hand_names_the_hand_seat_and_field(club_b, players_b, client_as):
    table = seated_table(club_b, players_b, game="joker")
    record = _sheet_record([p.display_name for p in players_b], hands=2)
    record["hands"][1]["summary"]["tricks"] = [2, 1, 0, 0]  # 3 tricks on a 2-card hand
    response = client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                         format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(e["hand"] == 2 and e["field"] == "summary.tricks" for e in errors), errors
    assert not TableResult.objects.filter(table=table).exists()


def test_rulesets_describe_seats_sides_ranking_and_the_sheet(client_as):
    body = {g["name"]: g for g in client_as("anonymous").get("/api/v1/rulesets/").json()}
    assert set(body) == set(rules.GAMES)
    joker = body["joker"]
    assert joker["seats"] == {"min": 4, "max": 4, "table_sizes": [4], "preferred": 4}
    assert joker["teams"] == {"partnership": False, "sides": [[0], [1], [2], [3]]}
    assert joker["ranking"] == "higher-wins"
    assert [(f["name"], f["title"], f["per"], f["kind"]) for f in joker["sheet"]] == [
        ("bids", "Bid", "seat", "integer"), ("tricks", "Tricks", "seat", "integer")]
    assert body["back-alley"]["teams"]["sides"] == [[0, 2], [1, 3]]
    for name, game in body.items():
        assert game["record_schema"]["type"] == "object"
        cls = rules.GAMES[name]
        assert game["ranking"] == ("higher-wins" if cls.ranking.higher_wins else "lower-wins")
        assert {f["name"] for f in game["sheet"]} == set(getattr(cls, "SUMMARY_SCHEMA", {})) \
            or not hasattr(cls, "build_phases")


def test_the_schema_documents_the_rulesets_fields(client_as):
    schema = client_as("anonymous").get("/api/schema/?format=json").json()
    ruleset = schema["components"]["schemas"]["Ruleset"]["properties"]
    assert {"seats", "teams", "ranking", "sheet"} <= set(ruleset)



def test_the_migration_fills_the_summaries_of_engine_hands_stored_before_it(club_b, players_b,
                                                                           client_as):
    import importlib

    from django.apps import apps

    fill = importlib.import_module("tournaments.migrations.0003_hand_summary")
    table = seated_table(club_b, players_b, game="joker")
    record = played_record("joker", seed=5, seats=[p.display_name for p in players_b])
    assert client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                     format="json").status_code == 201
    hands = Hand.objects.filter(game__table=table)
    good = dict(hands.values_list("pk", "summary"))
    hands.update(summary={})  # as stored before the column
    bluke = seated_table(club_b, players_b)
    assert client_as("token_b").post(f"/api/v1/tables/{bluke.pk}/result/", played_record(
        seed=2, seats=[p.display_name for p in players_b]), format="json").status_code == 201
    fill.fill_summaries(TodaysModels(apps), None)
    assert dict(hands.values_list("pk", "summary")) == good
    assert all(h.summary == {} for h in Hand.objects.filter(game__table=bluke))
