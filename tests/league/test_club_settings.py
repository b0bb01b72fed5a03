"""A club's settings (reminder hours, hand reviews, correction window) are stored through
one audited service, which only the club's organisers get through."""

import pytest
from django.core.exceptions import PermissionDenied

from league.models import AuditEntry, Club
from league.services.clubs import club_set_reminder_hours, club_set_reviews, club_setting_store
from league.services.federations import club_set_correction_days

pytestmark = pytest.mark.django_db


def test_each_setting_is_stored_and_audited_with_its_value_before_and_after(club_a, alice):
    before = Club.objects.get(pk=club_a.pk)
    club_set_reminder_hours(club=club_a, hours=6, user=alice)
    club_set_reviews(club=club_a, on=not before.reviews_on, user=alice)
    club_set_correction_days(club=club_a, days="3", user=alice)
    stored = Club.objects.get(pk=club_a.pk)
    assert (stored.reminder_hours, stored.reviews_on, stored.correction_days) == (
        6,
        not before.reviews_on,
        3,
    )
    entries = {e.action: (e.before, e.after) for e in AuditEntry.objects.filter(club=club_a)}
    assert entries == {
        "club.reminder_hours": ({"reminder_hours": before.reminder_hours}, {"reminder_hours": 6}),
        "club.reviews_on": (
            {"reviews_on": before.reviews_on},
            {"reviews_on": not before.reviews_on},
        ),
        "club.correction_days": (
            {"correction_days": before.correction_days},
            {"correction_days": 3},
        ),
    }


def test_a_player_cannot_store_a_setting_even_through_the_shared_store(club_a, pat):
    with pytest.raises(PermissionDenied):
        club_setting_store(club=club_a, field="reminder_hours", value=2, user=pat)
    assert Club.objects.get(pk=club_a.pk).reminder_hours != 2
    assert not AuditEntry.objects.filter(club=club_a).exists()
