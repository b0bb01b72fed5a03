"""Issue 30's result notices: a result entered at my table awaits my confirmation, and a
result at my table was corrected or removed (with the reason). Each goes once per (event,
player, channel), in the player's language, and each can be switched off."""

# The fixtures imported from tests/i18n/conftest.py are parameters of a test below.
# ruff: noqa: F811

import pytest
from django.core import mail

from league.models import PlayerNotice, QueuedMail
from league.permissions import SYSTEM
from league.services.mail import mail_send_due
from league.services.notices import notice_choices_set
from tests.factories import played_record, seated_table
from tests.i18n.conftest import in_catalogues  # noqa: F401
from tournaments.models import EntryMode, WayIn
from tournaments.services.results import result_correct, result_remove, result_submit
from tournaments.services.seating import round_set_published
from tournaments.services.table_entry import SeatActor, entry_mode_set, pending_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
TO_CONFIRM, CHANGED = PlayerNotice.RESULT_TO_CONFIRM, PlayerNotice.RESULT_CHANGED


def _to(notice: str) -> list[str]:
    rows = QueuedMail.objects.filter(dedupe_key__startswith=f"{notice}:")
    return sorted(rows.values_list("to", flat=True))


def _players(table):
    return [seat.player for seat in table.seats.order_by("position")]


def _submit(table, position: int):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    actor = SeatActor(seat=table.seats.get(position=position), via=WayIn.SEAT_LINK)
    return pending_submit(table=table, record=played_record(seed=3, seats=names), actor=actor)


def test_the_players_who_may_confirm_are_asked_once(table_a):
    _submit(table_a, 0)  # alice enters it
    _submit(table_a, 0)  # a retry of the same submission
    # sam and pat may confirm (Dee has no login); alice, who entered it, is not asked
    assert _to(TO_CONFIRM) == ["pat@example.org", "sam@example.org"]
    asked = QueuedMail.objects.get(to="sam@example.org")
    assert "awaits your confirmation" in asked.subject
    assert "Alice" in asked.body and f"/tables/{table_a.pk}/entry/" in asked.body


def test_in_a_partnership_game_the_partner_is_not_asked(club_a, players_a):
    table = seated_table(club_a, players_a, game="back-alley")
    names = [s.player.display_name for s in table.seats.order_by("position")]
    pending_submit(
        table=table,
        record=played_record("back-alley", seed=5, seats=names),
        actor=SeatActor(seat=table.seats.get(position=0), via=WayIn.SEAT_LINK),
    )
    # seats 1 and 3 are partners; seats 2 and 4 (sam, and Dee without a login) confirm
    assert _to(TO_CONFIRM) == ["sam@example.org"]


def test_nobody_is_asked_where_organisers_approve_or_a_submission_counts_at_once(
    club_a, players_a, alice
):
    entry_mode_set(club=club_a, mode=EntryMode.APPROVE, user=alice)
    _submit(seated_table(club_a, players_a), 0)
    entry_mode_set(club=club_a, mode=EntryMode.AT_ONCE, user=alice)
    _submit(seated_table(club_a, players_a), 0)
    assert _to(TO_CONFIRM) == []


def test_a_correction_and_a_removal_reach_everyone_at_the_table_with_the_reason(
    table_a, alice, settings
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    game = result_submit(
        table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM
    ).game
    assert _to(CHANGED) == []  # a first result is no change
    result_correct(game=game, record=played_record(seed=4), reason="hand 2 misread", user=alice)
    result_correct(game=game, record=played_record(seed=5), reason="a second look", user=alice)
    result_remove(actor=alice, reason="played at the wrong table", table=table_a)
    everyone = ["alice@example.org", "pat@example.org", "sam@example.org"]
    assert _to(CHANGED) == sorted(everyone * 3)  # three changes, one mail each per player
    assert mail_send_due().sent == 9
    bodies = [m.body for m in mail.outbox if m.to == ["pat@example.org"]]
    assert any("corrected" in body and "hand 2 misread" in body for body in bodies)
    assert any("removed" in body and "played at the wrong table" in body for body in bodies)
    assert all(m.extra_headers["List-Unsubscribe"] for m in mail.outbox)


def test_a_player_who_switched_the_notice_off_gets_none(table_a, alice, pat):
    notice_choices_set(
        player=pat.player,
        user=pat,
        choices={"email": {PlayerNotice.SEATING_PUBLISHED, PlayerNotice.NIGHT_CLOSED}},
    )
    _submit(table_a, 0)
    game = result_submit(
        table=seated_table(table_a.round.event.club, [s.player for s in table_a.seats.all()]),
        record=played_record(seed=3),
        source="bot",
        user=SYSTEM,
    ).game
    result_correct(game=game, record=played_record(seed=4), reason="typo", user=alice)
    assert "pat@example.org" not in _to(TO_CONFIRM) + _to(CHANGED)
    assert "sam@example.org" in _to(TO_CONFIRM) and "sam@example.org" in _to(CHANGED)


def test_the_notice_comes_in_the_players_language(table_a, alice, sam, in_catalogues):
    sam.player.language = "ko"
    sam.player.save(update_fields=["language"])
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    result_remove(actor=alice, reason="wrong table", table=table_a)
    korean = QueuedMail.objects.get(to="sam@example.org", dedupe_key__startswith=CHANGED)
    english = QueuedMail.objects.get(to="pat@example.org", dedupe_key__startswith=CHANGED)
    assert "result removed" in english.subject
    assert "You get this mail because you play in this club" in english.body
    # composed in Korean (the footer, with its one-click link, from the catalogue)
    assert "You get this mail because" not in korean.body and "wrong table" in korean.body


def test_a_player_without_a_language_of_their_own_reads_the_clubs(
    table_a, club_a, alice, in_catalogues
):
    club_a.language = "ko"
    club_a.save(update_fields=["language"])
    round_set_published(
        rnd=seated_table(club_a, list(_players(table_a)), published=False).round, user=alice
    )
    result_submit(table=table_a, record=played_record(seed=3), source="bot", user=SYSTEM)
    result_remove(actor=alice, reason="wrong table", table=table_a)
    mails = QueuedMail.objects.filter(to="pat@example.org")
    assert mails.count() == 2
    assert all("You get this mail because" not in m.body for m in mails)  # in Korean


def test_who_entered_it_is_named_in_the_readers_language(table_a, sam, in_catalogues):
    sam.player.language = "ko"
    sam.player.save(update_fields=["language"])
    _submit(table_a, 0)  # entered by alice's seat link; this request is in English
    english = QueuedMail.objects.get(to="pat@example.org", dedupe_key__startswith=TO_CONFIRM)
    korean = QueuedMail.objects.get(to="sam@example.org", dedupe_key__startswith=TO_CONFIRM)
    assert "seat 1, Alice (Seat link)" in english.body
    assert "Alice" in korean.body and "Seat link" not in korean.body
