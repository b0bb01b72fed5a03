"""Players' notice mails: who wants which, the one-click unsubscribe, and queueing one.

Each notice goes through the mail outbox (`queue_mail`) with the dedupe key
`<notice>:<what>:player-<id>:email`, so a retried task, a round published twice or two
workers racing queue one mail per (event, recipient, channel). Every notice carries a
signed unsubscribe link (List-Unsubscribe, with List-Unsubscribe-Post for one-click
unsubscribing, RFC 8058) that switches that notice off without a login. Notices are on by
default but announcements (OFF_BY_DEFAULT); a `NoticeOptOut` row records a player's
choice where it differs from the default.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from league.models import OFF_BY_DEFAULT, Club, NoticeOptOut, Player, PlayerNotice, QueuedMail
from league.services.mail import queue_mail

SALT = "league.notice-unsubscribe"
EMAIL = "email"


def notice_token(*, player: Player, notice: str) -> str:
    """Signed, not stored; it never expires: an old mail's link still works."""
    return signing.dumps({"p": player.pk, "n": notice}, salt=SALT, compress=True)


def unsubscribe_url(*, player: Player, notice: str) -> str:
    token = notice_token(player=player, notice=notice)
    return settings.SITE_URL.rstrip("/") + reverse("notices:unsubscribe", args=[token])


def notice_from_token(token: str) -> tuple[Player, str]:
    """The player and notice a link names, or a ValidationError (forged or mangled)."""
    try:
        data = signing.loads(token, salt=SALT)
        player = Player.objects.get(pk=data["p"])
    except (signing.BadSignature, Player.DoesNotExist, KeyError, TypeError):
        raise ValidationError(_("This unsubscribe link is not valid.")) from None
    if data["n"] not in PlayerNotice.values:
        raise ValidationError(_("This unsubscribe link is not valid."))
    return player, data["n"]


def notice_switch_off(*, player: Player, notice: str) -> None:
    """Idempotent: a second click (or a mail client's retry) changes nothing."""
    _notice_choose(player=player, notice=notice, on=False)


def _notice_choose(*, player: Player, notice: str, on: bool) -> None:
    """Record the choice, or remove the row when it equals the default."""
    rows = NoticeOptOut.objects.filter(player=player, notice=notice, channel=EMAIL)
    if on == (notice not in OFF_BY_DEFAULT):
        rows.delete()
        return
    try:
        with transaction.atomic():
            NoticeOptOut.objects.update_or_create(player=player, notice=notice, channel=EMAIL,
                                                  defaults={"on": on})
    except IntegrityError:
        pass  # the same choice, made by a racing request


@transaction.atomic
def notices_set(*, player: Player, user, wanted: set[str]) -> None:
    """The player's own choice: the notices in `wanted` on, every other one off."""
    if not getattr(user, "is_authenticated", False) or player.user_id != user.pk:
        raise PermissionDenied(_("Only the player may change their own notices."))
    for notice in PlayerNotice.values:
        _notice_choose(player=player, notice=notice, on=notice in wanted)


def notices_wanted(player: Player) -> set[str]:
    wanted = set(PlayerNotice.values) - OFF_BY_DEFAULT
    for notice, on in NoticeOptOut.objects.filter(player=player, channel=EMAIL).values_list(
            "notice", "on"):
        (wanted.add if on else wanted.discard)(notice)
    return wanted


def announcement_audience(club: Club) -> list[Player]:
    """The club's members who asked for announcements (off by default), by id."""
    return list(Player.objects.filter(
        memberships__club=club, notice_opt_outs__notice=PlayerNotice.ANNOUNCEMENT,
        notice_opt_outs__channel=EMAIL, notice_opt_outs__on=True,
        user__isnull=False).select_related("user").distinct().order_by("pk"))


def notice_queue(*, player: Player, notice: str, about: str, subject: str,
                 body: str, club: Club) -> QueuedMail | None:
    """Queue `notice` about `about` (e.g. "round-12") of `club` for the player, inside the
    caller's transaction; None when the player has no address or switched it off."""
    user = player.user
    if user is None or not user.email or notice not in notices_wanted(player):
        return None
    link = unsubscribe_url(player=player, notice=notice)
    footer = _("You get this mail because you play in this club. No more of these: %(link)s") \
        % {"link": link}
    return queue_mail(
        to=user.email, subject=subject, body=f"{body}\n\n-- \n{footer}\n", account=user,
        headers={"List-Unsubscribe": f"<{link}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
        dedupe_key=f"{notice}:{about}:player-{player.pk}:{EMAIL}", club=club)


def announcement_queue(*, club: Club, about: str, compose) -> int:
    """Queue an announcement about `about` ("season-3", "night-12") to each member who asked
    for them, in the caller's transaction; `compose()` gives (subject, body) and runs in
    each reader's language. Returns how many were queued."""
    queued = 0
    for player in announcement_audience(club):
        with translation.override(player.language or settings.LANGUAGE_CODE):
            subject, body = compose()
            queued += notice_queue(player=player, notice=PlayerNotice.ANNOUNCEMENT,
                                   about=about, subject=subject, body=body,
                                   club=club) is not None
    return queued
