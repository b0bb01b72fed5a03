"""Players' notices by e-mail and by web push: who wants which by which channel, the
one-click unsubscribe, and queueing one.

Each notice goes to the mail outbox (`queue_mail`) with the dedupe key
`<notice>:<what>:player-<id>:email`, and to the push outbox (`push_queue`) once per
registered browser, so a retried task, a round published twice or two workers racing
queue one message per (event, recipient, channel). Every mail carries a signed
unsubscribe link (List-Unsubscribe, with List-Unsubscribe-Post for one-click
unsubscribing, RFC 8058) that switches that notice's mail off without a login. Notices are
on by default on both channels but announcements (OFF_BY_DEFAULT); a `NoticeOptOut` row
records a player's choice for a channel where it differs from the default.
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
from league.services.push_delivery import push_queue

SALT = "league.notice-unsubscribe"
EMAIL = "email"
PUSH = "push"
CHANNELS = (EMAIL, PUSH)


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
    """The mail's one-click link: idempotent, a second click (or a mail client's retry)
    changes nothing. Push is switched on the settings page only."""
    _notice_choose(player=player, notice=notice, channel=EMAIL, on=False)


def _notice_choose(*, player: Player, notice: str, channel: str, on: bool) -> None:
    """Record the choice, or remove the row when it equals the default."""
    rows = NoticeOptOut.objects.filter(player=player, notice=notice, channel=channel)
    if on == (notice not in OFF_BY_DEFAULT):
        rows.delete()
        return
    try:
        with transaction.atomic():
            NoticeOptOut.objects.update_or_create(player=player, notice=notice, channel=channel,
                                                  defaults={"on": on})
    except IntegrityError:
        pass  # the same choice, made by a racing request


@transaction.atomic
def notice_choices_set(*, player: Player, user, choices: dict[str, set[str]]) -> None:
    """The player's own choice, per channel: the notices in `choices[channel]` on, every
    other one off by that channel. A channel left out is left as it is."""
    if not getattr(user, "is_authenticated", False) or player.user_id != user.pk:
        raise PermissionDenied(_("Only the player may change their own notices."))
    for channel, wanted in choices.items():
        if channel not in CHANNELS:
            raise ValidationError({"channel": _("%(channel)s is not a channel; the channels "
                                                "are e-mail and push.") % {"channel": channel}})
        unknown = set(wanted) - set(PlayerNotice.values)
        if unknown:
            raise ValidationError({channel: _("%(notice)s is not a notice.") % {
                "notice": sorted(unknown)[0]}})
        for notice in PlayerNotice.values:
            _notice_choose(player=player, notice=notice, channel=channel, on=notice in wanted)


def notices_set(*, player: Player, user, wanted: set[str], channel: str = EMAIL) -> None:
    """The player's own choice for one channel (e-mail unless said)."""
    notice_choices_set(player=player, user=user, choices={channel: wanted})


def notices_wanted(player: Player, channel: str = EMAIL) -> set[str]:
    return notice_choices(player)[channel]


def notice_choices(player: Player) -> dict[str, set[str]]:
    """The notices the player gets by each channel, defaults included (one query)."""
    choices = {channel: set(PlayerNotice.values) - OFF_BY_DEFAULT for channel in CHANNELS}
    for notice, channel, on in NoticeOptOut.objects.filter(player=player).values_list(
            "notice", "channel", "on"):
        if channel in choices:
            (choices[channel].add if on else choices[channel].discard)(notice)
    return choices


def announcement_audience(club: Club) -> list[Player]:
    """The club's members who asked for announcements (off by default) by either
    channel, by id."""
    return list(Player.objects.filter(
        memberships__club=club, notice_opt_outs__notice=PlayerNotice.ANNOUNCEMENT,
        notice_opt_outs__on=True, user__isnull=False)
        .select_related("user").distinct().order_by("pk"))


def notice_queue(*, player: Player, notice: str, about: str, subject: str,
                 body: str, club: Club, url: str = "") -> QueuedMail | None:
    """Queue `notice` about `about` (e.g. "round-12") of `club` for the player by each
    channel they want it by, inside the caller's transaction, with a link to `url`.
    Returns the mail, or None when no mail was queued (no address, or switched off)."""
    wanted = notice_choices(player)
    if notice in wanted[PUSH]:
        push_queue(player=player, notice=notice, about=about, title=subject, body=body,
                   url=url, club=club)
    user = player.user
    if user is None or not user.email or notice not in wanted[EMAIL]:
        return None
    link = unsubscribe_url(player=player, notice=notice)
    footer = _("You get this mail because you play in this club. No more of these: %(link)s") \
        % {"link": link}
    text = f"{body}\n{url}" if url else body
    return queue_mail(
        to=user.email, subject=subject, body=f"{text}\n\n-- \n{footer}\n", account=user,
        headers={"List-Unsubscribe": f"<{link}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
        dedupe_key=f"{notice}:{about}:player-{player.pk}:{EMAIL}", club=club)


def announcement_queue(*, club: Club, about: str, compose) -> int:
    """Queue an announcement about `about` ("season-3", "night-12") to each member who asked
    for them, in the caller's transaction; `compose()` gives (subject, body, url) and runs
    in each reader's language. Returns how many mails were queued."""
    queued = 0
    for player in announcement_audience(club):
        with translation.override(player.language or club.language or settings.LANGUAGE_CODE):
            subject, body, url = compose()
            queued += notice_queue(player=player, notice=PlayerNotice.ANNOUNCEMENT,
                                   about=about, subject=subject, body=body, url=url,
                                   club=club) is not None
    return queued
