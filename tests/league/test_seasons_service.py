"""season_create / season_update: organisers only, every field checked and keyed."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import AuditEntry
from league.services.seasons import season_create, season_update
from tests.factories import EventFactory, SeasonFactory

pytestmark = pytest.mark.django_db

START = datetime.date(2026, 9, 1)


def create(club, user, **values):
    return season_create(club=club, user=user, **({"name": "Autumn", "game": "bluke",
                                                   "starts_on": START} | values))


def refused_field(call) -> str:
    with pytest.raises(ValidationError) as refused:
        call()
    (field,) = refused.value.message_dict
    return field


def test_it_creates_a_season_and_audits_it(club_b, bob):
    season = create(club_b, bob, options={"variant": "new-jersey"},
                    standings_config={"points": "beaten"})
    assert season.club == club_b and season.options == {"variant": "new-jersey"}
    entry = AuditEntry.objects.get(action="season.create", target_id=season.pk)
    assert entry.actor == bob and entry.after["starts_on"] == "2026-09-01"


def test_it_lets_only_the_clubs_organisers_create_seasons(club_a, club_b, sam, bob):
    with pytest.raises(PermissionDenied):
        create(club_a, sam)
    with pytest.raises(PermissionDenied):
        create(club_a, bob)


@pytest.mark.parametrize(("values", "field"), [
    ({"game": "whist"}, "game"),
    ({"options": {"variant": "nope"}}, "options"),
    ({"options": {"colour": "red"}}, "options"),
    ({"options": {"players": 4}}, "options"),
    ({"standings_config": {"points": "goals"}}, "standings_config"),
    ({"ends_on": datetime.date(2026, 8, 1)}, "ends_on"),
])
def test_it_refuses_bad_values_naming_the_field(club_b, bob, values, field):
    assert refused_field(lambda: create(club_b, bob, **values)) == field


def test_it_refuses_a_second_season_of_the_same_name(club_b, bob):
    create(club_b, bob)
    assert refused_field(lambda: create(club_b, bob)) == "name"


def test_it_updates_fields_and_rebuilds_standings_when_their_rules_change(
        club_b, bob, django_capture_on_commit_callbacks):
    from league.models import PendingRecompute

    season = create(club_b, bob)
    # Kept owed (not drained on commit) to see what the rules change asked for.
    with django_capture_on_commit_callbacks(execute=False):
        season = season_update(season=season, user=bob, name="Autumn 2026",
                               standings_config={"points": "score"})
    assert season.name == "Autumn 2026" and season.standings_config == {"points": "score"}
    owed = PendingRecompute.objects.values_list("kind", "target_id")
    assert list(owed) == [("standings", season.pk)]
    entry = AuditEntry.objects.get(action="season.update")
    assert entry.before == {"name": "Autumn", "standings_config": {}}


def test_it_fixes_the_game_once_the_season_has_events(club_b, bob):
    season = SeasonFactory(club=club_b)
    EventFactory(club=club_b, season=season)
    assert refused_field(lambda: season_update(season=season, user=bob,
                                               game="back-alley")) == "game"
    season_update(season=season, user=bob, name="Renamed")  # other fields still change


def test_it_refuses_an_update_by_someone_who_does_not_organise(club_b, alice):
    with pytest.raises(PermissionDenied):
        season_update(season=SeasonFactory(club=club_b), user=alice, name="Mine")
