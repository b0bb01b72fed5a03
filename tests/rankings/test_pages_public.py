"""Public standings and player pages: render, sort, export, and hide private clubs."""

import csv
import io

import pytest
from django.urls import reverse

from league.models import Club, Season
from rankings.selectors_stats import event_provisional_standings
from rankings.services.player_stats import player_stats_recompute
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.league.played_games import T0, night, record_game, scoresheet_hands, table_at

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def played(club, season, people):
    event = night(club, season)
    hands = scoresheet_hands([(3, [1, 1, 1, 1], [1, 2, 0, 0]), (2, [1, 1, 0, 1], [1, 0, 0, 1])])
    record_game(table_at(event, people[:4]), hands=hands)
    record_game(table_at(event, people[2:], round_number=2), totals=[40, 30, 20, 10])
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    player_stats_recompute(club_id=club.pk)
    return event


def test_the_standings_page_lists_players_with_links(client, season, played, people):
    response = client.get(reverse("league:season-standings", args=[season.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Spring: standings" in html
    assert reverse("league:player-detail", args=[people[0].pk]) in html
    assert "placement points" in html


def test_the_standings_page_sorts_by_a_column(client, season, played):
    url = reverse("league:season-standings", args=[season.pk])
    by_name = client.get(url, {"sort": "player"}).content.decode()
    by_rank = client.get(url).content.decode()
    assert by_name.index("Ann") < by_name.index("Cy") < by_name.index("Fay")
    assert by_rank.index("Cy") < by_rank.index("Ann")  # 8 points against 7


def test_the_standings_export_as_csv_and_xlsx(client, season, played):
    url = reverse("league:season-standings", args=[season.pk])
    response = client.get(url, {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Rank", "Player", "Points"]
    assert rows[1][:3] == ["1", "Cy", "8"]  # 1 + 7, ahead of Di (3 + 5) on firsts
    assert len(rows) == 7
    xlsx = client.get(url, {"_export": "xlsx"})
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"
    assert "spring-standings.xlsx" in xlsx["Content-Disposition"]


def test_a_private_clubs_standings_are_hidden_from_anonymous_visitors(client, db):
    hidden = Club.objects.create(name="Hidden", slug="hidden", is_public=False)
    season = Season.objects.create(club=hidden, name="Secret", game="bluke", starts_on=T0.date())
    response = client.get(reverse("league:season-standings", args=[season.pk]))
    assert response.status_code == 404


def test_the_player_page_shows_results_statistics_rating_chart_and_head_to_head(
        client, played, people):
    cy = people[2]
    response = client.get(reverse("league:player-detail", args=[cy.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and "<polyline" in html
    assert "provisional" in html  # two games are far too few
    assert "Hit rate" in html and "By hand size" in html
    assert "Head to head" in html and "Fay" in html and "Ann" in html
    assert "Blukes held and won need card-by-card records" in html


def test_the_player_page_of_a_private_clubs_player_is_hidden(client, db):
    from league.models import Membership, Player

    hidden = Club.objects.create(name="Hidden", slug="hidden", is_public=False)
    secret = Player.objects.create(display_name="Secret")
    Membership.objects.create(club=hidden, player=secret)
    assert client.get(reverse("league:player-detail", args=[secret.pk])).status_code == 404


def test_the_provisional_standings_include_renders_tonights_table(played):
    from django.template.loader import render_to_string

    html = render_to_string("rankings/_provisional_standings.html",
                            {"lines": event_provisional_standings(played)})
    assert "Tonight's standings" in html and "Cy" in html
    assert html.index("Cy") < html.index("Ann")


def test_a_guest_who_played_at_a_public_club_has_a_page(client, club, people):
    from league.models import Player

    guest = Player.objects.create(display_name="Guest")  # no membership anywhere
    record_game(table_at(night(club, None), [guest, *people[:3]]), totals=[9, 8, 7, 6])
    response = client.get(reverse("league:player-detail", args=[guest.pk]))
    assert response.status_code == 200 and "Guest" in response.content.decode()


def test_the_players_results_sort_by_score(client, played, people):
    url = reverse("league:player-detail", args=[people[2].pk])
    html = client.get(url, {"g-sort": "-score"}).content.decode()
    assert html.index(">40<") < html.index(">-10<")
    assert reverse("tournaments:event-detail", args=[played.pk]) in html


def test_the_xlsx_export_writes_numbers_as_numbers(client, season, played):
    import openpyxl

    url = reverse("league:season-standings", args=[season.pk])
    sheet = openpyxl.load_workbook(io.BytesIO(client.get(url, {"_export": "xlsx"}).content)).active
    header = [cell.value for cell in sheet[1]]
    first = dict(zip(header, [cell.value for cell in sheet[2]], strict=True))
    assert first["Player"] == "Cy"
    for column in ("Rank", "Points", "Games", "Nights", "1sts", "Avg points", "Avg score"):
        assert isinstance(first[column], int | float), (column, first[column])
    assert first["Points"] == 8
