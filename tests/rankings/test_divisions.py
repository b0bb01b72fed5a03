"""Divisions: standings per division, and a roll-over that moves exactly the right players
across every boundary while the old season keeps its divisions."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from league.models import Division, DivisionPlace, Season
from league.services.divisions import divisions_set
from rankings.services.divisions import division_standings, rollover_plan, season_roll_over
from rankings.services.standings import standings_recompute
from tests.factories import PlayerFactory, RoundFactory, SeasonFactory, row_counts, seated_table
from tests.tournaments.brackets.helpers import GAME, entrants, win

NEXT = {"name": "Autumn", "starts_on": datetime.date(2026, 9, 1)}


@pytest.fixture
def three(club_a, alice, sam):
    """Divisions A, B, C of four; in each, everyone plays everyone and the lower-numbered
    player always wins, so each division's order is its players' order."""
    season = SeasonFactory(club=club_a, game=GAME, options={})
    players = entrants(club_a, 12)
    groups = [players[0:4], players[4:8], players[8:12]]
    divisions_set(season=season, user=alice, divisions=list(zip("ABC", groups, strict=True)))
    night = club_a.events.create(season=season, name="Night", date="2026-03-02", game=GAME,
                                 options={})
    for group in groups:
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                win(seated_table(club_a, [b, a], game=GAME, round=RoundFactory(event=night)),
                    a, user=sam)
    standings_recompute(season_id=season.pk)
    return season, groups


def names(players):
    return [p.display_name for p in players]


def test_each_division_has_its_own_standings(three):
    season, groups = three
    standings = division_standings(season)
    assert [d.name for d, _lines in standings] == ["A", "B", "C"]
    for (_division, lines), group in zip(standings, groups, strict=True):
        assert [line.player for line in lines] == group
        assert [line.rank for line in lines] == [1, 2, 3, 4]


def test_a_three_division_roll_over_moves_exactly_the_right_players(three, alice):
    season, (a, b, c) = three
    new = season_roll_over(season=season, user=alice, move=1, confirmed=True, **NEXT)
    after = {d.name: sorted(names(p.player for p in d.places.all()))
             for d in new.divisions.all()}
    assert after == {
        "A": sorted(names([a[0], a[1], a[2], b[0]])),  # A's last down, B's first up
        "B": sorted(names([a[3], b[1], b[2], c[0]])),  # B's last down, C's first up
        "C": sorted(names([b[3], c[1], c[2], c[3]])),
    }
    # history: the old season keeps its divisions as they were
    old = {d.name: sorted(names(p.player for p in d.places.all()))
           for d in season.divisions.all()}
    assert old == {"A": sorted(names(a)), "B": sorted(names(b)), "C": sorted(names(c))}
    assert (new.game, new.options, new.standings_config) == (season.game, season.options,
                                                             season.standings_config)


def test_two_across_each_boundary(three):
    season, (a, b, c) = three
    divisions, moves = rollover_plan(season, 2)
    assert [set(players) for _name, players in divisions] == [
        {a[0], a[1], b[0], b[1]}, {a[2], a[3], c[0], c[1]}, {b[2], b[3], c[2], c[3]}]
    assert sum(m.up for m in moves) == 4 and sum(not m.up for m in moves) == 4


def test_the_roll_over_needs_confirming_and_an_organiser(three, alice, sam, bob):
    season, _groups = three
    before = row_counts()
    with pytest.raises(ValidationError, match="Confirm the moves"):
        season_roll_over(season=season, user=alice, move=1, confirmed=False, **NEXT)
    for user in (sam, bob):
        with pytest.raises(PermissionDenied):
            season_roll_over(season=season, user=user, move=1, confirmed=True, **NEXT)
    assert row_counts() == before and not Season.objects.filter(name="Autumn").exists()


@pytest.mark.parametrize("move, message", [(0, "at least one"), (3, "B has 4 players")])
def test_it_refuses_moves_the_divisions_cannot_hold(three, alice, move, message):
    season, _groups = three
    with pytest.raises(ValidationError, match=message):
        season_roll_over(season=season, user=alice, move=move, confirmed=True, **NEXT)
    assert not Season.objects.filter(name="Autumn").exists()


def test_a_player_plays_in_one_division_and_only_members_play(club_a, alice):
    season = SeasonFactory(club=club_a)
    players = entrants(club_a, 4)
    with pytest.raises(ValidationError, match="in both A and B"):
        divisions_set(season=season, user=alice,
                      divisions=[("A", players[:3]), ("B", players[2:])])
    with pytest.raises(ValidationError, match="not a member of the club"):
        divisions_set(season=season, user=alice,
                      divisions=[("A", [*players, PlayerFactory(display_name="Out")])])
    with pytest.raises(ValidationError, match="Two divisions are called A"):
        divisions_set(season=season, user=alice, divisions=[("A", []), (" A ", [])])
    assert not Division.objects.exists() and not DivisionPlace.objects.exists()


PAGES = ["season-divisions-edit", "season-roll-over"]


@pytest.mark.parametrize("persona, status", [("alice", 200), ("olga", 200), ("sam", 403),
                                             ("pat", 403), ("bob", 404)])
def test_the_organisers_pages_are_for_the_clubs_organisers(three, client, request, olga,
                                                           persona, status, settings):
    settings.SECURE_SSL_REDIRECT = False
    season, _groups = three
    client.force_login(request.getfixturevalue(persona))
    for page in PAGES:
        assert client.get(reverse(f"league:{page}", args=[season.pk])).status_code == status
    assert client.get(reverse("league:season-divisions", args=[season.pk])).status_code == (
        404 if persona == "bob" else 200)


def test_the_roll_over_page_previews_then_starts_on_confirmation(three, client, alice,
                                                                  settings):
    settings.SECURE_SSL_REDIRECT = False
    season, (a, b, _c) = three
    client.force_login(alice)
    url = reverse("league:season-roll-over", args=[season.pk])
    body = {"name": "Autumn", "starts_on": "2026-09-01", "move": "1"}
    preview = client.post(url, body)
    assert preview.status_code == 200 and not Season.objects.filter(name="Autumn").exists()
    assert f"{b[0].display_name}</bdi>: up from B to A" in preview.text
    assert f"{a[3].display_name}</bdi>: down from A to B" in preview.text
    started = client.post(url, {**body, "confirmed": "on"})
    new = Season.objects.get(name="Autumn")
    assert started.status_code == 302 and started.url == reverse("league:season-divisions",
                                                                 args=[new.pk])
    page = client.get(started.url).text
    assert b[0].display_name in page[page.index('id="division-1"'):page.index(
        'id="division-2"')]


def test_the_set_up_page_saves_divisions_and_names_a_bad_one(club_a, client, alice, settings):
    settings.SECURE_SSL_REDIRECT = False
    season = SeasonFactory(club=club_a)
    players = entrants(club_a, 3)
    client.force_login(alice)
    url = reverse("league:season-divisions-edit", args=[season.pk])
    bad = client.post(url, {"names": "A\nB", f"p{players[0].pk}": "Z"})
    assert bad.status_code == 200 and "No division is called Z" in bad.text
    assert not Division.objects.exists()
    good = client.post(url, {"names": "A\nB", f"p{players[0].pk}": "A",
                             f"p{players[1].pk}": "B", f"p{players[2].pk}": "B"})
    assert good.status_code == 302
    assert [(d.name, d.places.count()) for d in season.divisions.all()] == [("A", 1), ("B", 2)]


def test_the_api_reads_a_seasons_divisions_within_the_club(three, client_as):
    season, (a, _b, _c) = three
    body = client_as("alice").get(f"/api/v1/divisions/?season={season.pk}").json()
    assert [(d["name"], d["level"]) for d in body["results"]] == [("A", 1), ("B", 2),
                                                                  ("C", 3)]
    assert {p["player"] for p in body["results"][0]["players"]} == {p.pk for p in a}
    assert client_as("token_b").get("/api/v1/divisions/").json()["results"] == []
    assert client_as("anonymous").get(
        f"/api/v1/divisions/{body['results'][0]['id']}/").status_code == 404
    assert client_as("alice").post("/api/v1/divisions/", {}).status_code == 405


def test_a_divisions_final_takes_the_top_of_that_division(three, alice, sam):
    from rankings.services.finals import final_create
    from tournaments.models import BracketEntrant, BracketMatch

    season, (_a, b, _c) = three
    division_b = season.divisions.get(name="B")
    bracket = final_create(season=season, user=alice, name="B final",
                           date=datetime.date(2026, 6, 1), entrants=2, format="single",
                           division=division_b)
    assert [e.player for e in BracketEntrant.objects.filter(bracket=bracket)] == b[:2]
    match = BracketMatch.objects.get(bracket=bracket, key="W1-1")
    win(match.table, b[1], user=sam)
    match.refresh_from_db()
    assert match.winner_seed == 2


def test_the_final_page_offers_the_divisions(three, client, alice, settings):
    settings.SECURE_SSL_REDIRECT = False
    season, (_a, b, _c) = three
    client.force_login(alice)
    url = reverse("league:season-final-new", args=[season.pk])
    division_b = season.divisions.get(name="B")
    page = client.get(url, {"entrants": 2, "division": division_b.pk})
    assert b[0].display_name in page.text and "Seed 1<" not in page.text
    answer = client.post(url, {"name": "B final", "date": "2026-06-01", "entrants": 2,
                               "format": "double", "division": division_b.pk})
    assert answer.status_code == 302
    odd = client.post(url, {"name": "x", "date": "2026-06-01", "entrants": 2,
                            "format": "double", "division": "999999999999999999999"})
    assert odd.status_code == 200 and "division" in odd.context["form"].errors


def test_each_division_downloads_its_own_standings(three, client, settings, pat, bob):
    import csv
    import io

    import openpyxl

    settings.SECURE_SSL_REDIRECT = False
    season, (_a, b, _c) = three
    division_b = season.divisions.get(name="B")
    url = reverse("league:season-division-export", args=[season.pk, division_b.pk, "csv"])
    client.force_login(bob)  # a private club's standings stay hidden from strangers
    assert client.get(url).status_code == 404
    client.force_login(pat)
    answer = client.get(url)
    assert answer.status_code == 200
    header, *rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert header[:3] == ["Rank in the division", "Rank in the season", "Player"]
    assert [row[2] for row in rows] == [p.display_name for p in b]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    xlsx = client.get(url.replace(".csv", ".xlsx"))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet.title.endswith(": B") or sheet.title.endswith("- B")
    assert sheet.cell(row=2, column=3).value == b[0].display_name
    assert client.get(url.replace(".csv", ".pdf")).status_code == 404
    other = reverse("league:season-division-export", args=[season.pk, 10**6, "csv"])
    assert client.get(other).status_code == 404


def test_the_nights_page_and_big_screen_show_tonights_standings_by_division(three, client,
                                                                             pat, settings):
    settings.SECURE_SSL_REDIRECT = False
    season, (a, b, _c) = three
    night = season.events.get()
    night.rounds.update(published=True)
    client.force_login(pat)
    for name in ("tournaments:event-detail", "tournaments:event-screen"):
        page = client.get(reverse(name, args=[night.pk])).text
        section = page[page.index('class="provisional-standings"'):]
        assert section.index(">A</h3>") < section.index(a[0].display_name) \
            < section.index(">B</h3>") < section.index(b[0].display_name) \
            < section.index(">C</h3>")
