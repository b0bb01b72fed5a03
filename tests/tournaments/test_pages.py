"""League-night pages: who sees what, who may act, and the scoresheet's round trip."""

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, EventFactory, SeasonFactory, UserFactory
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False  # the test client speaks plain HTTP
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _hand(cards, bids, tricks, trump="S"):
    return {"cards": cards, "bids": bids, "tricks": tricks, "trump": trump}


def sheet_post(table, hands, **extra):
    """POST data for the scoresheet: one dict per finished hand (bids and tricks per seat)."""
    data = {}
    for number, hand in enumerate(hands, start=1):
        data[f"trump-{number}"] = hand.get("trump", "")
        for seat, bid in enumerate(hand["bids"]):
            data[f"bid-{number}-{seat}"] = str(bid)
        for seat, won in enumerate(hand["tricks"]):
            data[f"tricks-{number}-{seat}"] = str(won)
    data.update(extra)
    return data


class TestHomeAndClubPages:
    def test_it_lists_public_clubs_to_anonymous_visitors_but_not_private_ones(
            self, client, club_a, club_b):
        page = client.get(reverse("league:home")).content.decode()
        assert "Club B" in page
        assert "Club A" not in page

    def test_it_shows_a_private_club_to_its_members(self, client, club_a, pat):
        client.force_login(pat)
        assert "Club A" in client.get(reverse("league:home")).content.decode()
        assert client.get(reverse("league:club-detail", args=["club-a"])).status_code == 200

    def test_it_hides_a_private_club_page_from_strangers(self, client, club_a, bob):
        assert client.get(reverse("league:club-detail", args=["club-a"])).status_code == 404
        client.force_login(bob)
        assert client.get(reverse("league:club-detail", args=["club-a"])).status_code == 404

    def test_it_shows_seasons_events_and_members_on_the_club_page(self, client, club_b,
                                                                  players_b):
        season = SeasonFactory(club=club_b, name="Autumn 2026")
        EventFactory(club=club_b, season=season, name="Week 1")
        page = client.get(reverse("league:club-detail", args=["club-b"])).content.decode()
        assert "Autumn 2026" in page and "Week 1" in page and "Bea" in page

    def test_it_shows_management_links_only_to_the_clubs_organisers(self, client, club_b,
                                                                    bob, alice):
        url = reverse("league:club-detail", args=["club-b"])
        client.force_login(alice)
        assert "You organise this club" not in client.get(url).content.decode()
        client.force_login(bob)
        assert "You organise this club" in client.get(url).content.decode()

    def test_it_lists_a_seasons_events_on_the_season_page(self, client, club_b):
        season = SeasonFactory(club=club_b, name="Spring")
        EventFactory(club=club_b, season=season, name="Night one")
        page = client.get(reverse("league:season-detail", args=[season.pk]))
        assert page.status_code == 200
        assert "Night one" in page.content.decode()

    def test_it_hides_a_private_clubs_season_from_strangers(self, client, club_a):
        season = SeasonFactory(club=club_a)
        assert client.get(reverse("league:season-detail", args=[season.pk])).status_code == 404


