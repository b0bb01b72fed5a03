"""Game-correct sheets: the rows and the dealers of the paper sheet and of the entry page come
from each game's rules; table cards say which seating plan they print."""

import re

import pytest
from django.urls import reverse

from games import rules
from tests.factories import (
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    played_record,
    seated_table,
)
from tournaments.models import ResultStatus
from tournaments.services.results import result_submit
from tournaments.sheet_rows import PAPER_ROWS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
NAMES = ["Bob", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
SIZES = {"mighty": 5, "ribs": 5}


@pytest.fixture(autouse=True)
def _organiser(client, bob):
    client.force_login(bob)  # the seating is not published: the organiser prints it


@pytest.fixture
def seat(club_b, players_b):
    """A table of `game` at club B: Bob, Bea, Cal, Dot (and more players as needed)."""
    extra = [PlayerFactory(display_name=name) for name in NAMES[4:]]
    for player in extra:
        MembershipFactory(club=club_b, player=player)
    everyone = [*players_b, *extra]

    def make(game, players=4, first_dealer=0, **options):
        table = seated_table(club_b, everyone[:players], game=game, options=options)
        table.first_dealer = first_dealer
        table.save()
        return table
    return make


def _paper_rows(client, table) -> list[tuple[str, str]]:
    html = client.get(reverse("tournaments:blank-scoresheets",
                              args=[table.round.event.pk])).content.decode()
    return re.findall(r'<tr><td class="num">(\d+)</td>(?:<td class="num">\d+</td>)?'
                      r'<td class="dealer[^"]*">([^<]*)</td>', html)


def _entry_rows(client, table) -> list[tuple[str, str]]:
    html = client.get(reverse("tournaments:table-scoresheet", args=[table.pk])).content.decode()
    return re.findall(r'<tr id="hand-(\d+)".*?<td class="dealer" id="dealer-\d+">(.*?)</td>',
                      html, re.S)


def _played(table, hands=None, seed=1) -> dict:
    """A legal record of the table's game, played at random from its first dealer."""
    import random

    game = rules.load(table.game, players=table.seats.count(), **(table.options or {}))
    state = game.new_match(seed, first_dealer=table.first_dealer)
    rng = random.Random(seed)
    while not state.is_terminal() and (hands is None or len(state.hand_log) < hands):
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record([seat.player.display_name for seat in table.seats.all()])


class TestPaperSheet:
    def test_a_mighty_sheet_has_a_row_per_hand_and_leaves_later_dealers_to_be_written(
            self, client, seat):
        table = seat("mighty", players=5, first_dealer=1)
        rows = _paper_rows(client, table)
        assert [number for number, _ in rows] == [str(n) for n in range(1, 11)]
        assert [dealer for _, dealer in rows] == ["Bea"] + [""] * 9
        html = client.get(reverse("tournaments:blank-scoresheets",
                                  args=[table.round.event.pk])).content.decode()
        assert "who deals next depends on the hand just played" in html

    def test_a_set_number_of_hands_gives_that_many_rows(self, client, seat):
        assert len(_paper_rows(client, seat("mighty", players=5, hands=6))) == 6
        assert len(_paper_rows(client, seat("six-pack-bezique", players=2))) == 1

    @pytest.mark.parametrize("name", sorted(rules.GAMES))
    def test_every_game_prints_its_own_rows_and_dealers(self, client, seat, name):
        players = SIZES.get(name, min(rules.GAMES[name].max_players, 4))
        table = seat(name, players=players, first_dealer=1)
        game = rules.load(name, players=players)
        hands = len(game.schedule) if game.schedule else game.ending.hands() or PAPER_ROWS
        rows = _paper_rows(client, table)
        assert len(rows) == hands
        names = NAMES[:players]
        expected = [names[game.sheet_dealer(1, i, None)]
                    if game.sheet_dealer(1, i, None) is not None else "" for i in range(hands)]
        assert [dealer for _, dealer in rows] == expected


class TestEntryPage:
    def test_a_mighty_sheet_passes_the_deal_to_the_partner(self, client, bob, seat):
        table = seat("mighty", players=5)
        record = _played(table, hands=6)
        result_submit(table=table, record=record, source="form", user=bob)
        rows = _entry_rows(client, table)
        assert len(rows) == 10  # the match's ten hands, no spare rows
        dealers = [NAMES[hand["dealer"]] for hand in record["hands"]]
        assert dealers != [NAMES[i % 5] for i in range(6)]  # not seat by seat
        last = record["hands"][-1]["summary"]
        after = NAMES[last["declarer"] if last["partner"] is None else last["partner"]]
        assert [dealer for _, dealer in rows[:7]] == [*dealers, after]
        assert "after hand 7" in rows[7][1]  # hand 7 is not written yet

    def test_the_live_check_names_the_next_dealer_once_the_hand_before_is_written(
            self, client, bob, seat):
        table = seat("mighty", players=5)
        summary = _played(table, hands=1)["hands"][0]["summary"]
        data = {f"f-1-{key}": "" if value is None else str(value)
                for key, value in summary.items()}
        html = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]),
                           data).content.decode()
        dealer = summary["declarer"] if summary["partner"] is None else summary["partner"]
        assert re.search(rf'<td class="dealer" id="dealer-2" hx-swap-oob="true">'
                         rf'{NAMES[dealer]}</td>', html)

    def test_a_complete_result_gets_no_spare_rows(self, client, bob, seat):
        table = seat("california-jack", players=2)
        record = played_record("california-jack", players=2, seats=NAMES[:2])
        result = result_submit(table=table, record=record, source="form", user=bob).game
        assert result.status == ResultStatus.COMPLETE
        assert len(_entry_rows(client, table)) == len(record["hands"])

    def test_a_match_in_progress_keeps_spare_rows_for_the_next_hands(self, client, bob, seat):
        table = seat("pitch")
        record = played_record("pitch", seats=NAMES[:4], hands=8)
        result = result_submit(table=table, record=record, source="form", user=bob).game
        assert result.status != ResultStatus.COMPLETE
        assert len(_entry_rows(client, table)) == 8 + 6


class TestTableCards:
    def test_a_table_card_carries_the_time_of_the_plan_it_prints(self, client, club_b,
                                                                 players_b):
        night = EventFactory(club=club_b, seating={"planned_at": "2026-11-27T18:42:10+00:00"})
        seated_table(club_b, players_b, round=RoundFactory(event=night))
        html = client.get(reverse("tournaments:table-cards", args=[night.pk])).content.decode()
        card = html[html.index('class="print-card table-card"'):]
        assert "Seating planned 27 Nov 2026, 18:42" in card
        html = client.get(reverse("tournaments:player-cards", args=[night.pk])).content.decode()
        assert "Seating planned 27 Nov 2026, 18:42" in html
