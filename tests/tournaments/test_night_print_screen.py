"""Printing a night (cards, blank paper scoresheets) and the night on a big screen."""

import re

import pytest
from django.urls import reverse

from games import rules
from tests.factories import played_record, seated_table
from tournaments.models import EventStatus
from tournaments.services.results import result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _sheets_page(client, event, **query):
    url = reverse("tournaments:blank-scoresheets", args=[event.pk])
    return client.get(url, query).content.decode()


class TestPaperScoresheets:
    @pytest.fixture(autouse=True)
    def _organiser(self, client, bob):
        client.force_login(bob)  # the seating is not published yet: organisers print it

    def test_it_lays_out_every_deal_with_its_cards_and_dealer_from_the_first_dealer(
            self, client, table_b):
        table_b.first_dealer = 2
        table_b.save()
        html = _sheets_page(client, table_b.round.event)
        schedule = rules.load("bluke", players=4).schedule
        rows = re.findall(r'<tr><td class="num">(\d+)</td><td class="num">(\d+)</td>'
                          r'<td class="dealer">([^<]+)</td>', html)
        assert [int(cards) for _, cards, _ in rows] == schedule
        names = ["Bob", "Bea", "Cal", "Dot"]
        assert [dealer for _, _, dealer in rows[:5]] == [names[(2 + i) % 4] for i in range(5)]

    def test_it_fills_in_the_names_and_leaves_bid_tricks_score_and_total_blank(
            self, client, table_b):
        html = _sheets_page(client, table_b.round.event)
        for number, name in enumerate(["Bob", "Bea", "Cal", "Dot"], start=1):
            assert f"{number}. {name}</th>" in html
        assert html.count('<th class="col">Total</th>') == 4
        sheet = html[html.index('<article class="paper-sheet'):]
        assert 'class="blank"></td>' in sheet and "<input" not in sheet

    def test_it_scores_a_partnership_game_per_side(self, client, club_b, players_b):
        table = seated_table(club_b, players_b, game="back-alley")
        html = _sheets_page(client, table.round.event)
        assert "Bob &amp; Cal</th>" in html and "Bea &amp; Dot</th>" in html
        assert html.count('<th class="col">Total</th>') == 2  # one per side, not per seat

    def test_it_prints_one_round_on_request(self, client, club_b, players_b, table_b):
        from tests.factories import RoundFactory

        second = seated_table(club_b, players_b, round=RoundFactory(event=table_b.round.event))
        html = _sheets_page(client, table_b.round.event, round=2)
        assert f'id="sheet-{second.pk}"' in html and f'id="sheet-{table_b.pk}"' not in html

    def test_it_is_linked_from_the_nights_page_and_hidden_from_strangers(
            self, client, table_a, table_b, bob):
        event_page = client.get(reverse("tournaments:event-detail",
                                        args=[table_b.round.event.pk])).content.decode()
        assert reverse("tournaments:blank-scoresheets", args=[table_b.round.event.pk]) in event_page
        client.force_login(bob)
        url = reverse("tournaments:blank-scoresheets", args=[table_a.round.event.pk])
        assert client.get(url).status_code == 404


def test_it_puts_several_cards_on_an_a4_page():
    """The print style no longer forces a page break after every table or player card."""
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/site.css")).read()
    card_rules = re.findall(r"\.print-card\s*\{([^}]*)\}", css)
    assert card_rules and not any("break-after: page" in rule for rule in card_rules)
    assert "@page { size: A4" in css


def test_it_prints_without_inline_script(client, table_b):
    for name in ("table-cards", "player-cards", "blank-scoresheets"):
        html = client.get(reverse(f"tournaments:{name}",
                                  args=[table_b.round.event.pk])).content.decode()
        assert "onclick" not in html and "data-print" in html


