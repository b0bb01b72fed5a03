from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MailState(models.TextChoices):
    QUEUED = "queued", _("queued")
    SENT = "sent", _("sent")
    FAILED = "failed", _("failed")


class MailKind(models.TextChoices):
    PASSWORD_RESET = "password_reset", _("password reset")
    CLAIM_LINK = "claim_link", _("claim link")
    PASSWORD_CHANGED = "password_changed", _("password changed")
    NOTICE = "notice", _("notice")


class QueuedMail(models.Model):
    """One e-mail to one address, written in the transaction of the change that sends it.

    A worker sends it after commit (`league.services.mail`): rows are claimed with a
    conditional update and a lease like `PendingRecompute`, so a killed worker's mail goes
    out later, and a mail may go out twice (at-least-once) but is never lost. The body is
    blanked once the mail is sent or given up: reset and claim links must not outlive
    their delivery in the database.
    """

    kind = models.CharField(max_length=24, choices=MailKind.choices)
    to = models.EmailField(max_length=254)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", help_text=_("The login the mail is about or from, for the throttle."))
    subject = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    state = models.CharField(max_length=8, choices=MailState.choices, default=MailState.QUEUED)
    created_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text=_("Not sent before this (back-off after a failure)."))
    claimed_by = models.UUIDField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # The club a notice is about, so its organisers see its delivery state; empty for
    # mails about a login (resets, claim links), which are nobody else's business.
    club = models.ForeignKey("league.Club", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")
    headers = models.JSONField(default=dict, blank=True,
                               help_text=_("Extra headers, e.g. List-Unsubscribe."))
    # (event, recipient, channel) of a notice: a second queueing of the same notice, by a
    # retried task or a round published again, finds this row and adds none.
    dedupe_key = models.CharField(max_length=150, null=True, blank=True, unique=True)
    # Set just before a deduplicated mail goes to the server: if the worker dies before it
    # records the outcome, the mail may have gone out, so it is not sent again.
    send_started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("queued mail")
        verbose_name_plural = _("queued mails")
        indexes = [
            models.Index(fields=["state", "due_at"], name="queued_mail_due"),
            models.Index(fields=["kind", "to", "created_at"], name="queued_mail_address"),
            models.Index(fields=["kind", "account", "created_at"], name="queued_mail_account"),
            models.Index(fields=["club", "created_at"], name="queued_mail_club"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.to} ({self.get_state_display()})"


class PasswordResetRequest(models.Model):
    """Someone asked to reset the password of the logins of `email`; the worker composes the
    mail (`league.services.password_resets`).

    The request only writes this row, for a known address and an unknown one alike, so the
    answer takes the same time for both: looking the address up, making the token and
    rendering the mail are the worker's work. Deleted once composed.
    """

    email = models.EmailField(max_length=254)
    domain = models.CharField(max_length=255, help_text=_("The site's host the link points to."))
    use_https = models.BooleanField(default=True)
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"password reset for {self.email}"


class PlayerNotice(models.TextChoices):
    """The mails a player gets about their nights, each of which they can switch off."""

    SEATING_PUBLISHED = "seating.published", _("my seat when a round's seating is published")
    NIGHT_CLOSED = "night.closed", _("a night I played is closed")
    NIGHT_REMINDER = "night.reminder", _("a reminder before a night of my club starts")
    ANNOUNCEMENT = "announcement", _("a new season or night of my club is announced")
    RESULT_TO_CONFIRM = "result.to-confirm", _("a result at my table awaits my confirmation")
    RESULT_CHANGED = "result.changed", _("a result at my table is corrected or removed")


# Announcements go to those who asked for them; every other notice is on until switched off.
OFF_BY_DEFAULT = frozenset({PlayerNotice.ANNOUNCEMENT})


class NoticeOptOut(models.Model):
    """The player's own choice for a notice by a channel, where it differs from the default
    (OFF_BY_DEFAULT): `on` false switches a notice off, true switches one on. No row: the
    default."""

    player = models.ForeignKey("league.Player", on_delete=models.CASCADE,
                               related_name="notice_opt_outs")
    notice = models.CharField(max_length=32, choices=PlayerNotice.choices)
    channel = models.CharField(max_length=16, default="email")
    on = models.BooleanField(default=False, help_text=_("Switched on, not off."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("notice switched off")
        verbose_name_plural = _("notices switched off")
        constraints = [models.UniqueConstraint(fields=["player", "notice", "channel"],
                                               name="notice_opt_out_once")]

    def __str__(self) -> str:
        return f"{self.player}: {'' if self.on else 'no '}{self.notice} by {self.channel}"
