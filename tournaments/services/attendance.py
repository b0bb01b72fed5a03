"""A player's own answer for a night: "coming" or "not coming".

The answer feeds the organiser's attendance (`Event.seating["attendance"]`, the list the
seating plan reads): coming adds the player, not coming takes them out. The answer itself
is kept next to it (`Event.seating["answers"]`) so the organiser sees who said no, which an
unticked box alone cannot tell from "has not answered".

Only the player (the login that claimed the profile) answers for themselves; organisers
keep using the attendance form. A closed night takes no answers.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Membership, Player
from league.services.audit import audit_record
from tournaments.models import Event, EventStatus

COMING = "coming"
NOT_COMING = "not coming"
ANSWERS = (COMING, NOT_COMING)


def _check_answer(*, event: Event, player: Player, answer: str, user) -> None:
    if answer not in ANSWERS:
        raise ValidationError({"answer": _("Answer %(choices)s, not %(answer)r.") % {
            "choices": _(" or ").join(map(repr, ANSWERS)), "answer": answer}})
    if user is None or not user.is_authenticated or player.user_id != user.pk:
        raise PermissionDenied(_("Players answer for themselves only."))
    if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
        raise ValidationError({"player": _("%(player)s is not a member of %(club)s.") % {
            "player": player, "club": event.club}})


@transaction.atomic
def event_answer_attendance(*, event: Event, player: Player, answer: str, user) -> Event:
    """Record the player's answer and add them to (or take them out of) the attendance."""
    _check_answer(event=event, player=player, answer=answer, user=user)
    # The row lock keeps two answers (or an answer and the organiser's form) from
    # overwriting each other's copy of the JSON on PostgreSQL; SQLite serialises writers.
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.CLOSED:
        raise ValidationError({"event": _("%(night)s is closed: it takes no more answers.") % {
            "night": event.name}})
    seating = dict(event.seating or {})
    present = set(seating.get("attendance") or [])
    before = {"answer": (seating.get("answers") or {}).get(str(player.pk)),
              "present": player.pk in present}
    if answer == COMING:
        present.add(player.pk)
    else:
        present.discard(player.pk)
    answers = dict(seating.get("answers") or {})
    answers[str(player.pk)] = {"answer": answer, "at": timezone.now().isoformat()}
    seating.update(attendance=sorted(present), answers=answers)
    event.seating = seating
    event.save(update_fields=["seating"])
    audit_record(club=event.club, action="event.answer", target=event, subject=user,
                 before=before, after={"answer": answer, "player": player.pk})
    return event

