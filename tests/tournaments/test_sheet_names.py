"""Seat and side fields name people: on every engine game's scoresheet page a field whose
value is a seat or a side is a choice of the players' names (never a bare number counted
from 0), a list cell takes players by name, and every field says what it holds, on the
page and in GET /api/v1/rulesets/."""

import pytest
from django.urls import reverse

from games import rules
from tests.factories import PlayerFactory, seated_table
from tournaments.engine_sheet import EngineSheet
from tournaments.sheet_fields import list_text, parse_list, sheet_fields

pytestmark = pytest.mark.django_db

# the rules core's games (a test module may register a made-up game of its own)
ENGINE_GAMES = [name for name, cls in rules.GAMES.items()
                if rules.writes_summaries(cls) and cls.__module__.startswith("games.")]

# whom each field (or list part, "field.part") names, read from the rule texts
NAMED = {
    "joker": {},
    "calypso": {},
    "couillon": {"accepted": "seat", "winner": "side"},
    "twenty-nine": {"bidder": "seat", "royals": "seat"},
    "buck-euchre": {"maker": "seat"},
    "pitch": {"pitcher": "seat", "high": "side", "low": "side", "jack": "side",
              "game": "side"},
    "mighty": {"declarer": "seat", "partner": "seat"},
    "ribs": {"trick_results.bidder": "seat", "trick_results.cracker": "seat"},
    "six-pack-bezique": {"melds.seat": "seat", "last_trick": "seat"},
    "california-jack": {"high": "seat", "low": "seat", "jack": "seat", "game": "seat"},
    "minnesota-whist": {"grander": "seat"},
}


def _named_fields(cls) -> dict:
    named = {}
    for field in sheet_fields(cls):
        if field.kind in ("seat", "side"):
            named[field.name] = field.kind
        for part, kind in zip(field.parts, field.part_kinds, strict=True):
            if kind in ("seat", "side"):
                named[f"{field.name}.{part}"] = kind
    return named


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_it_offers_every_seat_and_side_field_as_a_choice_of_names(name):
    assert _named_fields(rules.GAMES[name]) == NAMED[name]


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_no_field_that_counts_seats_or_sides_from_0_is_left_a_bare_number(name):
    """A new field 0..(seats-1) or 0..(sides-1) without "x-names" would be typed as a
    number again: the California Jack High = 1 that gave the point to the other player."""
    cls = rules.GAMES[name]
    game = rules.load(name, players=cls.min_players)
    tops = {cls.max_players - 1, cls.min_players - 1} | (
        {len(game.teams) - 1} if cls.partnership else set())
    for field in sheet_fields(cls):
        if field.kind == "integer" and field.minimum == 0:
            assert field.maximum not in tops, f"{name} {field.name} counts seats or sides"


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_the_rulesets_api_describes_every_field(client_as, name):
    body = {g["name"]: g for g in client_as("anonymous").get("/api/v1/rulesets/").json()}
    sheet = body[name]["sheet"]
    assert sheet
    for field in sheet:
        assert field["description"].strip(), f"{name} {field['name']} has no description"
    assert {f["name"]: f["kind"] for f in sheet if f["kind"] in ("seat", "side")} == {
        key: kind for key, kind in NAMED[name].items() if "." not in key}


def _table(club, game, names):
    players = [PlayerFactory(display_name=name) for name in names]
    return seated_table(club, players, game=game)


