"""The organiser's mail log: each notice mail of the club with its delivery state (queued,
sent, failed), filtered by state, sorted, and downloaded as CSV; only the club's organisers
see it, and a club sees only its own mails."""

import csv
import io

import pytest
from django.urls import reverse

from league.models import MailState, QueuedMail
from league.services.mail import mail_send_due, queue_mail
from tests.factories import seated_table
from tournaments.services.seating import round_set_published

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _url(club):
    return reverse("organiser:club-mail-log", args=[club.slug])


@pytest.fixture
def mails(club_a, club_b, players_a, alice, settings):
    """Three seating notices of club A, one of which the mail server refused for good."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    table = seated_table(club_a, players_a, published=False)
    round_set_published(rnd=table.round, user=alice)
    assert mail_send_due().sent == 3
    QueuedMail.objects.filter(to="sam@example.org").update(
        state=MailState.FAILED, last_error="SMTPRecipientsRefused('sam@example.org')")
    queue_mail(to="x@example.org", subject="=HYPERLINK(\"http://evil\")", body="b",
               dedupe_key="seating.published:round-0:player-0:email", club=club_a)
    queue_mail(to="y@example.org", subject="Club B night", body="b",
               dedupe_key="night.closed:night-0:player-0:email", club=club_b)
    queue_mail(to="z@example.org", subject="Your claim link", body="b")  # no club
    return table


def test_an_organiser_reads_each_mails_state(client, alice, club_a, mails):
    client.force_login(alice)
    html = client.get(_url(club_a)).content.decode()
    assert html.count('class="state-sent ') == 2
    assert html.count('class="state-failed ') == 1 and "SMTPRecipientsRefused" in html
    assert html.count('class="state-queued ') == 1
    assert "Club B night" not in html and "Your claim link" not in html
    assert "Pat" in html  # the player's name, not their address
    assert "pat@example.org" not in html


def test_the_log_filters_by_state_and_sorts(client, alice, club_a, mails):
    client.force_login(alice)
    failed = client.get(_url(club_a), {"state": "failed"}).content.decode()
    assert failed.count("<tr class=\"state-") == 1 and "state-failed" in failed
    by_state = client.get(_url(club_a), {"sort": "state"}).context["table"]
    states = [row.record.state for row in by_state.paginated_rows]
    assert states == sorted(states)


def test_the_csv_holds_every_mail_with_formulas_quoted(client, alice, club_a, mails):
    client.force_login(alice)
    response = client.get(_url(club_a), {"export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Queued", "Player", "Subject", "State"]
    assert len(rows) == 5
    assert sorted(row[3] for row in rows[1:]) == ["failed", "queued", "sent", "sent"]
    assert "'=HYPERLINK(\"http://evil\")" in [row[2] for row in rows]
    only_failed = client.get(_url(club_a), {"export": "csv", "state": "failed"})
    assert len(list(csv.reader(io.StringIO(only_failed.content.decode("utf-8-sig"))))) == 2


@pytest.mark.parametrize(("persona", "status"), [("olga", 200), ("alice", 200), ("sam", 403),
                                                 ("pat", 403), ("bob", 404)])
def test_only_the_clubs_organisers_see_it(client, request, club_a, mails, persona, status):
    client.force_login(request.getfixturevalue(persona))
    assert client.get(_url(club_a)).status_code == status
    assert client.get(_url(club_a), {"export": "csv"}).status_code == status


def test_a_visitor_is_sent_to_log_in(client, club_a):
    response = client.get(_url(club_a))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
