"""The people at a night: a player's seats and answers, and a closed night that stays closed."""

import datetime
import re

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import AuditEntry
from tests.factories import EventFactory, played_record
from tournaments.models import EventStatus, TableResult
from tournaments.services.attendance import event_answer_attendance
from tournaments.services.events import event_close
from tournaments.services.results import result_submit
from tournaments.services.seating import event_set_attendance, round_set_published

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def next_night(club_a):
    return EventFactory(club=club_a, name="Next week",
                        date=timezone.localdate() + datetime.timedelta(days=7))


def _present(event):
    event.refresh_from_db()
    return set((event.seating or {}).get("attendance") or [])


class TestAnswers:
    def test_a_player_says_coming_and_the_organiser_sees_them_present(
            self, client, pat, alice, next_night):
        client.force_login(pat)
        client.post(reverse("tournaments:event-answer", args=[next_night.pk]),
                    {"answer": "coming"})
        assert pat.player.pk in _present(next_night)
        client.force_login(alice)
        page = client.get(reverse("tournaments:event-detail", args=[next_night.pk]))
        html = page.content.decode()
        assert "Who is here (1)" in html and "Said they are coming: <bdi>Pat</bdi>" in html

    def test_not_coming_takes_the_player_out_and_tells_the_organiser(
            self, client, pat, alice, next_night):
        event_set_attendance(event=next_night, players=[pat.player], user=alice)
        client.force_login(pat)
        client.post(reverse("tournaments:event-answer", args=[next_night.pk]),
                    {"answer": "not coming"})
        assert pat.player.pk not in _present(next_night)
        assert AuditEntry.objects.filter(action="event.answer", actor=pat).exists()
        client.force_login(alice)
        html = client.get(reverse("tournaments:event-detail", args=[next_night.pk])).content
        assert "Said they are not coming: <bdi>Pat</bdi>" in html.decode()

    def test_players_answer_for_themselves_only(self, sam, pat, next_night):
        with pytest.raises(PermissionDenied):
            event_answer_attendance(event=next_night, player=pat.player, answer="coming",
                                    user=sam)
        assert not _present(next_night)

    def test_an_answer_must_be_coming_or_not_coming(self, pat, next_night):
        with pytest.raises(ValidationError, match="'maybe'"):
            event_answer_attendance(event=next_night, player=pat.player, answer="maybe",
                                    user=pat)

    def test_a_closed_night_takes_no_answers(self, client, pat, next_night):
        next_night.status = EventStatus.CLOSED
        next_night.save()
        client.force_login(pat)
        response = client.post(reverse("tournaments:event-answer", args=[next_night.pk]),
                               {"answer": "coming"}, follow=True)
        assert "closed" in response.content.decode() and not _present(next_night)

    def test_a_stranger_cannot_answer_for_a_private_clubs_night(self, client, bob, next_night):
        client.force_login(bob)
        response = client.post(reverse("tournaments:event-answer", args=[next_night.pk]),
                               {"answer": "coming"})
        assert response.status_code == 404 and not _present(next_night)


class TestMyNights:
    def test_a_player_sees_tonights_seat_numbered_from_one(self, client, table_a, pat):
        event = table_a.round.event
        event.date = timezone.localdate()
        event.save()
        table_a.round.published = True  # the night's page shows only published rounds
        table_a.round.save()
        client.force_login(pat)
        html = client.get(reverse("tournaments:my-nights")).content.decode()
        assert f"Tonight: <a href=\"{reverse('tournaments:event-detail', args=[event.pk])}\"" \
               in html
        assert "table 1, seat 3" in html  # pat sits at position 2
        night = client.get(reverse("tournaments:event-detail", args=[event.pk])).content
        assert "Round 1: table 1, seat 3" in night.decode()

    def test_the_answer_buttons_show_the_last_answer(self, client, pat, next_night):
        event_answer_attendance(event=next_night, player=pat.player, answer="not coming",
                                user=pat)
        client.force_login(pat)
        html = client.get(reverse("tournaments:my-nights")).content.decode()
        assert 'You said: <strong class="answer">not coming</strong>' in html
        assert 'value="not coming" class="chosen"' in html

    def test_a_login_without_a_player_is_told_to_claim_one(self, client, django_user_model):
        client.force_login(django_user_model.objects.create(username="newbie"))
        html = client.get(reverse("tournaments:my-nights")).content.decode()
        assert "not linked to a player" in html


