"""A person's rating in a federation's pool through the API: the paged history and the
standing (percentile, distribution, peaks, nights, a chance against an opponent).

The privacy rule holds there as on the pages: a private club's player who did not agree
to appear is never served, not as the player asked about, not as an opponent, not in the
size or percentile of the distribution, not in the peak percentile; the games and nights
of a club private to the caller are not named. Permissions matrix and hostile input too.
"""

import pytest
from django.core.cache import cache

from league.services.federations import federation_opt_in_set
from rankings.models import PlayerRating, RatingHistory
from rankings.selectors_federations import hidden_people
from tests.factories import UserFactory, api_token
from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
HIDDEN = ("hal", "yorg")  # Yew is private; Hal and Yvonne did not agree to appear


@pytest.fixture
def world():
    cache.clear()
    world = build_synced_world()
    world["boss"] = UserFactory(username="boss", is_staff=True, is_superuser=True)
    return world


def standing_url(world, who) -> str:
    return f"/api/v1/players/{world[who].pk}/ratings/{world['pool'].pk}/"


def login(client, world, persona):
    users = {"ann": world["ann"].user, "xorg": world["xorg"].user, "yorg": world["yorg"].user,
             "hal": world["hal"].user, "staff": world["staff"], "boss": world["boss"]}
    if persona != "anonymous":
        client.force_login(users[persona])
    return client


def test_the_history_of_a_federation_pool_is_paged_and_matches_the_stored_rows(client, world):
    ann = world["ann"]
    response = client.get(standing_url(world, "ann") + "history/")
    assert response.status_code == 200
    body = response.json()
    stored = RatingHistory.objects.filter(pool=world["pool"], player=ann).order_by(
        "played_at", "game_order")
    assert body["count"] == stored.count() > 0
    assert [row["mu_after"] for row in body["results"]] == pytest.approx(
        [row.mu_after for row in stored])
    # Ann's games are all at Xanadu (public): each names its game and night
    assert all(row["game_id"] and row["night_id"] for row in body["results"])
    assert client.get(standing_url(world, "ann") + "history/", {"page": 99}).status_code == 404


def test_a_private_clubs_games_are_not_named_to_who_may_not_see_the_club(client, world):
    url = standing_url(world, "olive") + "history/"  # Olive agreed; she plays only at Yew
    rows = client.get(url).json()["results"]
    assert rows and all(row["game_id"] is None and row["night_id"] is None for row in rows)
    assert client.get(standing_url(world, "olive")).json()["nights"] == []
    login(client, world, "yorg")
    rows = client.get(url).json()["results"]
    assert all(row["game_id"] and row["night_id"] for row in rows)
    assert client.get(standing_url(world, "olive")).json()["nights"]


@pytest.mark.parametrize("who", HIDDEN)
def test_a_player_who_did_not_agree_is_never_served(client, world, who):
    for url in (standing_url(world, who), standing_url(world, who) + "history/"):
        assert client.get(url).status_code == 404
    response = client.get(standing_url(world, "ann"), {"against": world[who].pk})
    assert response.status_code == 400
    assert str(world[who].display_name) not in response.content.decode()


def test_the_distribution_percentile_and_peak_leave_the_hidden_out(client, world):
    pool, olive = world["pool"], world["olive"]
    hidden = hidden_people(pool)
    assert {world["hal"].pk, world["yorg"].pk} <= hidden
    body = client.get(standing_url(world, "olive")).json()
    shown = PlayerRating.objects.filter(pool=pool).exclude(player_id__in=hidden)
    assert body["size"] == shown.count()
    others = [r.mu for r in shown.exclude(player=olive)]
    below = sum(o < body["mu"] for o in others) + sum(o == body["mu"] for o in others) / 2
    assert body["percentile"] == pytest.approx(100 * below / len(others))
    # the peak percentile, replayed naively among the players the caller may see
    current, best, games = {}, None, {}
    for row in RatingHistory.objects.filter(pool=pool).order_by("played_at", "game_order"):
        games.setdefault(row.game_order, []).append(row)
    for rows in games.values():
        current.update({r.player_id: r.mu_after for r in rows if r.player_id not in hidden})
        if olive.pk in {r.player_id for r in rows}:
            mine = current[olive.pk]
            rest = [mu for pid, mu in current.items() if pid != olive.pk]
            value = 100 * (sum(m < mine for m in rest) + sum(m == mine for m in rest) / 2) \
                / len(rest)
            best = value if best is None else max(best, value)
    assert body["peak"]["percentile"] == pytest.approx(best)


