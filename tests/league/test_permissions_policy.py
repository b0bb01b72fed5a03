"""league.permissions: one policy for "may U do A on X?" and "which X may U see or manage?"."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from league import permissions
from league.permissions import CORRECT, MANAGE, OWN, SCORE, SYSTEM, VIEW, can
from tests.factories import UserFactory, api_token
from tournaments.models import Event, Table

EXPECTED = {
    # persona: {action: allowed on club A's table}
    "alice": {VIEW: True, SCORE: True, CORRECT: True, MANAGE: True, OWN: False},
    "sam": {VIEW: True, SCORE: True, CORRECT: False, MANAGE: False, OWN: False},
    "pat": {VIEW: True, SCORE: False, CORRECT: False, MANAGE: False, OWN: False},
    "bob": {VIEW: False, SCORE: False, CORRECT: False, MANAGE: False, OWN: False},
}


@pytest.mark.parametrize("persona", sorted(EXPECTED))
@pytest.mark.parametrize("action", [VIEW, SCORE, CORRECT, MANAGE, OWN])
def test_it_answers_from_the_role_in_the_club(table_a, persona, action, request):
    user = request.getfixturevalue(persona)
    assert can(user, action, table_a) is EXPECTED[persona][action]


@pytest.mark.parametrize("action", [VIEW, SCORE, CORRECT, MANAGE])
def test_it_lets_anonymous_users_only_view_public_clubs(table_a, table_b, action):
    anonymous = AnonymousUser()
    assert can(anonymous, action, table_b) is (action == VIEW)
    assert can(anonymous, action, table_a) is False


def test_it_scopes_a_token_to_its_own_club(table_a, table_b, token_b, club_a):
    token, _ = token_b
    assert can(token, SCORE, table_b) and can(token, VIEW, table_b)
    assert not can(token, MANAGE, table_b) and not can(token, CORRECT, table_b)
    assert not can(token, VIEW, table_a) and not can(token, SCORE, table_a)
    club_a.is_public = True
    club_a.save()
    assert can(token, VIEW, table_a) and not can(token, SCORE, table_a)


def test_it_ignores_a_revoked_token(table_b, token_b):
    token, _ = token_b
    token.revoked_at = timezone.now()
    assert not can(token, SCORE, table_b)
    assert not permissions.clubs_for(token, SCORE).exists()


def test_it_lets_superusers_and_system_code_do_anything(table_a):
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    for subject in (root, SYSTEM):
        assert all(can(subject, action, table_a) for action in (VIEW, SCORE, CORRECT, OWN))


def test_it_lists_visible_and_manageable_clubs(club_a, club_b, alice, sam, bob):
    assert set(permissions.visible_clubs(alice)) == {club_a, club_b}
    assert set(permissions.visible_clubs(bob)) == {club_b}
    assert set(permissions.visible_clubs(AnonymousUser())) == {club_b}
    assert set(permissions.manageable_clubs(alice)) == {club_a}
    assert set(permissions.manageable_clubs(sam)) == set()
    assert set(permissions.clubs_for(sam, SCORE)) == {club_a}


def test_it_restricts_querysets_through_the_models_club(table_a, table_b, bob, alice):
    assert set(permissions.restrict(Table.objects.all(), bob)) == {table_b}
    assert set(permissions.restrict(Table.objects.all(), alice)) == {table_a, table_b}
    assert set(permissions.restrict(Event.objects.all(), alice, MANAGE)) == {
        table_a.round.event}


def test_it_shows_players_of_visible_clubs_and_yourself(players_a, players_b, club_b, bob):
    outsider = UserFactory(username="zed")
    visible = set(permissions.visible_players(bob))
    assert visible == set(players_b)
    assert set(permissions.visible_players(AnonymousUser())) == set(players_b)
    assert not set(permissions.visible_players(outsider)) & set(players_a)


def test_it_finds_the_club_of_every_kind_of_object(table_a, club_a, sam):
    from tests.factories import played_record
    from tournaments.services.results import result_submit

    game = result_submit(table=table_a, record=played_record(seed=1), source="form",
                         user=sam).game
    token, _ = api_token(club_a)
    objects = [club_a, table_a.round.event, table_a.round, table_a, table_a.seats.first(),
               game, game.hands.first(), token, club_a.memberships.first()]
    assert all(permissions.club_of(obj) == club_a for obj in objects)


def test_it_lets_only_owners_hand_out_the_organiser_role(club_a, alice, players_a):
    from django.core.exceptions import PermissionDenied

    from league.models import AuditEntry, Player, Role
    from league.services.clubs import club_create, membership_add

    dee = players_a[3]
    with pytest.raises(PermissionDenied):
        membership_add(club=club_a, player=dee, role=Role.ORGANISER, user=alice)
    owner = UserFactory(username="olga")
    club = club_create(name="Olga's Club", user=owner)
    nia = Player(display_name="Nia")  # a newcomer: dee, a private club's member, is hidden
    membership = membership_add(club=club, player=nia, role=Role.ORGANISER, user=owner)
    assert membership.role == Role.ORGANISER and can(owner, OWN, club)
    assert AuditEntry.objects.filter(club=club, action="membership.add").exists()
