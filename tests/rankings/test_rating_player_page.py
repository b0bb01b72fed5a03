"""A player's page in one rating pool: percentile, peak, expected places, chances."""

import pytest

from rankings.models import RatingHistory, RatingPool
from rankings.selectors_rating_page import nights, peak, percentile, pool_standing, win_chance
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool(club, people):
    played_season(club, people[:4], nights=3)
    return RatingPool.objects.get(club=club, game="bluke")


def test_percentile_counts_the_others_below_and_ties_as_half():
    assert percentile(5, [1, 2, 3]) == 100
    assert percentile(2, [1, 2, 3]) == pytest.approx(100 * 1.5 / 3)
    assert percentile(0, [1, 2]) == 0
    assert percentile(3, []) is None


def test_the_expected_places_at_a_table_add_up_to_its_places(pool, people):
    by_night = {}
    for player in people[:4]:
        for line in nights(pool, player):
            by_night.setdefault(line.event_id, []).append(line)
    assert len(by_night) == 3
    for lines in by_night.values():  # one game of four a night: 1 + 2 + 3 + 4 expected
        assert sum(line.expected_place for line in lines) == pytest.approx(10)
        assert sorted(line.actual_place for line in lines)[0] == 1


def test_the_first_nights_expectations_are_even(pool, people):
    first = [min(nights(pool, player), key=lambda line: line.date) for player in people[:4]]
    assert all(line.expected_place == pytest.approx(2.5) for line in first)


def _peak_by_hand(pool, player):
    """Replay the history naively: everyone's latest rating after each of the player's games."""
    latest, best_rating, best_share = {}, None, None
    rows = list(RatingHistory.objects.filter(pool=pool).order_by("played_at", "game_order"))
    for index, row in enumerate(rows):
        latest[row.player_id] = row.mu_after
        done = index + 1 == len(rows) or rows[index + 1].game_order != row.game_order
        if done and player.pk in latest and any(r.game_order == row.game_order
                                                and r.player_id == player.pk for r in rows):
            mine = latest[player.pk]
            others = [v for p, v in latest.items() if p != player.pk]
            share = percentile(mine, others)
            best_rating = mine if best_rating is None else max(best_rating, mine)
            best_share = share if best_share is None else max(best_share, share)
    return best_rating, best_share


def test_the_peaks_are_the_best_rating_and_percentile_after_any_game(pool, people):
    for player in people[:4]:
        found = peak(pool, player)
        rating, share = _peak_by_hand(pool, player)
        assert found.rating == pytest.approx(rating)
        assert found.percentile == pytest.approx(share)
        assert found.rating_at is not None and found.percentile_at is not None


def test_the_chances_of_two_players_against_each_other_add_up_to_one(pool, people):
    standing = pool_standing(pool, people[0])
    rows = standing.rows
    for a in rows:
        for b in rows:
            if a is not b:
                assert win_chance(pool, a, b) + win_chance(pool, b, a) == pytest.approx(1)
    best, worst = rows[0], rows[-1]
    assert best.rating > worst.rating and win_chance(pool, best, worst) > 0.5


def test_the_page_shows_the_standing_the_marked_spread_the_nights_and_a_chance(
        pool, people, client, plain_http):
    me, them = people[0], people[1]
    url = f"/ratings/{pool.pk}/players/{me.pk}/"
    page = client.get(url, {"against": them.pk})
    text = page.content.decode()
    assert page.status_code == 200
    assert "of 4" in text and "ahead of" in text and "Peak percentile" in text
    assert 'class="marker"' in text and "Expected place" in text
    assert text.count('<tr><th scope="row"><a href="/events/') == 3
    chance = win_chance(pool, *(next(r for r in pool_standing(pool, me).rows
                                     if r.player.pk == p.pk) for p in (me, them)))
    assert f"finishes ahead of {them.display_name} at a table of the two: <strong>" \
        f"{chance * 100:.0f}%</strong>" in text
    wrong = client.get(url, {"against": me.pk}).content.decode()
    assert "Choose another player rated in this pool." in wrong


def test_a_private_clubs_rating_page_is_hidden_from_outsiders(club_a, players_a, olga, alice,
                                                               bob, client, plain_http):
    played_season(club_a, players_a, nights=1)
    pool = RatingPool.objects.get(club=club_a)
    url = f"/ratings/{pool.pk}/players/{players_a[0].pk}/"
    client.force_login(alice)
    assert client.get(url).status_code == 200
    client.force_login(bob)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404


