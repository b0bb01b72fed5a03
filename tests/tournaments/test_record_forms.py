"""Every documented form of a record is stored in one form and every page that reads it works.

Issue 10 point 1: a no-trump hand ("trump": "none") used to fail on the two-character column
(500 on the API and the scoresheet page), and a card-by-card record without `tricks` was
stored with empty trick lists, after which each seated player's page answered 500.
"""

import json

import pytest
from django.urls import reverse

from tests.factories import (
    EventFactory,
    RoundFactory,
    SeasonFactory,
    TodaysModels,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.models import Hand, ResultStatus, TableResult
from tournaments.services.bots import table_fill_with_bots, table_play_with_bots
from tournaments.services.hands import canonical_trump

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]

# docs/records.md: "S", "H", "D", "C", or null / "none" for no trump; the checker also reads
# the suits' names, lower case letters and "NT".
DOCUMENTED = ["S", "H", "D", "C", None, "none"]
ALSO_READ = ["nt", "NT", "no trump", "spades", "h", "Clubs"]
STORED = {"S": "S", "H": "H", "D": "D", "C": "C", None: "NT", "none": "NT", "nt": "NT",
          "NT": "NT", "no trump": "NT", "spades": "S", "h": "H", "Clubs": "C"}
SHEET_CHOICES = ["S", "H", "D", "C", "none", ""]  # the scoresheet page's trump <select>


@pytest.fixture
def night(club_b, bob):
    season = SeasonFactory(club=club_b, game="bluke")
    return EventFactory(club=club_b, season=season, game="bluke")


def _table(night, players):
    return seated_table(night.club, players, round=RoundFactory(event=night))


def _names(players):
    return [p.display_name for p in players]


def scoresheet_record(players, spellings, *, seed=5):
    """A complete scoresheet (bids and tricks only), trump cycling through `spellings`."""
    full = played_record(seed=seed, seats=_names(players))
    hands = [{"bids": h["bids"], "tricks": h["tricks"], "trump": spellings[i % len(spellings)]}
             for i, h in enumerate(full["hands"])]
    return {"game": "bluke", "seats": full["seats"], "hands": hands}


def card_by_card_without_tricks(players, *, seed=6, keep_cards=False):
    record = played_record(seed=seed, seats=_names(players))
    for hand in record["hands"]:
        del hand["tricks"]
        hand.pop("scores")
        if not keep_cards:
            del hand["cards"]
    return record


def post_api(client, table, record):
    return client.post(f"/api/v1/tables/{table.pk}/result/", record, format="json")


def post_admin(client, table, record):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    url = reverse("admin:tournaments_table_result", args=[table.pk])
    return client.post(url, {"record": json.dumps(record), "correction_reason": ""})


def post_sheet(client, bob, table, record):
    client.force_login(bob)
    data = {}
    for number, hand in enumerate(record["hands"], start=1):
        data[f"trump-{number}"] = hand["trump"]
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            data[f"bid-{number}-{seat}"] = str(bid)
            data[f"tricks-{number}-{seat}"] = str(won)
    return client.post(reverse("tournaments:table-scoresheet", args=[table.pk]), data)


def assert_pages_open(client, game: TableResult):
    """Everything that reads hands answers 200, for a visitor and for the API."""
    client.logout()
    table = game.table
    event = table.round.event
    for seat in table.seats.all():
        url = reverse("league:player-detail", args=[seat.player_id])
        assert client.get(url).status_code == 200, url
    assert client.get(reverse("tournaments:event-detail", args=[event.pk])).status_code == 200
    if event.season_id:
        url = reverse("league:season-standings", args=[event.season_id])
        assert client.get(url).status_code == 200
    assert client.get(f"/api/v1/games/{game.pk}/").status_code == 200
    assert client.get(f"/api/v1/hands/?game={game.pk}").status_code == 200
    assert client.get(reverse("league:club-detail", args=[event.club.slug])).status_code == 200


def assert_hands_complete(game: TableResult, spellings=None):
    hands = list(game.hands.order_by("number"))
    assert len(hands) == 25 and game.status == ResultStatus.COMPLETE
    for index, hand in enumerate(hands):
        assert len(hand.tricks) == 4 and sum(hand.tricks) == hand.cards > 0, hand
        if spellings is not None:
            assert hand.trump == STORED.get(spellings[index % len(spellings)], ""), hand


def test_it_stores_each_trump_spelling_in_one_form():
    for spelling, stored in STORED.items():
        assert canonical_trump({"trump": spelling}) == stored
    assert canonical_trump({}) == ""
    assert canonical_trump({"turned": "9D", "plays": ["9D"]}) == "D"
    assert canonical_trump({"turned": None, "plays": ["AS"]}) == "NT"


