"""Stored ratings: the incremental path equals a full recompute, float for float."""

import datetime
import random

import pytest
from django.core.management import CommandError, call_command

from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.selectors_ratings import rating_view
from rankings.services.ratings import (
    ratings_recompute,
    ratings_update_for_game,
    variant_key,
)
from tests.league.played_games import T0, correct_game, night, record_game, table_at


def snapshot(club):
    ratings = sorted(
        PlayerRating.objects.filter(pool__club=club).values_list(
            "pool__game", "pool__variant", "player_id", "mu", "sigma", "games", "last_played_at"))
    history = sorted(
        RatingHistory.objects.filter(pool__club=club).values_list(
            "game_order", "player_id", "mu_before", "sigma_before", "games_before",
            "mu_after", "sigma_after", "games_after"))
    return ratings, history


def play_games(club, people, count, seed=1, start=T0, rate=True):
    """``count`` four-player games over rotating line-ups, rated one by one if ``rate``."""
    rng = random.Random(seed)
    event = night(club, None)
    games = []
    for i in range(count):
        players = rng.sample(people, 4)
        table = table_at(event, players, round_number=i + 1)
        totals = [rng.choice([50, 80, 80, 120, 150]) for _ in players]
        games.append(record_game(table, totals=totals,
                                 played_at=start + datetime.timedelta(hours=i)))
        if rate:
            ratings_update_for_game(game_id=games[-1].pk)
    return games


def assert_same_as_full_recompute(club):
    incremental = snapshot(club)
    ratings_recompute(club_id=club.pk)
    assert snapshot(club) == incremental
    assert incremental[0] and incremental[1]


@pytest.mark.parametrize("kind", ["plackett_luce", "elo", "whole_history"])
def test_it_rates_each_new_result_exactly_like_a_full_recompute(club, people, kind):
    RatingPool.objects.create(club=club, game="bluke", variant=variant_key({}), kind=kind)
    play_games(club, people, 12)
    assert RatingHistory.objects.count() == 12 * 4
    assert_same_as_full_recompute(club)


def test_it_replays_from_a_corrected_result_in_the_middle(club, people):
    games = play_games(club, people, 10)
    before = dict(RatingHistory.objects.filter(game=games[7]).values_list("player_id", "mu_after"))
    correct_game(games[4], totals=[10, 20, 30, 40])
    assert ratings_update_for_game(game_id=games[4].pk) == 6  # games 5..10 re-rated
    after = dict(RatingHistory.objects.filter(game=games[7]).values_list("player_id", "mu_after"))
    assert after != before
    assert_same_as_full_recompute(club)


def test_it_replays_when_a_late_result_is_earlier_than_the_last_rated_game(club, people):
    play_games(club, people, 6)
    event = night(club, None)
    late = record_game(table_at(event, people[:4]), totals=[100, 90, 80, 70],
                       played_at=T0 + datetime.timedelta(minutes=150))
    assert ratings_update_for_game(game_id=late.pk) == 4  # the late game and the 3 after it
    assert_same_as_full_recompute(club)


def test_it_repairs_the_pool_when_a_result_is_removed(club, people):
    games = play_games(club, people, 6)
    gone = games[2].pk
    games[2].table.delete()
    assert RatingHistory.objects.filter(game__isnull=True).count() == 4
    ratings_update_for_game(game_id=gone)
    assert not RatingHistory.objects.filter(game__isnull=True).exists()
    assert_same_as_full_recompute(club)


def test_it_does_nothing_for_an_unchanged_resubmission(club, people):
    games = play_games(club, people, 3)
    assert ratings_update_for_game(game_id=games[1].pk) == 0


def test_it_rates_back_alley_partners_as_one_side(club, people):
    event = night(club, None, game="back-alley")
    table = table_at(event, people[:4])
    game = record_game(table, totals=[120, 40], ranks=[1, 2, 1, 2])
    ratings_update_for_game(game_id=game.pk)
    pool = RatingPool.objects.get(game="back-alley")
    mu = dict(PlayerRating.objects.filter(pool=pool).values_list("player_id", "mu"))
    ann, bob, cy, di = (p.pk for p in people[:4])
    assert mu[ann] == mu[cy] > 25 > mu[bob] == mu[di]
    assert not PlayerRating.objects.exclude(pool=pool).exists()  # its own pool
    assert pool.kind == "whole_history"  # the default for partnerships too


def test_individual_games_start_on_the_whole_history_rater(club, people):
    game = record_game(table_at(night(club, None), people[:4]), totals=[4, 3, 2, 1])
    ratings_update_for_game(game_id=game.pk)
    assert RatingPool.objects.get(game="bluke").kind == "whole_history"


