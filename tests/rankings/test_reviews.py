"""The bots' hand review of a closed night: queued at closing, judged table by table,
shown on the hand's page, the player's page, the night's page and the API, only once
the night is closed and only to those who may see it (the permissions matrix below)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import TestCase

from league.permissions import SYSTEM
from league.services.clubs import club_set_reviews
from rankings.models import NightReview, ReviewedDecision, ReviewedGame, ReviewStatus
from rankings.services.reviews import game_review, night_review_request, night_review_run
from tests.factories import played_record, seated_table
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _short_reviews(settings, eager_celery):
    settings.REVIEW_BUDGET = 2  # a short search: these tests check the plumbing
    settings.REVIEW_ON_CLOSE = True  # (tasks run in-process here)
    settings.SECURE_SSL_REDIRECT = False


def _night(club, players, user, *, seed=1, close=True, hands=2):
    """A night of one bluke table played card by card (the first `hands` hands), closed."""
    table = seated_table(club, players)
    result = result_submit(table=table, record=played_record(seed=seed, hands=hands),
                           source="bot", user=SYSTEM).game
    event = table.round.event
    if close:
        with TestCase.captureOnCommitCallbacks(execute=True):  # the review is queued on commit
            event_close(event=event, user=user, force=True, reason="a short test night")
        event.refresh_from_db()
    return event, result


def test_closing_a_night_reviews_every_decision_of_its_card_by_card_hands(
        club_a, players_a, alice):
    event, result = _night(club_a, players_a, alice)
    review = NightReview.objects.get(event=event)
    assert (review.status, review.games_done, review.games_total) == (ReviewStatus.DONE, 1, 1)
    decisions = ReviewedDecision.objects.filter(game=result)
    hands = result.record["hands"]
    expected = sum(len(h["plays"]) + len(h["bids"]) for h in hands)
    assert 0 < decisions.count() <= expected  # forced moves are no decisions
    assert {d.player_id for d in decisions} == {p.pk for p in players_a}
    assert all(d.loss >= 0 for d in decisions)
    assert {d.kind for d in decisions} == {"bid", "play"}


def test_a_review_run_again_judges_nothing_twice_and_a_corrected_record_again(
        club_a, players_a, alice):
    event, result = _night(club_a, players_a, alice)
    review = NightReview.objects.get(event=event)
    before = list(ReviewedDecision.objects.filter(game=result).values_list("pk", flat=True))
    night_review_run(review.pk)
    assert list(ReviewedDecision.objects.filter(game=result).values_list("pk", flat=True)) \
        == before
    assert night_review_request(event=event) == review  # no second review of a night
    result.record_hash = "corrected"
    result.save(update_fields=["record_hash"])
    assert game_review(result=result, seed=review.seed, budget=review.budget)
    assert ReviewedGame.objects.get(game=result).record_hash == "corrected"
    assert ReviewedDecision.objects.filter(game=result).count() == len(before)


def test_a_club_that_switched_reviews_off_gets_none(club_a, players_a, alice):
    club_set_reviews(club=club_a, on=False, user=alice)
    event, _ = _night(club_a, players_a, alice)
    assert not NightReview.objects.filter(event=event).exists()
    club_a.refresh_from_db()
    assert club_a.reviews_on is False


def test_only_organisers_switch_reviews(club_a, pat):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        club_set_reviews(club=club_a, on=False, user=pat)


def test_an_open_night_is_not_reviewed(club_a, players_a, alice):
    event, result = _night(club_a, players_a, alice, close=False)
    assert night_review_request(event=event) is None
    assert not ReviewedDecision.objects.filter(game=result).exists()


def test_in_the_embedded_mode_closing_leaves_the_review_to_the_command(
        club_a, players_a, alice, settings):
    settings.REVIEW_ON_CLOSE = None  # decided by the mode: tasks run in-process here
    event, result = _night(club_a, players_a, alice)  # (closing does not wait minutes)
    assert not NightReview.objects.filter(event=event).exists()
    call_command("review_nights")
    assert NightReview.objects.get(event=event).status == ReviewStatus.DONE
    assert ReviewedDecision.objects.filter(game=result).exists()


def test_the_command_reviews_a_night_closed_with_reviews_off_once_switched_on(
        club_a, players_a, alice):
    club_set_reviews(club=club_a, on=False, user=alice)
    event, result = _night(club_a, players_a, alice)
    club_set_reviews(club=club_a, on=True, user=alice)
    call_command("review_nights", night=event.pk)
    assert NightReview.objects.get(event=event).status == ReviewStatus.DONE
    assert ReviewedDecision.objects.filter(game=result).exists()


# --- pages ------------------------------------------------------------------------------
def test_the_hand_page_marks_costly_decisions(client, club_b, players_b, bob):
    event, result = _night(club_b, players_b, bob, hands=3)
    ReviewedDecision.objects.filter(game=result).update(costly=False)
    marked = ReviewedDecision.objects.filter(game=result, samples__gt=0).first()
    ReviewedDecision.objects.filter(pk=marked.pk).update(costly=True, loss=9.5)
    page = client.get(f"/games/{result.pk}/review/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="costly"') == 1
    assert "9.50" in html and f'id="hand-{marked.hand}"' in html


def test_the_nights_page_shows_the_reviews_progress_and_links_each_table(
        client, club_b, players_b, bob):
    event, result = _night(club_b, players_b, bob)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="night-review"' in html
    assert f"/games/{result.pk}/review/" in html
    NightReview.objects.filter(event=event).update(status=ReviewStatus.RUNNING, games_done=0,
                                                   games_total=1)
    client.force_login(bob)  # (an organiser's page is never cached)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert "0 of 1 tables done" in html


def test_the_players_page_gives_figures_per_game_and_a_trend(client, club_b, players_b, bob):
    first, _ = _night(club_b, players_b, bob, seed=1)
    second, _ = _night(club_b, players_b, bob, seed=2)
    type(first).objects.filter(pk=first.pk).update(date=second.date.replace(day=1))
    player = players_b[1]
    page = client.get(f"/players/{player.pk}/review/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Bluke" in html and "<svg" in html and "Agreement with the bot" in html
    body = client.get(f"/api/v1/players/{player.pk}/review/").json()
    (line,) = body
    rows = ReviewedDecision.objects.filter(player=player, samples__gt=0)
    assert line["decisions"] == rows.count()
    assert line["agreement"] == pytest.approx(rows.filter(loss=0).count() / rows.count(),
                                              abs=1e-3)
    assert line["mean_loss"] == pytest.approx(sum(r.loss for r in rows) / rows.count(),
                                              abs=1e-3)
    assert [point["night"] for point in line["trend"]] == [first.name, second.name]
    assert all(point["mean_loss"] >= 0 for point in line["trend"])


def test_the_club_page_switches_reviews_and_queues_a_night(client, club_a, players_a, alice):
    client.force_login(alice)
    assert client.get("/clubs/club-a/reviews/").status_code == 200
    client.post("/clubs/club-a/reviews/", {})  # the box unticked: off
    club_a.refresh_from_db()
    assert club_a.reviews_on is False
    event, result = _night(club_a, players_a, alice)
    assert not NightReview.objects.filter(event=event).exists()
    client.post("/clubs/club-a/reviews/", {"reviews_on": "on"})
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post("/clubs/club-a/reviews/", {"night": str(event.pk)})
    assert NightReview.objects.get(event=event).status == ReviewStatus.DONE
    assert client.post("/clubs/club-a/reviews/", {"night": "x"}).status_code == 404


# --- the permissions matrix -------------------------------------------------------------
PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "anonymous"]
MEMBERS_OF_A = {"alice", "sam", "pat"}


@pytest.fixture
def reviewed(club_a, club_b, players_a, players_b, alice, bob, settings):
    settings.REVIEW_BUDGET = 1
    event_a, game_a = _night(club_a, players_a, alice, seed=3, hands=1)
    event_b, game_b = _night(club_b, players_b, bob, seed=4, hands=1)
    open_a, open_game_a = _night(club_a, players_a, alice, seed=5, close=False, hands=1)
    return {"event_a": event_a, "game_a": game_a, "event_b": event_b, "game_b": game_b,
            "open_a": open_a, "open_game_a": open_game_a, "player_a": players_a[3],
            "player_b": players_b[2]}


ENDPOINTS = {
    "night A": lambda w: f"/api/v1/events/{w['event_a'].pk}/review/",
    "game A": lambda w: f"/api/v1/games/{w['game_a'].pk}/review/",
    "player A": lambda w: f"/api/v1/players/{w['player_a'].pk}/review/",
    "game A page": lambda w: f"/games/{w['game_a'].pk}/review/",
    "player A page": lambda w: f"/players/{w['player_a'].pk}/review/",
}


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_private_clubs_reviews_are_seen_by_its_members_only(reviewed, client_as, persona):
    client = client_as(persona)
    codes = {name: client.get(url(reviewed)).status_code for name, url in ENDPOINTS.items()}
    assert codes == dict.fromkeys(ENDPOINTS, 200 if persona in MEMBERS_OF_A else 404)


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_public_clubs_reviews_are_seen_by_everyone(reviewed, client_as, persona):
    client = client_as(persona)
    assert client.get(f"/api/v1/events/{reviewed['event_b'].pk}/review/").json()["status"] \
        == "done"
    rows = client.get(f"/api/v1/games/{reviewed['game_b'].pk}/review/").json()
    assert rows and {"played", "preferred", "loss", "costly"} <= set(rows[0])
    assert client.get(f"/games/{reviewed['game_b'].pk}/review/").status_code == 200


@pytest.mark.parametrize("persona", PERSONAS)
def test_an_open_nights_review_is_seen_by_nobody(reviewed, client_as, persona):
    client = client_as(persona)
    assert client.get(f"/api/v1/events/{reviewed['open_a'].pk}/review/").status_code == 404
    assert client.get(f"/api/v1/games/{reviewed['open_game_a'].pk}/review/").status_code == 404
    assert client.get(f"/games/{reviewed['open_game_a'].pk}/review/").status_code == 404


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_clubs_organisers_reach_its_review_settings(reviewed, client_as, persona):
    response = client_as(persona).get("/clubs/club-a/reviews/")
    # (a token is no login: pages ask for one)
    expected = {"alice": 200, "anonymous": 302, "token_b": 302}.get(persona, 404)
    assert response.status_code in ((expected, 403) if expected == 404 else (expected,))


@pytest.mark.parametrize("path", ["/api/v1/games/999999/review/", "/api/v1/events/0/review/",
                                  "/api/v1/players/999999/review/", "/games/999999/review/",
                                  "/players/999999/review/"])
def test_unknown_ids_are_404(client, path):
    assert client.get(path).status_code == 404


# --- par of duplicate boards --------------------------------------------------------------
def test_a_closed_duplicate_nights_hand_records_show_each_boards_par(client, club_b, bob):
    from django.urls import reverse

    from games import rules
    from games.bots.review import board_par
    from rankings.models import BoardPar
    from tests.tournaments.duplicate.helpers import duplicate_night
    from tournaments.models import Board, Table
    from tournaments.services.bots import table_play_with_bots

    night = duplicate_night(club_b, bob, "bluke", tables=2, rounds=1, boards=2)
    for table in Table.objects.filter(round__event=night):
        table_play_with_bots(table=table)
    with TestCase.captureOnCommitCallbacks(execute=True):
        event_close(event=night, user=bob)
    boards = list(Board.objects.filter(round__event=night).order_by("number"))
    review = NightReview.objects.get(event=night)
    game = rules.load("bluke", players=4)
    expected = board_par(game, [b.deal for b in boards], seed=review.seed)
    assert [BoardPar.objects.get(board=b).par for b in boards] == expected
    text = client.get(reverse("league:hand-records", args=[night.pk])).content.decode()
    for board, par in zip(boards, expected, strict=True):
        assert f'id="par-1-{board.number}"' in text
        assert f"Seat 1 {par[0]:g}" in text.replace(",", ".") or \
            f"Seat 1 {round(par[0], 2)}" in text


# --- hostile input to the organiser's page ------------------------------------------------
@pytest.mark.parametrize("data", [{"night": "abc"}, {"night": "99999999999999999999"},
                                  {"night": "-1"}, {"night": ""}, {"night": "OTHER"},
                                  {"night": "OPEN"}, {"night": ["1", "2"]}])
def test_hostile_review_requests_are_refused_and_change_nothing(
        client, club_a, club_b, players_a, players_b, alice, bob, data):
    other, _ = _night(club_b, players_b, bob, seed=6, hands=1)
    NightReview.objects.all().delete()  # the other club's night: not reviewed yet
    open_night, _ = _night(club_a, players_a, alice, seed=7, hands=1, close=False)
    value = {"OTHER": str(other.pk), "OPEN": str(open_night.pk)}.get(data["night"],
                                                                        data["night"]) \
        if isinstance(data["night"], str) else data["night"]
    decisions = ReviewedDecision.objects.count()
    client.force_login(alice)
    response = client.post("/clubs/club-a/reviews/", {"night": value}, follow=True)
    assert response.status_code in (200, 404)
    if response.status_code == 200:
        assert b"messages" in response.content or b"error" in response.content
    assert not NightReview.objects.exists()
    assert ReviewedDecision.objects.count() == decisions


@pytest.mark.parametrize("who", ["pat", "bob"])
def test_only_the_clubs_organisers_switch_it_from_the_page(client, club_a, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.post("/clubs/club-a/reviews/", {})
    assert response.status_code in (403, 404)
    club_a.refresh_from_db()
    assert club_a.reviews_on is True
