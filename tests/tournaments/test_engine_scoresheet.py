"""The scoresheet page of an engine game, generated from its SUMMARY_SCHEMA: inputs per seat,
per side, per hand and list cells; the live check puts errors at the cell; saving stores
each hand's summary."""

import pytest
from django.urls import reverse

from games import rules
from tests.factories import played_record, seated_table
from tournaments.models import TableResult
from tournaments.sheet_fields import list_text, parse_list, sheet_fields

pytestmark = pytest.mark.django_db


class Sheet:
    """A made-up game's sheet: one field of every kind the contract allows."""

    SUMMARY_SCHEMA = {
        "trump": {"title": "Trump", "x-per": "hand", "enum": ["S", "H", "D", "C"]},
        "maker": {"title": "Maker", "x-per": "hand", "type": ["integer", "null"],
                  "minimum": 0, "maximum": 3, "x-names": "seat",
                  "description": "the player who made trump"},
        "points": {"title": "Points", "x-per": "side", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 40}},
        "stayed": {"title": "Stayed", "x-per": "seat", "type": "array",
                   "items": {"type": "boolean"}},
        "melds": {"title": "Melds", "x-per": "list", "type": "array",
                  "items": {"type": "object", "properties": {
                      "seat": {"type": "integer"}, "meld": {"enum": ["marriage", "run"]},
                      "points": {"type": ["integer", "null"]}}}},
    }


def test_the_sheet_is_read_from_the_schema():
    fields = {f.name: f for f in sheet_fields(Sheet)}
    assert [(f.per, f.kind) for f in fields.values()] == [
        ("hand", "enum"), ("hand", "seat"), ("side", "integer"), ("seat", "boolean"),
        ("list", "list")]
    assert fields["trump"].choices == ("S", "H", "D", "C")
    assert fields["maker"].nullable and fields["maker"].maximum == 3
    assert fields["points"].minimum == 0 and fields["points"].maximum == 40
    melds = fields["melds"]
    assert melds.parts == ("seat", "meld", "points")
    assert parse_list("0:marriage:20, 1:run", melds) == [
        {"seat": 0, "meld": "marriage", "points": 20}, {"seat": 1, "meld": "run"}]
    assert list_text([{"seat": 0, "meld": "run", "points": None}], melds) == "0:run"


def _joker_table(club_b, players_b):
    return seated_table(club_b, players_b, game="joker")


def test_a_joker_sheet_has_bid_and_tricks_inputs_per_seat(client, plain_http, club_b,
                                                          players_b, bob):
    table = _joker_table(club_b, players_b)
    client.force_login(bob)
    page = client.get(reverse("tournaments:table-scoresheet", args=[table.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="f-1-bids-0"' in html and 'name="f-24-tricks-3"' in html
    assert 'inputmode="numeric"' in html and "the tricks each player took (0 to 9)" in html


def _typed(record_hands):
    data = {}
    for number, hand in enumerate(record_hands, start=1):
        for field in ("bids", "tricks"):
            for seat, value in enumerate(hand["summary"][field]):
                data[f"f-{number}-{field}-{seat}"] = str(value)
    return data


def test_the_live_check_flags_the_cell_and_saving_stores_the_summaries(
        client, plain_http, club_b, players_b, bob):
    table = _joker_table(club_b, players_b)
    client.force_login(bob)
    hands = played_record("joker", seed=3, hands=3,
                          seats=[p.display_name for p in players_b])["hands"]
    data = _typed(hands)
    data["f-2-tricks-1"] = str(hands[1]["summary"]["tricks"][1] + 5)  # out of range
    check = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]), data)
    assert check.status_code == 200
    body = check.content.decode()
    assert 'id="flag-2-tricks-1" hx-swap-oob="true">!' in body
    assert 'id="flag-1-tricks-1" hx-swap-oob="true"></span>' in body
    saved = client.post(reverse("tournaments:table-scoresheet", args=[table.pk]),
                        _typed(hands))
    assert saved.status_code == 302
    game = TableResult.objects.get(table=table)
    assert [h.summary for h in game.hands.order_by("number")] == [h["summary"] for h in hands]
    again = client.get(reverse("tournaments:table-scoresheet", args=[table.pk])).content
    assert f'id="f-3-bids-0" value="{hands[2]["summary"]["bids"][0]}"' in again.decode()


def test_every_engine_game_sheet_page_opens(client, plain_http, club_b, players_b, bob):
    """The page of every registered engine game renders its generated inputs (sizes from
    the game's own table shape, extra bots as players)."""
    from league.models import Player

    client.force_login(bob)
    extra = [Player.objects.create(display_name=f"X{i}") for i in range(8)]
    for name, cls in rules.GAMES.items():
        if not hasattr(cls, "build_phases"):
            continue
        players = (players_b + extra)[:cls.min_players]
        table = seated_table(club_b, players, game=name)
        page = client.get(reverse("tournaments:table-scoresheet", args=[table.pk]))
        assert page.status_code == 200, name
        first = next(iter(cls.SUMMARY_SCHEMA))
        assert f'name="f-1-{first}' in page.content.decode(), name