class TestEventPage:
    def test_it_shows_rounds_tables_and_seated_players(self, client, table_b):
        event = table_b.round.event
        _publish(table_b)
        page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
        assert "Round 1" in page and "Bea" in page and "not started" in page
        assert reverse("tournaments:table-scoresheet", args=[table_b.pk]) in page

    def test_it_offers_organiser_actions_to_organisers_only(self, client, table_b, bob, alice):
        url = reverse("tournaments:event-detail", args=[table_b.round.event.pk])
        assert "Plan seating" not in client.get(url).content.decode()
        client.force_login(alice)
        assert "Plan seating" not in client.get(url).content.decode()
        client.force_login(bob)
        assert "Plan seating" in client.get(url).content.decode()

    def test_it_hides_a_private_clubs_event_from_strangers(self, client, table_a, bob):
        url = reverse("tournaments:event-detail", args=[table_a.round.event.pk])
        client.force_login(bob)
        assert client.get(url).status_code == 404

    def test_it_refuses_organiser_actions_to_other_members(self, client, table_a, pat, sam):
        event = table_a.round.event
        for user in (pat, sam):
            client.force_login(user)
            assert client.post(reverse("tournaments:event-plan-seating", args=[event.pk]),
                               {"rounds": 2}).status_code == 403
            assert client.post(reverse("tournaments:event-attendance", args=[event.pk]),
                               {}).status_code == 403
            assert client.post(reverse("tournaments:table-fill-bots", args=[table_a.pk]),
                               {"strength": "random"}).status_code == 403

    def test_it_sends_anonymous_organiser_actions_to_the_login_page(self, client, table_b):
        url = reverse("tournaments:event-plan-seating", args=[table_b.round.event.pk])
        response = client.post(url, {"rounds": 2})
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]

    def test_it_records_attendance_from_the_clubs_members(self, client, table_b, bob,
                                                          players_b):
        event = table_b.round.event
        client.force_login(bob)
        ids = [p.pk for p in players_b[:3]]
        client.post(reverse("tournaments:event-attendance", args=[event.pk]), {"players": ids})
        event.refresh_from_db()
        assert event.seating["attendance"] == sorted(ids)

    def test_it_rejects_attendance_of_non_members(self, client, table_b, bob, players_a):
        event = table_b.round.event
        client.force_login(bob)
        client.post(reverse("tournaments:event-attendance", args=[event.pk]),
                    {"players": [players_a[0].pk]})
        event.refresh_from_db()
        assert not (event.seating or {}).get("attendance")

    def test_it_prints_table_and_player_cards(self, client, table_b):
        event = table_b.round.event
        _publish(table_b)
        tables = client.get(reverse("tournaments:table-cards", args=[event.pk])).content.decode()
        assert tables.count('class="print-card table-card"') == 1
        players = client.get(reverse("tournaments:player-cards", args=[event.pk]))
        assert players.content.decode().count('class="print-card player-card"') == 4


class TestScoresheet:
    def test_it_lays_out_one_row_per_deal_of_the_schedule(self, client, table_b, bob):
        client.force_login(bob)
        page = client.get(reverse("tournaments:table-scoresheet", args=[table_b.pk]))
        html = page.content.decode()
        assert page.status_code == 200
        assert html.count('class="hand-row"') == 25  # bluke for four: 13 down to 1 and up
        assert 'name="bid-25-3"' in html and 'name="tricks-1-0"' in html

    def test_it_refuses_saving_to_people_who_do_not_keep_score(self, client, table_a, pat):
        client.force_login(pat)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3])])
        assert client.post(url, post).status_code == 403
        assert client.post(reverse("tournaments:table-scoresheet-check",
                                   args=[table_a.pk]), post).status_code == 403

    def test_it_hides_a_private_clubs_scoresheet_from_strangers(self, client, table_a, bob):
        client.force_login(bob)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        assert client.get(url).status_code == 404

    def test_it_shows_the_checkers_error_on_the_row_where_it_happens(self, client, table_a,
                                                                     sam):
        client.force_login(sam)
        post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3]),
                                    _hand(12, [3, 3, 3, 3], [3, 3, 3, 2])])
        response = client.post(reverse("tournaments:table-scoresheet-check",
                                       args=[table_a.pk]), post, HTTP_HX_REQUEST="true")
        html = response.content.decode()
        row2 = html[html.index('id="check-2"'):]
        row2 = row2[:row2.index("</div>")]
        assert "tricks add up to 11 but 12 cards were dealt" in row2
        row1 = html[html.index('id="check-1"'):]
        assert "✓" in row1[:row1.index("</div>")]
        assert 'id="running-1-0" hx-swap-oob="true">31<' in html  # bid 3, won 4: 30 + 1

    def test_it_saves_a_prefix_of_the_hands_as_an_unfinished_result(self, client, table_a,
                                                                     sam):
        client.force_login(sam)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3])])
        response = client.post(url, post)
        assert response.status_code == 302
        game = TableResult.objects.get(table=table_a)
        assert game.status == "in-progress" and game.source == "form"
        assert game.totals == [31, 30, 30, 30]
        page = client.get(url).content.decode()
        assert 'value="4"' in page and "<strong>31</strong>" in page

    def test_it_re_renders_errors_without_saving_when_javascript_is_off(self, client, table_a,
                                                                        sam):
        client.force_login(sam)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 2])])
        response = client.post(url, post)
        assert response.status_code == 400
        assert "tricks add up to 12 but 13 cards were dealt" in response.content.decode()
        assert not TableResult.objects.filter(table=table_a).exists()

    def test_it_flags_a_half_typed_row_when_saving(self, client, table_a, sam):
        client.force_login(sam)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3])])
        post["bid-2-0"] = "2"
        response = client.post(url, post)
        assert response.status_code == 400
        assert "hand 2: missing" in response.content.decode()

    def test_it_needs_a_reason_to_change_saved_hands(self, client, table_a, alice):
        client.force_login(alice)
        url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
        client.post(url, sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3])]))
        changed = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [3, 4, 3, 3])])
        refused = client.post(url, changed)
        assert refused.status_code == 400 and "correct it with a reason" in (
            refused.content.decode())
        assert TableResult.objects.get(table=table_a).totals == [31, 30, 30, 30]
        changed["correction_reason"] = "Bob's trick was Ann's"
        assert client.post(url, changed).status_code == 302
        assert TableResult.objects.get(table=table_a).totals == [30, 31, 30, 30]


