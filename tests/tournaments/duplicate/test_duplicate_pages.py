"""A duplicate night's pages: the organiser's plan and comparisons, the dry run, the deal
slips (print on A4), the hand records and the standings by matchpoint percentage."""

from datetime import date

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from games import rules
from tests.tournaments.duplicate.helpers import duplicate_night
from tournaments.card_words import card_label
from tournaments.models import Event, EventFormat, Table
from tournaments.selectors_boards import sort_cards
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_close

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def night(club_b, bob):
    return duplicate_night(club_b, bob, "bluke", tables=2, rounds=1, boards=2)


def test_the_organiser_sees_the_comparisons_and_the_board_links(client, bob, night):
    client.force_login(bob)
    page = client.get(reverse("tournaments:event-detail", args=[night.pk])).content.decode()
    assert "Who is compared with whom" in page
    assert reverse("tournaments:board-slips", args=[night.pk]) in page
    assert reverse("league:hand-records", args=[night.pk]) in page


def test_a_player_sees_no_board_links_before_the_night_closes(client, night):
    page = client.get(reverse("tournaments:event-detail", args=[night.pk])).content.decode()
    assert reverse("tournaments:board-slips", args=[night.pk]) not in page


def test_the_slips_list_every_seats_cards_sorted_and_the_checksum(client, bob, night):
    client.force_login(bob)
    page = client.get(reverse("tournaments:board-slips", args=[night.pk])).content.decode()
    board = night.rounds.get().boards.get(number=2)
    assert 'id="board-1-2"' in page and board.checksum in page
    assert page.count('class="print-card board-slip"') == 2
    assert "boards.css" in page and "print-fonts.css" in page and "data-print" in page
    assert "onclick" not in page
    seat_one = [card_label(c) for c in sort_cards(rules.load("bluke", players=4),
                                                   board.deal["deal"]["hands"][0])]
    assert "</span> <span class=\"card\">".join(seat_one) in page
    round_two = client.get(reverse("tournaments:board-slips", args=[night.pk]) + "?round=2")
    assert round_two.status_code == 200
    assert 'class="print-card board-slip"' not in round_two.content.decode()


def test_cards_are_sorted_by_suit_highest_first_in_the_games_order():
    bluke = rules.load("bluke", players=4)
    assert sort_cards(bluke, ["2S", "AH", "KS", "3H", "AS", "TC"]) == \
        ["AS", "KS", "2S", "AH", "3H", "TC"]
    twenty_nine = rules.load("twenty-nine", players=4)  # J 9 A T K Q 8 7
    assert sort_cards(twenty_nine, ["AS", "7S", "JS", "9S"]) == ["JS", "9S", "AS", "7S"]


def test_the_slips_print_on_a4():
    site = open(finders.find("css/site.css")).read()
    boards = open(finders.find("css/boards.css")).read()
    assert "@page { size: A4" in site
    assert "break-inside: avoid" in boards and "@media print" in boards


def test_a_played_night_closes_with_matchpoint_standings_and_hand_records(client, bob, night):
    for table in Table.objects.filter(round__event=night):
        table_play_with_bots(table=table)
    event_close(event=night, user=bob)
    page = client.get(reverse("tournaments:event-detail", args=[night.pk])).content.decode()
    assert "MP %" in page and "duplicate-standings" in page
    assert reverse("league:hand-records", args=[night.pk]) in page
    records = client.get(reverse("league:hand-records", args=[night.pk]))
    assert records.status_code == 200
    text = records.content.decode()
    # two tables: on each board each seat's two results share one matchpoint
    assert text.count("/ 1</td>") == 2 * 4 * 2


def test_the_dry_run_of_a_duplicate_night_counts_comparisons(client, club_b, bob):
    from tests.tournaments.duplicate.helpers import bots
    from tournaments.services.events import event_create
    from tournaments.services.seating import event_set_attendance

    event = event_create(club=club_b, name="Dup", date=date(2026, 12, 1), user=bob,
                         game="bluke", format=EventFormat.DUPLICATE)
    event_set_attendance(event=event, players=bots(club_b, 9), user=bob)
    client.force_login(bob)
    page = client.get(reverse("organiser:night-preview", args=[event.pk]) + "?rounds=2&seed=3")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Who is compared with whom" in text and "Sitting out" in text


def test_the_organiser_chooses_duplicate_and_the_boards_on_the_new_night_form(client, club_b,
                                                                              bob):
    client.force_login(bob)
    response = client.post(reverse("organiser:tournament-new", args=[club_b.slug]), {
        "name": "Duplicate Bluke", "date": "2026-12-04", "game": "bluke",
        "format": "duplicate", "boards_per_round": "6", "opt-variant": "standard"})
    assert response.status_code == 302
    event = Event.objects.get(name="Duplicate Bluke")
    assert event.format == EventFormat.DUPLICATE and event.boards_per_round == 6
    refused = client.post(reverse("organiser:tournament-new", args=[club_b.slug]), {
        "name": "Too many", "date": "2026-12-04", "game": "bluke", "format": "duplicate",
        "boards_per_round": "30", "opt-variant": "standard"})
    assert refused.status_code == 200 and "at most 25" in refused.content.decode()
