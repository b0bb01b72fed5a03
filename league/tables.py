"""django-tables2 tables of the league's organiser pages."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from league.models import QueuedMail
from league.models.push import PushMessage


class NoticeMailTable(tables.Table):
    """Each notice mail of a club and where it stands: queued, sent or failed."""

    created_at = tables.DateTimeColumn(verbose_name=_("Queued"), format="Y-m-d H:i")
    recipient = tables.Column(accessor="account__player__display_name",
                              verbose_name=_("Player"), default="—",
                              order_by=("account__player__display_name", "pk"))
    subject = tables.Column(verbose_name=_("Subject"), attrs={"td": {"class": "break"}})
    state = tables.Column(verbose_name=_("State"))
    attempts = tables.Column(verbose_name=_("Attempts"), attrs={"td": {"class": "num"}})
    sent_at = tables.DateTimeColumn(verbose_name=_("Sent"), format="Y-m-d H:i", default="")
    last_error = tables.Column(verbose_name=_("Last error"), default="",
                               attrs={"td": {"class": "break muted"}}, orderable=False)

    class Meta:
        model = QueuedMail
        fields = ()
        sequence = ("created_at", "recipient", "subject", "state", "attempts", "sent_at",
                    "last_error")
        order_by = ("-created_at",)
        attrs = {"class": "notice-mails"}
        row_attrs = {"class": lambda record: f"state-{record.state}"}
        empty_text = _("No notice mails yet.")

    def render_state(self, record):
        return record.get_state_display()


class PushMessageTable(tables.Table):
    """Each web push message of a club (a notice to one browser) and where it stands:
    queued, sent, failed, or gone (the browser unsubscribed)."""

    created_at = tables.DateTimeColumn(verbose_name=_("Queued"), format="Y-m-d H:i")
    recipient = tables.Column(accessor="player__display_name", verbose_name=_("Player"),
                              order_by=("player__display_name", "pk"))
    title = tables.Column(verbose_name=_("Title"), attrs={"td": {"class": "break"}})
    state = tables.Column(verbose_name=_("State"))
    attempts = tables.Column(verbose_name=_("Attempts"), attrs={"td": {"class": "num"}})
    sent_at = tables.DateTimeColumn(verbose_name=_("Sent"), format="Y-m-d H:i", default="")
    last_error = tables.Column(verbose_name=_("Last error"), default="",
                               attrs={"td": {"class": "break muted"}}, orderable=False)

    class Meta:
        model = PushMessage
        fields = ()
        sequence = ("created_at", "recipient", "title", "state", "attempts", "sent_at",
                    "last_error")
        order_by = ("-created_at",)
        attrs = {"class": "push-messages"}
        row_attrs = {"class": lambda record: f"state-{record.state}"}
        empty_text = _("No browser notifications yet.")

    def render_state(self, record):
        return record.get_state_display()