def test_a_whole_history_pool_rerates_every_game_after_a_correction(club, people):
    # Refits every 4 games, so the 10 games cross two of them.
    RatingPool.objects.create(club=club, game="bluke", variant=variant_key({}),
                              kind="whole_history", params={"period": 4})
    games = play_games(club, people, 10)
    assert_same_as_full_recompute(club)
    first = dict(RatingHistory.objects.filter(game=games[1]).values_list("player_id", "mu_after"))
    correct_game(games[6], totals=[10, 20, 30, 40])
    # Games 7 to 10 are rated again, after the first six are re-read in one batch (the
    # refit after game 4 changed every player's state, not only those who played game 4);
    # what was known after game 2 stays as it was: only games up to then were read there.
    assert ratings_update_for_game(game_id=games[6].pk) == 4
    assert_same_as_full_recompute(club)
    assert RatingHistory.objects.count() == 40
    assert dict(RatingHistory.objects.filter(game=games[1]).values_list(
        "player_id", "mu_after")) == first


def test_a_whole_history_pool_whose_refits_grow_apart_equals_a_full_recompute(club, people):
    # Refits after games 2, 4, 8 and 16 (the spacing doubles as the history doubles):
    # each new result, a correction and a late result replay to the same floats.
    RatingPool.objects.create(club=club, game="bluke", variant=variant_key({}),
                              kind="whole_history", params={"period": 2, "doubling": 1})
    games = play_games(club, people, 18)
    assert_same_as_full_recompute(club)
    correct_game(games[9], totals=[10, 20, 30, 40])
    assert ratings_update_for_game(game_id=games[9].pk) == 9  # games 10 to 18
    assert_same_as_full_recompute(club)
    late = record_game(table_at(night(club, None), people[:4]), totals=[100, 90, 80, 70],
                       played_at=T0 + datetime.timedelta(minutes=30))
    assert ratings_update_for_game(game_id=late.pk) == 18  # the late game and all after it
    assert_same_as_full_recompute(club)
    assert RatingHistory.objects.count() == 19 * 4


def test_it_keeps_game_variants_in_separate_pools(club, people):
    plain = record_game(table_at(night(club, None), people[:4]), totals=[4, 3, 2, 1])
    jersey_night = night(club, None, options={"variant": "new-jersey"})
    jersey = record_game(table_at(jersey_night, people[:4]), totals=[4, 3, 2, 1])
    ratings_update_for_game(game_id=plain.pk)
    ratings_update_for_game(game_id=jersey.pk)
    assert set(RatingPool.objects.values_list("variant", flat=True)) == {
        "{}", '{"variant":"new-jersey"}'}
    assert PlayerRating.objects.filter(player=people[0]).count() == 2


def test_it_grows_uncertainty_while_a_player_is_away(club, people):
    play_games(club, people, 20)
    rating = PlayerRating.objects.filter(pool__club=club).order_by("-games").first()
    now = rating_view(rating, now=rating.last_played_at)
    later = rating_view(rating, now=rating.last_played_at + datetime.timedelta(days=3000))
    assert later.sigma > now.sigma and later.mu == now.mu
    assert later.provisional


def test_the_recompute_command_rebuilds_every_pool(club, people):
    play_games(club, people, 5, rate=False)
    call_command("recompute_ratings", "--club", str(club.pk), verbosity=0)
    assert RatingHistory.objects.count() == 20
    first = snapshot(club)
    call_command("recompute_ratings", verbosity=0)
    assert snapshot(club) == first


def test_the_fit_command_stores_parameters_and_rerates(club, people):
    play_games(club, people, 24, rate=False)
    call_command("fit_ratings", "--club", str(club.pk), "--kind", "elo", verbosity=0)
    pool = RatingPool.objects.get(club=club)
    assert pool.kind == "elo" and pool.fitted_at is not None
    assert set(pool.params) >= {"k", "k_exponent"}
    assert pool.fit_report["games"] == 24
    assert PlayerRating.objects.filter(pool=pool).first().sigma == 0.0  # Elo numbers now


def test_the_fit_command_can_choose_the_model_by_table_shape(club, people):
    play_games(club, people, 24, rate=False)
    call_command("fit_ratings", "--club", str(club.pk), "--kind", "elo", verbosity=0)
    call_command("fit_ratings", "--club", str(club.pk), "--kind", "auto", verbosity=0)
    pool = RatingPool.objects.get(club=club)
    assert pool.kind == "plackett_luce" and pool.fit_report["kind"] == "plackett_luce"
    assert PlayerRating.objects.filter(pool=pool).first().sigma > 0  # re-rated by it


def test_the_fit_command_names_the_kinds_for_an_unknown_one(club, people):
    with pytest.raises(CommandError, match="unknown rater kind 'glicko'.*elo"):
        call_command("fit_ratings", "--kind", "glicko", verbosity=0)


def test_the_fit_command_moves_a_pool_to_the_whole_history_rater(club, people):
    RatingPool.objects.create(club=club, game="bluke", variant=variant_key({}), kind="elo")
    play_games(club, people, 24)
    call_command("fit_ratings", "--club", str(club.pk), "--kind", "wh", verbosity=0)
    pool = RatingPool.objects.get(club=club)
    assert pool.kind == "whole_history" and set(pool.params) >= {"beta", "tau"}
    assert PlayerRating.objects.filter(pool=pool).first().sigma > 0  # re-rated by it
    assert_same_as_full_recompute(club)
