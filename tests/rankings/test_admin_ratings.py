"""Admin for computed rows (standings, rating pools, ratings, history) and the season form."""

import json

import pytest
from django.urls import reverse

from league.models import AuditEntry
from rankings.models import PlayerRating, RatingHistory, RatingPool, StandingRow
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.factories import SeasonFactory, UserFactory
from tests.league.played_games import night, record_game, table_at

pytestmark = pytest.mark.usefixtures("plain_http")

COMPUTED = {
    "standingrow": StandingRow,
    "ratingpool": RatingPool,
    "playerrating": PlayerRating,
    "ratinghistory": RatingHistory,
}
CLUB_OF = {
    "standingrow": lambda row: row.season.club,
    "ratingpool": lambda row: row.club,
    "playerrating": lambda row: row.pool.club,
    "ratinghistory": lambda row: row.pool.club,
}


def _url(model, view="changelist", *args):
    app = "league" if model == "season" else "rankings"
    return reverse(f"admin:{app}_{model}_{view}", args=args)


@pytest.fixture
def staff_alice(alice):
    alice.is_staff = True
    alice.save()
    return alice


@pytest.fixture
def root(db):
    return UserFactory(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def seasons(club_a, club_b, players_a, players_b):
    """One played night in each club, standings and ratings computed."""
    made = {}
    for club, players in ((club_a, players_a), (club_b, players_b)):
        season = SeasonFactory(club=club, game="bluke")
        event = night(club, season)
        record_game(table_at(event, players), totals=[40, 30, 20, 10])
        record_game(table_at(event, players, round_number=2), totals=[10, 20, 30, 40])
        standings_recompute(season_id=season.pk)
        made[club.slug] = season
    ratings_recompute()
    return made


@pytest.mark.parametrize("model", COMPUTED)
def test_it_shows_an_organiser_only_their_clubs_computed_rows(
        seasons, client, staff_alice, club_a, model):
    client.force_login(staff_alice)
    page = client.get(_url(model))
    assert page.status_code == 200
    rows = list(page.context["cl"].queryset)
    assert rows, "club A has rows of every kind"
    assert {CLUB_OF[model](row) for row in rows} == {club_a}
    assert len(rows) < COMPUTED[model].objects.count()


@pytest.mark.parametrize("model", COMPUTED)
def test_it_hides_another_clubs_row_from_an_organiser(seasons, client, staff_alice, club_b,
                                                      model):
    other = next(r for r in COMPUTED[model].objects.all() if CLUB_OF[model](r) == club_b)
    client.force_login(staff_alice)
    assert client.get(_url(model, "change", other.pk)).status_code == 302  # "does not exist"


@pytest.mark.parametrize("model", COMPUTED)
def test_it_refuses_to_add_change_or_delete_computed_rows(seasons, client, staff_alice, root,
                                                          club_a, model):
    own = next(r for r in COMPUTED[model].objects.all() if CLUB_OF[model](r) == club_a)
    client.force_login(staff_alice)
    view = client.get(_url(model, "change", own.pk))
    assert view.status_code == 200  # read-only view
    assert not view.context["has_change_permission"]
    assert client.post(_url(model, "change", own.pk), {}).status_code == 403
    assert client.get(_url(model, "add")).status_code == 403
    assert client.post(_url(model, "delete", own.pk), {"post": "yes"}).status_code == 403
    client.force_login(root)  # not even a superuser edits what the services compute
    assert client.get(_url(model, "add")).status_code == 403
    assert client.post(_url(model, "delete", own.pk), {"post": "yes"}).status_code == 403
    assert COMPUTED[model].objects.filter(pk=own.pk).exists()


def test_the_rating_pool_page_shows_kind_params_and_fit_report(seasons, client, root):
    pool = RatingPool.objects.first()
    RatingPool.objects.filter(pk=pool.pk).update(
        params={"beta": 3.5}, fit_report={"fitted": True, "games": 42})
    client.force_login(root)
    html = client.get(_url("ratingpool", "change", pool.pk)).content.decode()
    assert pool.kind in html
    assert "&quot;beta&quot;: 3.5" in html
    assert "&quot;games&quot;: 42" in html


def test_the_recompute_action_rebuilds_the_selected_pool(seasons, client, staff_alice, club_a):
    pool = RatingPool.objects.get(club=club_a)
    before = {r.player_id: r.mu for r in pool.ratings.all()}
    pool.ratings.all().delete()
    pool.history.all().delete()
    client.force_login(staff_alice)
    choices = client.get(_url("ratingpool")).context["action_form"].fields["action"].choices
    assert [name for name, _ in choices if name] == ["recompute"]  # no bulk delete
    response = client.post(_url("ratingpool"), {
        "action": "recompute", "_selected_action": [pool.pk]}, follow=True)
    assert response.status_code == 200
    assert {r.player_id: r.mu for r in pool.ratings.all()} == before
    assert pool.history.count() == 8  # two games, four players
    assert "2 games rated" in response.content.decode()
    assert AuditEntry.objects.filter(action="ratingpool.admin-recompute", club=club_a,
                                     actor=staff_alice).count() == 1


def test_the_recompute_action_ignores_another_clubs_pool(seasons, client, staff_alice, club_b):
    pool = RatingPool.objects.get(club=club_b)
    pool.ratings.all().delete()
    client.force_login(staff_alice)
    client.post(_url("ratingpool"), {"action": "recompute", "_selected_action": [pool.pk]})
    assert not pool.ratings.exists()
    assert not AuditEntry.objects.filter(action="ratingpool.admin-recompute").exists()


def _season_form(season, config) -> dict:
    return {
        "club": season.club_id, "name": season.name, "game": season.game,
        "options": json.dumps(season.options), "starts_on": season.starts_on.isoformat(),
        "ends_on": "", "standings_config": config,
    }


def test_the_season_form_refuses_a_bad_standings_config_with_the_reason(
        seasons, client, staff_alice):
    season = seasons["club-a"]
    client.force_login(staff_alice)
    response = client.post(_url("season", "change", season.pk),
                           _season_form(season, json.dumps({"points": "goals"})))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "points must be one of placement, beaten, score" in errors["standings_config"][0]
    season.refresh_from_db()
    assert season.standings_config == {}


def test_the_season_form_stores_a_good_config_and_rebuilds_the_standings(
        seasons, client, staff_alice, eager_celery, django_capture_on_commit_callbacks):
    season = seasons["club-a"]
    client.force_login(staff_alice)
    config = {"points": "score", "tiebreaks": []}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_url("season", "change", season.pk),
                               _season_form(season, json.dumps(config)))
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.standings_config == config
    # Score points: every player totals 50, so all share first place now.
    assert set(StandingRow.objects.filter(season=season).values_list("rank", flat=True)) == {1}
    assert set(StandingRow.objects.filter(season=season).values_list("points", flat=True)) == {50}