def test_someone_not_rated_in_the_pool_has_no_page_there(pool, people, client, plain_http):
    assert client.get(f"/ratings/{pool.pk}/players/{people[5].pk}/").status_code == 404


def test_the_api_pages_the_rating_history_oldest_first(pool, people, client_as, monkeypatch):
    from rest_framework.pagination import PageNumberPagination

    monkeypatch.setattr(PageNumberPagination, "page_size", 2)  # 50 in production
    client = client_as("anonymous")
    url = f"/api/v1/players/{people[0].pk}/ratings/{pool.pk}/history/"
    first = client.get(url).json()
    assert first["count"] == 3 and len(first["results"]) == 2 and first["next"]
    rest = client.get(first["next"]).json()["results"]
    rows = first["results"] + rest
    stored = list(RatingHistory.objects.filter(pool=pool, player=people[0]).order_by(
        "played_at", "game_order").values_list("game_id", "mu_after"))
    assert [(r["game_id"], r["mu_after"]) for r in rows] == stored
    assert all(r["night_id"] for r in rows)
    assert rows[0]["mu_after"] == rows[1]["mu_before"]


def test_the_api_hides_a_private_pools_history(club_a, players_a, olga, client_as):
    played_season(club_a, players_a, nights=1)
    pool = RatingPool.objects.get(club=club_a)
    url = f"/api/v1/players/{players_a[0].pk}/ratings/{pool.pk}/history/"
    assert client_as("alice").get(url).status_code == 200
    for outsider in ("bob", "token_b", "anonymous"):
        assert client_as(outsider).get(url).status_code == 404


def test_a_chance_is_never_shown_as_certain():
    from rankings.views_rating_player import _percent

    assert (_percent(0.001), _percent(0.5), _percent(0.76), _percent(0.9999)) == (
        "less than 1%", "50%", "76%", "more than 99%")


def test_the_api_tells_the_standing_the_peaks_the_nights_and_a_chance(pool, people, client_as):
    me, them = people[0], people[1]
    client = client_as("anonymous")
    url = f"/api/v1/players/{me.pk}/ratings/{pool.pk}/"
    body = client.get(url, {"against": them.pk}).json()
    standing = pool_standing(pool, me)
    assert (body["rank"], body["size"]) == (standing.rank, 4)
    assert body["percentile"] == pytest.approx(standing.percentile)
    assert body["peak"]["rating"] == pytest.approx(peak(pool, me).rating)
    assert [n["expected_place"] for n in body["nights"]] == pytest.approx(
        [n.expected_place for n in nights(pool, me)])
    theirs = next(r for r in standing.rows if r.player.pk == them.pk)
    assert body["against"] == {"player_id": them.pk,
                               "chance": pytest.approx(win_chance(pool, standing.row, theirs))}
    assert client.get(url).json()["against"] is None
    refused = client.get(url, {"against": people[5].pk})  # not rated in the pool
    assert refused.status_code == 400 and "against" in refused.json()
    assert client.get(f"/api/v1/players/{people[5].pk}/ratings/{pool.pk}/").status_code == 404


def test_the_leaderboard_leads_to_each_players_page_in_the_pool(pool, people, client,
                                                                plain_http):
    text = client.get(f"/ratings/{pool.pk}/").content.decode()
    for player in people[:4]:
        assert f'href="/ratings/{pool.pk}/players/{player.pk}/"' in text


@pytest.mark.parametrize("junk", ["abc", "-1", "1" * 200, "%00", "<script>"])
def test_a_junk_opponent_is_refused_by_name_on_the_page_and_in_the_api(pool, people, client,
                                                                       client_as, plain_http,
                                                                       junk):
    page = client.get(f"/ratings/{pool.pk}/players/{people[0].pk}/", {"against": junk})
    assert page.status_code == 200
    assert "Choose another player rated in this pool." in page.content.decode()
    assert "<script>" not in page.content.decode().split("</form>")[-1]
    api = client_as("anonymous").get(f"/api/v1/players/{people[0].pk}/ratings/{pool.pk}/",
                                     {"against": junk})
    assert api.status_code == 400 and "against" in api.json()