class TestClosedNight:
    @pytest.fixture
    def closed(self, table_a, alice, players_a):
        result_submit(table=table_a, record=played_record(), source="form", user=alice)
        return event_close(event=table_a.round.event, user=alice)

    def test_it_refuses_attendance_and_publishing(self, closed, alice, players_a):
        with pytest.raises(ValidationError, match="closed"):
            event_set_attendance(event=closed, players=players_a, user=alice)
        with pytest.raises(ValidationError, match="closed"):
            round_set_published(rnd=closed.rounds.get(), published=False, user=alice)
        assert closed.rounds.get().published

    def test_its_page_offers_no_changes_and_calls_the_standings_final(self, client, closed,
                                                                       alice):
        client.force_login(alice)
        html = client.get(reverse("tournaments:event-detail", args=[closed.pk])).content.decode()
        assert "Save attendance" not in html and "Plan seating" not in html
        assert ">Publish<" not in html and "Close night</button>" not in html
        assert "(final)" in html and "(provisional)" not in html

    def test_a_stale_form_is_refused_with_a_message_not_an_error_page(self, client, closed,
                                                                      alice, players_a):
        client.force_login(alice)
        response = client.post(reverse("tournaments:event-attendance", args=[closed.pk]),
                               {"players": [p.pk for p in players_a]}, follow=True)
        assert response.status_code == 200 and "closed" in response.content.decode()


class TestEmptyNight:
    def test_it_cannot_be_closed_as_complete(self, alice, club_a):
        event = EventFactory(club=club_a)
        with pytest.raises(ValidationError, match="no tables"):
            event_close(event=event, user=alice)
        with pytest.raises(ValidationError, match="needs a reason"):
            event_close(event=event, user=alice, force=True)
        assert event_close(event=event, user=alice, force=True,
                           reason="Cancelled: snow").status == EventStatus.CLOSED

    def test_its_page_does_not_claim_every_table_has_a_result(self, client, alice, club_a):
        event = EventFactory(club=club_a)
        client.force_login(alice)
        html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
        assert "Every table has its result" not in html
        assert "cannot be closed as complete" in html


def test_a_failed_save_says_so_at_the_top_and_links_the_row(client, table_a, sam):
    from tests.tournaments.test_pages import _hand, sheet_post

    client.force_login(sam)
    url = reverse("tournaments:table-scoresheet", args=[table_a.pk])
    post = sheet_post(table_a, [_hand(13, [3, 3, 3, 3], [4, 3, 3, 3]),
                                _hand(12, [3, 3, 3, 3], [3, 3, 3, 2])])
    response = client.post(url, post)
    html = response.content.decode()
    assert response.status_code == 400 and not TableResult.objects.filter(table=table_a).exists()
    summary = html[html.index('id="save-failed"'):html.index("</div>", html.index(
        'id="save-failed"'))]
    assert "Not saved." in summary
    assert re.search(r'<a href="#hand-2">[^<]*tricks add up to 11 but 12 cards were dealt',
                     summary)
    assert html.index('id="save-failed"') < html.index('id="scoresheet-form"')
    assert "js/scoresheet.js" in html  # brings the row into view


def test_a_member_answers_from_the_nights_own_page(client, pat, next_night):
    client.force_login(pat)
    url = reverse("tournaments:event-detail", args=[next_night.pk])
    assert "Are you coming?" in client.get(url).content.decode()
    response = client.post(reverse("tournaments:event-answer", args=[next_night.pk]),
                           {"answer": "coming", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    assert 'You said: <strong class="answer">coming</strong>' in client.get(url).content.decode()
    assert pat.player.pk in _present(next_night)


def test_the_answer_form_is_for_members_of_an_open_night(client, bob, next_night, club_b):
    public_night = EventFactory(club=club_b, status=EventStatus.CLOSED)
    client.force_login(bob)
    html = client.get(reverse("tournaments:event-detail", args=[public_night.pk])).content
    assert b"Are you coming?" not in html
