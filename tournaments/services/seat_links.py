"""Seat links: one seat's way in for the night, without an account.

A link carries a signed token naming the seat and its short code; the short code alone
(typed from a printed card) leads to the same seat. A link stops working when the
organiser revokes it (a phone was lost: the seat gets a new link) and once the night is
closed. Organisers list every seat's link (`seat_links_for_event`) to print or hand out.
"""

from __future__ import annotations

import secrets

from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.permissions import MANAGE, can, club_of
from league.services.audit import audit_record
from tournaments.models import Event, EventStatus, Seat, SeatLink

# No 0/O, 1/I/L: the code is read off paper and typed on a phone.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10  # about 50 bits: not guessable at the login throttle's pace
SALT = "tournaments.seat-link"


def _new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def short_code(link: SeatLink) -> str:
    """The code as printed: two groups of five."""
    return f"{link.code[:5]}-{link.code[5:]}"


def seat_token(link: SeatLink) -> str:
    # No timestamp: a link's token stays the same however often it is listed or printed.
    return signing.Signer(salt=SALT).sign_object([link.seat_id, link.code])


def _live(**lookup) -> SeatLink | None:
    link = (SeatLink.objects.select_related("seat__player", "seat__table__round__event__club")
            .filter(revoked_at__isnull=True, **lookup).first())
    if link is None or link.seat.table.round.event.status == EventStatus.CLOSED:
        return None
    return link


def seat_link_by_token(token: str) -> SeatLink | None:
    """The live link a token names, or None (forged, revoked, or the night is closed)."""
    try:
        seat_id, code = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(seat_id, int) or not isinstance(code, str):
        return None
    return _live(seat_id=seat_id, code=code)


def seat_link_by_code(code: str) -> SeatLink | None:
    """The live link of a typed short code (case, spaces and dashes do not matter)."""
    cleaned = "".join(ch for ch in (code or "").upper() if ch.isalnum())
    if len(cleaned) != CODE_LENGTH:
        return None
    return _live(code=cleaned)


def _seats(event: Event):
    return (Seat.objects.filter(table__round__event=event, player__isnull=False)
            .order_by("table__round__number", "table__number", "position"))


def seat_links_for_event(*, event: Event, user) -> list[SeatLink]:
    """Every seated seat's live link, made on first asking; organisers only."""
    if not can(user, MANAGE, event):
        raise PermissionDenied(_("Only the club's organisers may see the night's seat links."))
    live = SeatLink.objects.filter(revoked_at__isnull=True).values("seat_id")
    missing = _seats(event).exclude(pk__in=live)
    for seat in missing:
        _create(seat)
    return list(SeatLink.objects.filter(seat__in=_seats(event), revoked_at__isnull=True)
                .select_related("seat__player", "seat__table__round")
                .order_by("seat__table__round__number", "seat__table__number",
                          "seat__position"))


def _create(seat: Seat) -> SeatLink | None:
    try:
        with transaction.atomic():
            return SeatLink.objects.create(seat=seat, code=_new_code())
    except IntegrityError:  # another request made this seat's link first (or a code clash)
        return None


def seat_link_revoke(*, link: SeatLink, user) -> SeatLink:
    """Revoke a link (a phone was lost); the seat gets a new link, returned."""
    if not can(user, MANAGE, link.seat):
        raise PermissionDenied(_("Only the club's organisers may revoke seat links."))
    with transaction.atomic():
        revoked = SeatLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now())
        if not revoked:  # revoked already (a retry): the seat's live link stands
            return SeatLink.objects.get(seat=link.seat, revoked_at__isnull=True)
        fresh = SeatLink.objects.create(seat=link.seat, code=_new_code())
        audit_record(club=club_of(link.seat), action="seat-link.revoke", target=link,
                     subject=user, after={"seat": link.seat_id, "new_link": fresh.pk})
    return fresh