@pytest.mark.parametrize("spellings", [DOCUMENTED, ALSO_READ], ids=["documented", "also-read"])
def test_the_api_stores_every_trump_spelling_and_the_pages_open(client, client_as, night,
                                                                players_b, spellings):
    table = _table(night, players_b)
    response = post_api(client_as("token_b"), table, scoresheet_record(players_b, spellings))
    assert response.status_code == 201, response.content
    game = TableResult.objects.get(table=table)
    assert_hands_complete(game, spellings)
    assert_pages_open(client, game)
    no_trump = sum(STORED[spellings[i % len(spellings)]] == "NT" for i in range(25))
    hands = client.get(f"/api/v1/hands/?game={game.pk}&trump=NT").json()
    assert hands["count"] == no_trump > 0


def test_the_scoresheet_page_stores_no_trump_and_the_pages_open(client, night, bob,
                                                                players_b):
    table = _table(night, players_b)
    response = post_sheet(client, bob, table, scoresheet_record(players_b, SHEET_CHOICES))
    assert response.status_code == 302, response.content.decode()[:2000]
    game = TableResult.objects.get(table=table)
    assert_hands_complete(game, SHEET_CHOICES)
    assert_pages_open(client, game)
    client.force_login(bob)  # the stored sheet shows again with "no trump" selected
    page = client.get(reverse("tournaments:table-scoresheet", args=[table.pk])).content.decode()
    assert '<option value="none" selected>no trump</option>' in page


def test_the_admin_stores_every_trump_spelling_and_its_pages_open(client, night, players_b):
    table = _table(night, players_b)
    response = post_admin(client, table, scoresheet_record(players_b, DOCUMENTED + ALSO_READ))
    assert response.status_code == 302, response.content.decode()[:2000]
    game = TableResult.objects.get(table=table)
    assert_hands_complete(game, DOCUMENTED + ALSO_READ)
    for url in (reverse("admin:tournaments_tableresult_change", args=[game.pk]),
                reverse("admin:tournaments_hand_changelist") + "?trump=NT"):
        assert client.get(url).status_code == 200, url
    assert_pages_open(client, game)


@pytest.mark.parametrize("door", ["api", "admin"])
def test_a_card_by_card_record_without_tricks_gets_them_from_the_plays(client, client_as, night,
                                                                       players_b, door):
    table = _table(night, players_b)
    record = card_by_card_without_tricks(players_b)
    post = post_api(client_as("token_b"), table, record) if door == "api" \
        else post_admin(client, table, record)
    assert post.status_code in (201, 302), post.content.decode()[:2000]
    game = TableResult.objects.get(table=table)
    assert_hands_complete(game)
    played = played_record(seed=6, seats=_names(players_b))
    assert [h.tricks for h in game.hands.order_by("number")] == \
        [h["tricks"] for h in played["hands"]]
    assert [h.cards for h in game.hands.order_by("number")] == \
        [h["cards"] for h in played["hands"]]
    assert_pages_open(client, game)


def test_back_alley_team_tricks_are_counted_per_side_on_the_player_page(client, client_as,
                                                                        club_b, players_b):
    event = EventFactory(club=club_b, game="back-alley")
    table = seated_table(club_b, players_b, game="back-alley", round=RoundFactory(event=event))
    full = played_record("back-alley", seed=2, seats=_names(players_b))
    hands = [{"bids": h["bids"], "tricks": [h["tricks"][0] + h["tricks"][2],
                                            h["tricks"][1] + h["tricks"][3]],
              "trump": h["trump"]} for h in full["hands"]]
    record = {"game": "back-alley", "seats": full["seats"], "hands": hands}
    response = post_api(client_as("token_b"), table, record)
    assert response.status_code == 201, response.content
    game = TableResult.objects.get(table=table)
    assert all(len(h.tricks) == 2 for h in game.hands.all())
    assert_pages_open(client, game)


def test_a_bot_table_stores_complete_hands_and_the_pages_open(client, night, club_b, bob):
    table = _table(night, [None] * 4)
    table_fill_with_bots(table=table, user=bob, strength="random")
    game = table_play_with_bots(table=table)
    assert_hands_complete(game)
    assert set(Hand.objects.filter(game=game).values_list("trump", flat=True)) <= \
        {"S", "H", "D", "C", "NT"}
    assert_pages_open(client, game)


def test_the_migration_repairs_hands_stored_before_the_stored_form(client, client_as, night,
                                                                   players_b):
    """Rows as written before: no trump for "none", no tricks nor cards for plays-only hands."""
    import importlib

    from django.apps import apps

    repair = importlib.import_module("tournaments.migrations.0002_hand_trump_stored_form")
    games = []
    for record in (card_by_card_without_tricks(players_b),
                   scoresheet_record(players_b, DOCUMENTED)):
        table = _table(night, players_b)
        assert post_api(client_as("token_b"), table, record).status_code == 201
        games.append(TableResult.objects.get(table=table))
    good = {h.pk: (h.trump, h.tricks, h.cards) for h in Hand.objects.all()}
    Hand.objects.filter(game=games[0]).update(tricks=[], cards=0)
    Hand.objects.filter(game=games[1], trump="NT").update(trump="", tricks=[])
    repair.repair_hands(TodaysModels(apps), None)
    assert {h.pk: (h.trump, h.tricks, h.cards) for h in Hand.objects.all()} == good
    for game in games:
        assert_pages_open(client, game)