def _page(client, bob, table) -> str:
    client.force_login(bob)
    response = client.get(reverse("tournaments:table-scoresheet", args=[table.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _options(html: str, select_id: str) -> list[str]:
    from html.parser import HTMLParser

    class Options(HTMLParser):
        inside, found, current = False, [], None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "select":
                self.inside = attrs.get("id") == select_id
            elif tag == "option" and self.inside:
                self.current = attrs.get("value")

        def handle_endtag(self, tag):
            if tag == "select":
                self.inside = False

        def handle_data(self, data):
            if self.inside and self.current is not None:
                self.found.append(f"{self.current}={data}")
                self.current = None

    parser = Options()
    parser.found = []
    parser.feed(html)
    return parser.found


def test_california_jacks_points_are_chosen_by_the_players_names(client, plain_http, club_b,
                                                                bob):
    html = _page(client, bob, _table(club_b, "california-jack", ["Ann", "Bo"]))
    for field in ("high", "low", "jack"):
        assert _options(html, f"f-1-{field}") == ["=—", "0=Ann", "1=Bo"]
    assert _options(html, "f-1-game") == ["=none", "0=Ann", "1=Bo"]
    assert 'id="about-high"' in html and "the player who captured the ace of trumps" in html
    assert 'aria-describedby="about-high"' in html


def test_pitchs_pitcher_is_a_player_and_its_points_go_to_sides_named_by_their_players(
        client, plain_http, club_b, bob):
    html = _page(client, bob, _table(club_b, "pitch", ["Ann", "Bo", "Cy", "Di"]))
    assert _options(html, "f-1-pitcher") == ["=—", "0=Ann", "1=Bo", "2=Cy", "3=Di"]
    for field in ("high", "low", "jack", "game"):
        assert _options(html, f"f-1-{field}") == ["=none", "0=Ann & Cy", "1=Bo & Di"]


def test_a_california_jack_row_saved_by_names_stores_the_seats_it_names(client, plain_http,
                                                                       club_b, bob):
    """The reproduction: High to the first player must store seat 0, and the checker's
    verdict follows the names chosen."""
    table = _table(club_b, "california-jack", ["Ann", "Bo"])
    played = played_hands("california-jack", table)
    client.force_login(bob)
    data = {}
    for number, hand in enumerate(played, start=1):
        for key, value in hand["summary"].items():
            data[f"f-{number}-{key}"] = "" if value is None else str(value)
    response = client.post(reverse("tournaments:table-scoresheet", args=[table.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    stored = table.result.record["hands"]
    assert [h["summary"] for h in stored] == [h["summary"] for h in played]


def played_hands(game, table, hands=2):
    from tests.factories import played_record

    names = [s.player.display_name for s in table.seats.order_by("position")]
    return played_record(game, players=len(names), seed=5, seats=names, hands=hands)["hands"]


RIBS = next(f for f in sheet_fields(rules.GAMES["ribs"]) if f.name == "trick_results")
NAMES = {"seat": ["Ann", "Bo", "Cy", "Di"], "side": []}


def test_a_list_cell_takes_players_by_name_or_by_their_number_from_1():
    assert parse_list("Ann:5:made, cy:4:cracked:BO, 4:3:missed", RIBS, NAMES) == [
        {"bidder": 0, "bid": 5, "outcome": "made"},
        {"bidder": 2, "bid": 4, "outcome": "cracked", "cracker": 1},
        {"bidder": 3, "bid": 3, "outcome": "missed"}]
    stored = [{"bidder": 0, "bid": 5, "outcome": "made"},
              {"bidder": 2, "bid": 4, "outcome": "cracked", "cracker": 1}]
    assert list_text(stored, RIBS, NAMES) == "Ann:5:made, Cy:4:cracked:Bo"
    assert parse_list(list_text(stored, RIBS, NAMES), RIBS, NAMES) == stored


def test_a_name_two_players_share_is_written_as_the_seat_number_from_1():
    names = {"seat": ["Ann", "Bo", "Ann", "Di"], "side": []}
    stored = [{"bidder": 2, "bid": 5, "outcome": "cracked", "cracker": 0}]
    assert list_text(stored, RIBS, names) == "3:5:cracked:1"
    assert parse_list("3:5:cracked:1", RIBS, names) == stored
    assert parse_list("Ann:5:made", RIBS, names) == [{"bidder": "Ann", "bid": 5,
                                                       "outcome": "made"}]


def test_a_stored_ribs_hand_reads_back_by_names_on_the_page(club_b):
    table = _table(club_b, "ribs", ["Ann", "Bo", "Cy", "Di"])
    hands = played_hands("ribs", table, hands=1)
    game = rules.load("ribs", players=4)
    sheet = EngineSheet(table=table, seat_names=["Ann", "Bo", "Cy", "Di"], game=game,
                        record={"hands": hands})
    cell = next(c for c in sheet.rows[0].cells if c.field.name == "trick_results")
    assert cell.text and not cell.text[0].isdigit()
    written = [{k: v for k, v in item.items() if v is not None}  # a blank last part
               for item in hands[0]["summary"]["trick_results"]]
    assert sheet.rows[0].summary()["trick_results"] == written


def test_the_bluke_sheet_says_what_each_column_holds(client, plain_http, table_b, bob):
    html = _page(client, bob, table_b)
    assert 'id="about-bids">the tricks each player bid to take<' in html
    assert 'id="about-tricks">the tricks each player took<' in html
    assert 'id="about-score">each player\'s running total' in html
    assert 'aria-describedby="about-bids"' in html and 'aria-describedby="about-tricks"' in html


def test_a_partnership_sheet_says_its_scores_are_per_side(client, plain_http, club_b, bob):
    html = _page(client, bob, _table(club_b, "pitch", ["Ann", "Bo", "Cy", "Di"]))
    assert 'id="about-score">each side\'s running total' in html
