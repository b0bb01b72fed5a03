"""Export a club, empty the database, import the archive: the same standings and ratings.

Run it on PostgreSQL too (DATABASE_URL): the ratings there are rebuilt into partitions.
"""

import datetime
import io
import json

import pytest
from django.core.management import call_command

from league.models import Club, Player, Season
from league.permissions import SYSTEM
from rankings.archive.export import club_export
from rankings.archive.format import archive_errors
from rankings.archive.importing import club_import
from rankings.models import PlayerRating, PlayerStats, RatingPool, StandingRow
from rankings.services.ratings import ratings_recompute
from tournaments.models import Event, TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def demo_club() -> Club:
    """A season of Bluke, one night of Back Alley (partners) and of Joker (an engine game),
    every table played by bots; one pool rated by Elo instead of its default."""
    call_command("demo_season", "--players", "8", "--weeks", "2", "--rounds", "2",
                 "--also", "back-alley:1", "--short", "joker", stdout=io.StringIO(),
                 stderr=io.StringIO(), verbosity=0)
    club = Club.objects.get(slug="demo-bluke-club")
    RatingPool.objects.filter(club=club, game="bluke").update(kind="elo", params={"k": 24.0})
    ratings_recompute(club_id=club.pk)
    return club


def standings_and_ratings(club: Club) -> dict:
    """Everything the pages show, keyed by what survives an import (names and player ids)."""
    uid = dict(Player.objects.values_list("pk", "uid"))
    return {
        "standings": {(row.season.name, uid[row.player_id]): (
            row.rank, row.qualified, row.points, row.games, row.nights, row.counted_nights,
            row.total_score, row.average_score, row.firsts, row.seconds, row.places,
            row.tiebreak) for row in StandingRow.objects.filter(season__club=club)},
        "ratings": {(r.pool.game, r.pool.variant, r.pool.kind, uid[r.player_id]): (
            r.mu, r.sigma, r.games, r.provisional, r.last_played_at)
            for r in PlayerRating.objects.filter(pool__club=club).select_related("pool")},
        "statistics": {uid[s.player_id]: (s.games, s.hands, s.by_game)
                       for s in PlayerStats.objects.filter(club=club)},
        "games": TableResult.objects.filter(table__round__event__club=club).count(),
    }


def _use_up_ids() -> None:
    other = Club.objects.create(name="Gone", slug="gone")
    season = Season.objects.create(club=other, name="Gone", game="bluke",
                                   starts_on=datetime.date(2020, 1, 1))
    event = Event.objects.create(club=other, season=season, name="Gone", game="bluke",
                                 date=datetime.date(2020, 1, 1))
    player = Player.objects.create(display_name="Gone")
    event.delete()
    season.delete()
    other.delete()
    player.delete()


def test_an_exported_club_imported_into_an_empty_database_ranks_and_rates_the_same(
        eager_celery):
    club = demo_club()
    before = standings_and_ratings(club)
    assert before["games"] > 10 and len(before["standings"]) > 8 and before["ratings"]
    archive = json.loads(json.dumps(club_export(club=club, user=SYSTEM)))  # as a file has it
    assert archive_errors(archive) == []

    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not Player.objects.exists()
    _use_up_ids()  # the new rows get other database ids than the old ones had
    report = club_import(archive=archive, user=SYSTEM)

    assert report.differences == []
    assert report.renamed_ids == 0  # an empty site: every player keeps their id
    assert standings_and_ratings(report.club) == before
    again = club_export(club=report.club, user=SYSTEM)
    assert {**again, "exported_at": None} == {**archive, "exported_at": None}


def test_import_club_reads_what_export_club_wrote_and_says_it_matched(tmp_path, eager_celery):
    club = demo_club()
    path = tmp_path / "club.json"
    call_command("export_club", club.slug, "--output", str(path), stderr=io.StringIO())
    out = io.StringIO()
    call_command("import_club", str(path), "--slug", "copy", "--name", "The copy", stdout=out,
                 stderr=io.StringIO())
    copy = Club.objects.get(slug="copy")
    assert copy.name == "The copy"
    assert "Standings and ratings are identical to the archive's." in out.getvalue()
    # The same site: the players' ids were taken, so the copy's players got new ones.
    assert "8 player id(s) were taken" in out.getvalue()
    original, copied = standings_and_ratings(club), standings_and_ratings(copy)
    assert sorted(original["standings"].values(), key=repr) == sorted(
        copied["standings"].values(), key=repr)