class TestBigScreen:
    def _live(self, client, event):
        return client.get(reverse("tournaments:event-screen-live", args=[event.pk]))

    def test_it_shows_tonights_seating_by_round_and_polls_for_changes(self, client, table_b,
                                                                      settings):
        settings.SCREEN_REFRESH_SECONDS = 7
        table_b.round.published = True
        table_b.round.save()
        html = client.get(reverse("tournaments:event-screen",
                                  args=[table_b.round.event.pk])).content.decode()
        assert 'class="screen"' in html and "Round 1" in html and "Cal" in html
        live_url = reverse("tournaments:event-screen-live", args=[table_b.round.event.pk])
        assert f'hx-get="{live_url}" hx-trigger="every 7s"' in html
        assert "htmx" in html and "<script>" not in html  # bundled file, no inline code

    def test_it_shows_results_and_standings_as_they_come_in(self, client, table_b, bob):
        event = table_b.round.event
        table_b.round.published = True
        table_b.round.save()
        assert "No results yet tonight" in self._live(client, event).content.decode()
        result_submit(table=table_b, record=played_record(seats=["Bob", "Bea", "Cal", "Dot"]),
                      source="form", user=bob)
        html = self._live(client, event).content.decode()
        results = html[html.index('id="screen-results"'):]
        assert "Round 1 · table 1" in results and "(in progress)" not in results
        assert "Tonight's standings" in html and "(provisional)" in html

    def test_it_stops_polling_and_says_final_once_the_night_is_closed(self, client, table_b):
        event = table_b.round.event
        event.status = EventStatus.CLOSED
        event.save()
        html = self._live(client, event).content.decode()
        assert "hx-get" not in html and "(final)" in html and "(provisional)" not in html

    def test_it_hides_a_private_clubs_screen_from_strangers(self, client, table_a, bob):
        client.force_login(bob)
        assert self._live(client, table_a.round.event).status_code == 404


class TestPublishing:
    """Publishing a round is what shows it to the room: the big screen (whoever is logged in
    on the projector), the night's page and the printouts show only published rounds, until
    the night is closed; the organisers see every round on their pages."""

    @pytest.fixture
    def night(self, club_b, players_b, bob):
        from tests.factories import RoundFactory

        first = seated_table(club_b, players_b)
        event = first.round.event
        second = seated_table(club_b, list(reversed(players_b)),
                              round=RoundFactory(event=event))
        hidden = seated_table(club_b, players_b, round=RoundFactory(event=event))
        for table in (first, second):
            table.round.published = True
            table.round.save()
        return event, first, second, hidden

    def _screen(self, client, event) -> str:
        return client.get(reverse("tournaments:event-screen-live",
                                  args=[event.pk])).content.decode()

    def test_the_big_screen_shows_only_published_rounds_even_to_the_organiser(
            self, client, night, bob):
        event, *_ = night
        for viewer in (None, bob):
            if viewer:
                client.force_login(viewer)
            html = self._screen(client, event)
            assert 'id="screen-round-1"' in html and 'id="screen-round-2"' in html
            assert 'id="screen-round-3"' not in html
            assert "1 round not published yet" in html

    def test_the_big_screen_shows_the_round_being_played_large(self, client, night, bob):
        event, first, second, _ = night
        html = self._screen(client, event)
        assert 'class="screen-now screen-round" id="screen-round-1"' in html
        result_submit(table=first, record=played_record(seats=["Bob", "Bea", "Cal", "Dot"]),
                      source="form", user=bob)
        html = self._screen(client, event)
        assert 'class="screen-now screen-round" id="screen-round-2"' in html
        assert html.count('data-cycle-item') == 3  # standings, results, round 1

    def test_the_big_screen_leaves_out_results_of_unpublished_rounds(self, client, night,
                                                                      bob):
        event, _, _, hidden = night
        result_submit(table=hidden, record=played_record(seats=["Bob", "Bea", "Cal", "Dot"]),
                      source="form", user=bob)
        results = self._screen(client, event).split('id="screen-results"')[1]
        assert "Round 3" not in results.split("</section>")[0]

    def test_the_nights_page_and_printouts_show_published_rounds_to_players(
            self, client, night, bob, club_b):
        from league.models import Role
        from tests.factories import MembershipFactory, PlayerFactory, UserFactory

        event, *_ = night
        pia = UserFactory(username="pia")
        MembershipFactory(club=club_b, player=PlayerFactory(user=pia), role=Role.PLAYER)
        client.force_login(pia)
        for name in ("event-detail", "table-cards", "blank-scoresheets"):
            html = client.get(reverse(f"tournaments:{name}", args=[event.pk])).content.decode()
            assert "Round 2" in html and "Round 3" not in html, name
        cards = client.get(reverse("tournaments:player-cards", args=[event.pk])).content.decode()
        assert cards.count('<tr><td class="num">') == 4 * 2  # four players, two rounds each

    def test_the_organiser_sees_every_round_and_which_are_not_published(self, client, night,
                                                                         bob):
        event, *_ = night
        client.force_login(bob)
        html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
        assert 'id="round-3"' in html and "not published: only organisers see it" in html
        cards = client.get(reverse("tournaments:table-cards", args=[event.pk])).content.decode()
        assert "Round 3" in cards

    def test_a_closed_night_shows_every_round(self, client, night):
        event, *_ = night
        event.status = EventStatus.CLOSED
        event.save()
        html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
        assert 'id="round-3"' in html
        assert 'id="screen-round-3"' in self._screen(client, event)
