"""The live check never goes quiet: a finished row the checker cannot give a verdict
(a hand above it is wrong) says "not checked" instead of showing nothing, in the Bluke
family's sheet and in an engine game's, on the page and in the htmx answer."""

import re

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, played_record, seated_table

pytestmark = pytest.mark.django_db


def _check_box(html: str, number: int) -> str:
    match = re.search(rf'<div id="check-{number}" class="([^"]*)"[^>]*>(.*?)</div>', html, re.S)
    assert match, f"no check box for hand {number}"
    return match.group(1) + " | " + match.group(2)


def _bluke_rows(hands):
    data = {}
    for number, hand in enumerate(hands, start=1):
        if hand.get("trump"):
            data[f"trump-{number}"] = hand["trump"]
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            data[f"bid-{number}-{seat}"] = str(bid)
            data[f"tricks-{number}-{seat}"] = str(won)
    return data


def _engine_rows(hands) -> dict:
    data = {}
    for number, hand in enumerate(hands, start=1):
        for key, value in hand["summary"].items():
            values = value if isinstance(value, list) else [value]
            for index, one in enumerate(values):
                suffix = f"-{index}" if isinstance(value, list) else ""
                data[f"f-{number}-{key}{suffix}"] = "" if one is None else str(one)
    return data


def test_a_finished_row_below_a_wrong_one_says_not_checked(client, plain_http, club_b, bob):
    """Mighty's checker stops at a wrong hand: the rows below it had an empty check
    column, which reads as "fine" at the table."""
    players = [PlayerFactory(display_name=name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
    table = seated_table(club_b, players, game="mighty")
    hands = played_record("mighty", players=5, seed=3, hands=3,
                          seats=[p.display_name for p in players])["hands"]
    data = _engine_rows(hands)
    data["f-1-contract"] = "21"  # 13 to 20
    client.force_login(bob)
    answer = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]), data)
    html = answer.content.decode()
    assert "bad" in _check_box(html, 1) and "13 to 20" in _check_box(html, 1)
    for number in (2, 3):
        box = _check_box(html, number)
        assert "unchecked" in box and "not checked" in box and "✓" not in box
    data["f-1-contract"] = str(hands[0]["summary"]["contract"])
    answer = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]), data)
    assert all("✓" in _check_box(answer.content.decode(), n) for n in (1, 2, 3))


def test_a_put_right_sheet_checks_every_row_again(client, plain_http, table_b, bob):
    names = [s.player.display_name for s in table_b.seats.order_by("position")]
    data = _bluke_rows(played_record(seats=names, seed=2, hands=3)["hands"])
    client.force_login(bob)
    answer = client.post(reverse("tournaments:table-scoresheet-check", args=[table_b.pk]), data)
    html = answer.content.decode()
    for number in (1, 2, 3):
        assert "good" in _check_box(html, number) and "✓" in _check_box(html, number)
    assert "not checked" not in html


def test_an_out_of_range_number_reaches_the_check_and_is_named(client, plain_http, club_b,
                                                               players_b, bob):
    """A Joker row with tricks 12 (0 to 9): the page's inputs hold text the browser sends
    whatever it is, and the answer names the cell instead of leaving the old verdict."""
    table = seated_table(club_b, players_b, game="joker")
    client.force_login(bob)
    page = client.get(reverse("tournaments:table-scoresheet", args=[table.pk])).content.decode()
    assert 'novalidate' in page and 'data-unchecked="not checked' in page
    assert not re.search(r'<input type="number"[^>]*name="f-', page)
    hands = played_record("joker", seed=3, hands=1,
                          seats=[p.display_name for p in players_b])["hands"]
    data = {f"f-1-{field}-{seat}": str(value) for field in ("bids", "tricks")
            for seat, value in enumerate(hands[0]["summary"][field])}
    data["f-1-tricks-2"] = "12"
    answer = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]), data)
    box = _check_box(answer.content.decode(), 1)
    assert "bad" in box and "✓" not in box
