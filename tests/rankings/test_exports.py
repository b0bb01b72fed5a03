"""Standings and leaderboard downloads are safe to open: no cell runs as a formula (OWASP ASVS
1.2.10), Excel reads the CSV as UTF-8, the sheet has a name and dates read as dates."""

import csv
import datetime
import io

import openpyxl
import pytest
from django.urls import reverse

from league.models import Membership, Player
from rankings.exports import escape_text, sheet_title
from rankings.models import RatingPool
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.league.played_games import T0, night, record_game, table_at

pytestmark = pytest.mark.usefixtures("plain_http")

NAMES = ("=1+2 Eve", "+SUM(A1) Flo", "-3 Gus", "@cmd Hal", "\tTab", "Zoë")


@pytest.fixture
def walk_ins(club, season):
    players = [Player.objects.create(display_name=name) for name in NAMES]
    for player in players:
        Membership.objects.create(club=club, player=player)
    event = night(club, season)
    record_game(table_at(event, players[:4]), totals=[40, 30, 20, 10])
    record_game(table_at(event, players[2:], round_number=2), totals=[-5, 30, 20, 10],
                played_at=T0 + datetime.timedelta(hours=2, minutes=30))
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    return players


def _csv(client, url):
    response = client.get(url, {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    return response.content, list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def _sheet(client, url):
    content = client.get(url, {"_export": "xlsx"}).content
    return content, openpyxl.load_workbook(io.BytesIO(content)).active


def _formula_cells(content: bytes) -> list[str]:
    import zipfile

    with zipfile.ZipFile(io.BytesIO(content)) as book:
        return [name for name in book.namelist()
                if name.startswith("xl/worksheets/") and b"<f>" in book.read(name)]


def test_the_standings_csv_escapes_formula_names_and_starts_with_a_bom(client, season, walk_ins):
    content, rows = _csv(client, reverse("league:season-standings", args=[season.pk]))
    assert content.startswith(b"\xef\xbb\xbf")
    names = {row[1] for row in rows[1:]}
    assert names == {"'=1+2 Eve", "'+SUM(A1) Flo", "'-3 Gus", "'@cmd Hal", "'\tTab", "Zoë"}
    assert all(row[2].lstrip("-").replace(".", "").isdigit() for row in rows[1:])  # numbers


def test_the_standings_xlsx_keeps_formula_names_as_text_in_a_named_sheet(
        client, season, walk_ins):
    content, sheet = _sheet(client, reverse("league:season-standings", args=[season.pk]))
    assert sheet.title == "Spring standings"
    assert _formula_cells(content) == []
    cells = {cell.value: cell for cell in (row[1] for row in sheet.iter_rows(min_row=2))}
    assert set(cells) == set(NAMES)
    assert all(cell.data_type == "s" for cell in cells.values())
    assert cells["=1+2 Eve"].quotePrefix and not cells["Zoë"].quotePrefix


def test_the_leaderboard_exports_write_the_last_played_date_readably(client, club, walk_ins):
    pool = RatingPool.objects.get(club=club)
    url = reverse("league:rating-pool", args=[pool.pk])
    _, rows = _csv(client, url)
    last_played = rows[0].index("Last played")
    assert {row[last_played] for row in rows[1:]} == {"2026-03-02"}
    assert "'=1+2 Eve" in {row[1] for row in rows[1:]}
    content, sheet = _sheet(client, url)
    assert sheet.title == "Bluke ratings"
    assert _formula_cells(content) == []
    dates = {row[last_played].value for row in sheet.iter_rows(min_row=2)}
    assert dates == {datetime.datetime(2026, 3, 2)}
    assert sheet.cell(row=2, column=last_played + 1).number_format == "yyyy-mm-dd"


@pytest.mark.parametrize(("text", "escaped"), [
    ("=A1", "'=A1"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"), ("\tx", "'\tx"),
    ("\0x", "'\0x"), ("Eve=1", "Eve=1"), ("", ""), ("'quoted", "'quoted"),
])
def test_a_text_cell_is_escaped_only_when_it_starts_like_a_formula(text, escaped):
    assert escape_text(text) == escaped


def test_a_sheet_name_is_one_excel_accepts():
    assert sheet_title("Spring [2026]: week 1/2? standings and more words") == (
        "Spring -2026-- week 1-2- standi")
    assert sheet_title("'quoted'") == "quoted"
    assert sheet_title("   ") == "Sheet"