def test_the_chance_against_a_visible_opponent(client, world):
    body = client.get(standing_url(world, "ann"), {"against": world["olive"].pk}).json()
    assert body["against"]["player_id"] == world["olive"].pk
    assert 0 < body["against"]["chance"] < 1
    back = client.get(standing_url(world, "olive"), {"against": world["ann"].pk}).json()
    assert body["against"]["chance"] + back["against"]["chance"] == pytest.approx(1, abs=1e-6)


# who may read Hal's standing (he did not agree): only Hal himself
MATRIX = dict(anonymous=404, ann=404, xorg=404, yorg=404, hal=200, staff=404, boss=404)


@pytest.mark.parametrize("persona", list(MATRIX))
def test_the_permissions_matrix_of_a_hidden_persons_federation_rating(client, world, persona):
    login(client, world, persona)
    assert client.get(standing_url(world, "hal")).status_code == MATRIX[persona]
    assert client.get(standing_url(world, "hal") + "history/").status_code == MATRIX[persona]
    # everybody reads Ann (a public club's player)
    assert client.get(standing_url(world, "ann")).status_code == 200


def test_a_club_token_reads_a_shown_person_but_not_a_hidden_one(client, world):
    _, key = api_token(world["y"])
    headers = {"HTTP_AUTHORIZATION": f"Token {key}"}
    assert client.get(standing_url(world, "olive"), **headers).status_code == 200
    rows = client.get(standing_url(world, "olive") + "history/", **headers).json()["results"]
    assert all(row["game_id"] for row in rows)  # its own club's games are named
    assert client.get(standing_url(world, "hal"), **headers).status_code == 404


@pytest.mark.parametrize("query", [{"against": "abc"}, {"against": "-1"}, {"against": "1e9"},
                                   {"against": "99999999999999999999"}, {"against": ["1", "2"]},
                                   {"page": "x"}, {"page": "-3"}])
def test_hostile_queries_are_refused_or_ignored_cleanly(client, world, query):
    response = client.get(standing_url(world, "ann"), query)
    assert response.status_code in (200, 400), response.content
    history = client.get(standing_url(world, "ann") + "history/", query)
    assert history.status_code in (200, 404)


def test_the_own_line_against_oneself_and_unknown_ids(client, world):
    ann, pool = world["ann"], world["pool"]
    assert client.get(standing_url(world, "ann"), {"against": ann.pk}).status_code == 400
    assert client.get(f"/api/v1/players/{ann.pk}/ratings/99999999/").status_code == 404
    assert client.get(f"/api/v1/players/99999999/ratings/{pool.pk}/history/"
                      ).status_code == 404
    # Ann's row at Yew (private, no consent) is not served, not even to Ann at Xanadu
    login(client, world, "ann")
    assert client.get(standing_url(world, "ann_y")).status_code == 404


def test_the_standing_is_cached_until_a_consent_is_withdrawn(client, world):
    first = client.get(standing_url(world, "olive"))
    assert first.status_code == 200 and first["ETag"]
    assert client.get(standing_url(world, "olive"),
                      HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    federation_opt_in_set(user=world["olive"].user, on=False)
    assert client.get(standing_url(world, "olive")).status_code == 404
    assert client.get(standing_url(world, "ann")).json()["size"] == first.json()["size"] - 1
