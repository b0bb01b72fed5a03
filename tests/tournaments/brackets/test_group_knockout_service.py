"""A group knockout night of Bluke: round 1's tables from the seeds, the next round formed
when the last table's result is stored, a final table; corrections re-form what follows."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import EventFactory, played_record, row_counts
from tests.tournaments.brackets.helpers import entrants
from tournaments.brackets.groups import group_survivors, group_tables, round_shape
from tournaments.models import BracketMatch
from tournaments.selectors_brackets import bracket_view
from tournaments.services.brackets import bracket_create
from tournaments.services.results import ResultRejected, result_submit

OPTIONS = {"variant": "new-jersey"}


def bluke_night(club):
    return EventFactory(club=club, game="bluke", options=OPTIONS, kind="tournament")


def tables_of(bracket, round_number):
    return [m.table for m in BracketMatch.objects.filter(bracket=bracket)
            .select_related("table__round").order_by("key")
            if m.table and m.table.round.number == round_number]


def seeds_at(bracket, table):
    seed_of = dict(bracket.entrants.values_list("player_id", "seed"))
    return [seed_of[s.player_id] for s in table.seats.order_by("position")]


def play(table, user, seed=1):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    return result_submit(table=table, record=played_record("bluke", len(names), seed=seed,
                                                           seats=names, **OPTIONS),
                         source="form", user=user)


@pytest.fixture
def eight(club_a, alice):
    bracket = bracket_create(event=bluke_night(club_a), user=alice,
                             players=entrants(club_a, 8), format="groups", table_size=4,
                             drop=2)
    return bracket


def test_round_one_seats_the_seeds_in_a_snake(eight):
    assert [seeds_at(eight, t) for t in tables_of(eight, 1)] == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert (eight.table_size, eight.drop) == (4, 2)


def test_the_last_result_of_a_round_forms_the_next_until_the_final_table(eight, sam):
    first, second = tables_of(eight, 1)
    play(first, sam, seed=1)
    assert tables_of(eight, 2) == []  # the round is not over yet
    play(second, sam, seed=2)
    shape = round_shape(8, 4, (3, 4, 5), 2)
    byes, seeded = group_tables(list(range(1, 9)), shape)
    places = [list(t.result.ranks) for t in (first, second)]
    survivors = group_survivors(byes, seeded, places, shape, 2)
    (final,) = tables_of(eight, 2)
    assert sorted(seeds_at(eight, final)) == survivors
    play(final, sam, seed=3)
    view = bracket_view(eight)
    final.refresh_from_db()
    winner_seat = list(final.result.ranks).index(1)
    assert view.champion[0] == seeds_at(eight, final)[winner_seat]
    assert [r.final for r in view.groups] == [False, True]
    assert sum(s.through is True for t in view.groups[0].tables for s in t.seats) == 4


def test_a_correction_in_round_one_re_forms_the_final_table_until_it_is_played(eight, sam,
                                                                             alice):
    first, second = tables_of(eight, 1)
    play(first, sam, seed=1)
    play(second, sam, seed=2)
    (final,) = tables_of(eight, 2)
    before = sorted(seeds_at(eight, final))
    for seed in range(3, 40):  # a correction that changes who goes through
        names = [s.player.display_name for s in first.seats.order_by("position")]
        record = played_record("bluke", 4, seed=seed, seats=names, **OPTIONS)
        result_submit(table=first, record=record, source="form", user=alice,
                      correction_reason="wrong sheet")
        (final,) = tables_of(eight, 2)
        if sorted(seeds_at(eight, final)) != before:
            break
    assert sorted(seeds_at(eight, final)) != before
    play(final, sam, seed=3)
    counts = row_counts()
    with pytest.raises(ResultRejected, match="G2-1 .* already has a result"):
        result_submit(table=first, record=played_record("bluke", 4, seed=1, seats=[
            s.player.display_name for s in first.seats.order_by("position")], **OPTIONS),
            source="form", user=alice, correction_reason="back to the first sheet")
    assert row_counts() == counts


def test_the_bracket_page_and_api_show_the_group_rounds(eight, sam, client, settings):
    settings.SECURE_SSL_REDIRECT = False
    play(tables_of(eight, 1)[0], sam)
    client.force_login(sam)
    page = client.get(reverse("tournaments:event-bracket", args=[eight.event_id])).text
    assert 'id="match-G1-1"' in page and 'id="match-G1-2"' in page
    body = client.get(f"/api/v1/brackets/{eight.pk}/", secure=True).json()
    assert body["format"] == "groups" and body["matches"] == []
    assert [t["key"] for t in body["group_rounds"][0]["tables"]] == ["G1-1", "G1-2"]
    assert body["group_rounds"][0]["tables"][0]["seats"][0]["place"] is not None


@pytest.mark.parametrize("options, field, message", [
    ({"drop": 3}, "drop", "between 1 and 2 players out"),
    ({"drop": 0}, "drop", "between 1 and 2 players out"),
    ({"table_size": 7}, "table_size", "played 3 to 5 at a table"),
    ({"consolation": True}, "consolation", "no match for third place"),
])
def test_it_refuses_a_group_knockout_that_cannot_be_played(club_a, alice, options, field,
                                                           message):
    night = bluke_night(club_a)
    before = row_counts()
    with pytest.raises(ValidationError) as refused:
        bracket_create(event=night, user=alice, players=entrants(club_a, 8),
                       format="groups", **{"table_size": 4, **options})
    assert message in str(refused.value.message_dict[field])
    assert row_counts()["Event"] == before["Event"]


def test_a_two_player_game_has_no_group_knockout(club_a, alice):
    night = EventFactory(club=club_a, game="california-jack", options={})
    with pytest.raises(ValidationError, match="games of three or more"):
        bracket_create(event=night, user=alice, players=entrants(club_a, 8), format="groups")
