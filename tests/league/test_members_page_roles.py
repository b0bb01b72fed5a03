"""The members page: every role select is labelled with the member's name, and an organiser
is offered only the roles they may give (an owner's and organiser's roles show as text)."""

import re

import pytest
from django.urls import reverse

from league.models import Membership, Role

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _page(client, user, club):
    """The page's own content (the header's language switcher is a select too)."""
    client.force_login(user)
    html = client.get(reverse("organiser:club-members", args=[club.slug])).content.decode()
    return html[html.index("<main>"):]


def _selects(html: str) -> dict[str, str]:
    """select id -> the select's HTML."""
    return {m.group(1): m.group(0) for m in re.finditer(r'<select[^>]*id="([^"]+)".*?</select>',
                                                        html, re.S)}


def test_every_role_select_has_a_label_naming_the_member(client, club_a, olga, alice, pat):
    html = _page(client, olga, club_a)
    selects = _selects(html)
    assert len(selects) == 4  # three members' roles and the add form's
    for select_id in selects:
        label = re.search(rf'<label[^>]*for="{select_id}"[^>]*>([^<]+)</label>', html)
        assert label, select_id
    pat_row = Membership.objects.get(player=pat.player)
    assert re.search(rf'for="id_m{pat_row.pk}-role"[^>]*>Role of Pat<', html)


def test_an_organiser_is_not_offered_owner_or_organiser(client, club_a, olga, alice, pat):
    html = _page(client, alice, club_a)
    for select in _selects(html).values():
        assert 'value="owner"' not in select and 'value="organiser"' not in select
        assert 'value="scorekeeper"' in select
    olga_row = Membership.objects.get(player=olga.player)
    row = html.split(f'id="member-{olga_row.pk}"')[1].split("</tr>")[0]
    assert "<select" not in row and "Owner" in row  # shown, not offered


def test_an_owner_is_offered_every_role(client, club_a, olga, pat):
    pat_row = Membership.objects.get(player=pat.player)
    select = _selects(_page(client, olga, club_a))[f"id_m{pat_row.pk}-role"]
    assert all(f'value="{role}"' in select for role in Role.values)


def test_an_organiser_posting_owner_anyway_is_refused(client, club_a, alice, pat):
    pat_row = Membership.objects.get(player=pat.player)
    client.force_login(alice)
    page = client.post(reverse("organiser:member-role", args=[club_a.slug, pat_row.pk]),
                       {f"m{pat_row.pk}-role": "owner"}, follow=True).content.decode()
    pat_row.refresh_from_db()
    assert pat_row.role == Role.PLAYER and "Role for Pat" in page


def test_the_roles_to_give_follow_the_policy(club_a, olga, alice, pat):
    from league.services.clubs import roles_to_give

    assert roles_to_give(user=olga, club=club_a) == list(Role.values)
    assert roles_to_give(user=alice, club=club_a) == [Role.SCOREKEEPER, Role.PLAYER]
    assert roles_to_give(user=pat, club=club_a) == []