def test_it_lets_superusers_see_every_club(client, club_a):
    client.force_login(UserFactory(username="root", is_superuser=True, is_staff=True))
    assert client.get(reverse("league:club-detail", args=["club-a"])).status_code == 200


def test_it_keeps_a_club_of_no_events_readable(client):
    ClubFactory(slug="quiet", name="Quiet club")
    assert "No events yet" in client.get(reverse("league:club-detail",
                                                 args=["quiet"])).content.decode()


def test_it_shows_tonights_provisional_standings_once_a_table_is_played(client, club_b, bob):
    from tests.factories import RoundFactory, TableFactory
    from tournaments.models import Seat
    from tournaments.services.bots import table_fill_with_bots, table_play_with_bots

    table = TableFactory(round=RoundFactory(event=EventFactory(club=club_b)), game="bluke")
    Seat.objects.bulk_create(Seat(table=table, position=i) for i in range(3))
    table_fill_with_bots(table=table, user=bob, strength="random")
    table_play_with_bots(table=table)
    _publish(table)
    html = client.get(reverse("tournaments:event-detail",
                              args=[table.round.event.pk])).content.decode()
    standings = html[html.index("Tonight's standings"):]
    assert "Bot (random) 1" in standings and "complete" in html


def test_it_links_a_season_to_its_standings(client, club_b):
    season = SeasonFactory(club=club_b)
    page = client.get(reverse("league:season-detail", args=[season.pk])).content.decode()
    assert reverse("league:season-standings", args=[season.pk]) in page


def test_it_scores_partnership_games_per_side(client, club_b, bob, players_b):
    from games import rules
    from tests.factories import seated_table

    table = seated_table(club_b, players_b, game="back-alley")
    client.force_login(bob)
    hand = _hand(13, [3, "pass", 4, 2], [4, 2, 4, 3], trump="H")
    response = client.post(reverse("tournaments:table-scoresheet-check", args=[table.pk]),
                           sheet_post(table, [hand]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    record = {"game": "back-alley", "seats": [p.display_name for p in players_b],
              "hands": [hand]}
    report = rules.check_record(record)
    assert report.valid
    side_a, side_b = report.totals
    assert f'id="running-1-0" hx-swap-oob="true">{side_a}<' in html
    assert f'id="running-1-1" hx-swap-oob="true">{side_b}<' in html
    page = client.get(reverse("tournaments:table-scoresheet", args=[table.pk])).content.decode()
    assert page.count('class="hand-row"') == 26
    assert "Bob &amp; Cal" in page or "Bob & Cal" in page


def test_it_shows_a_public_clubs_scoresheet_read_only_to_visitors(client, table_b):
    page = client.get(reverse("tournaments:table-scoresheet", args=[table_b.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="save-sheet"' not in html and "hx-post" not in html and " disabled" in html


def test_it_tells_a_scorekeeper_that_changing_saved_hands_is_for_organisers(client, table_a,
                                                                            sam):
    client.force_login(sam)
    url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
    client.post(url, sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3])]))
    changed = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [3, 4, 3, 3])],
                         correction_reason="typo")
    response = client.post(url, changed)
    assert response.status_code == 403
    assert "organisers may correct a result" in response.content.decode()
    assert TableResult.objects.get(table=table_a).totals == [31, 30, 30, 30]


def _publish(table) -> None:
    """Publish the table's round: only published rounds are shown to the room."""
    table.round.published = True
    table.round.save()
