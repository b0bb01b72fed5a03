"""django-tables2 tables of the league's organiser pages."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from league.models import QueuedMail
from league.models.push import PushMessage


def _sequence(recipient: str, about: str) -> tuple[str, ...]:
    return ("created_at", recipient, about, "state", "attempts", "sent_at", "last_error")


class DeliveryTable(tables.Table):
    """The columns of a club's outgoing messages (mail or push): when each was queued,
    where it stands, how often it was tried, when it went, and the last error."""

    created_at = tables.DateTimeColumn(verbose_name=_("Queued"), format="Y-m-d H:i")
    state = tables.Column(verbose_name=_("State"))
    attempts = tables.Column(verbose_name=_("Attempts"), attrs={"td": {"class": "num"}})
    sent_at = tables.DateTimeColumn(verbose_name=_("Sent"), format="Y-m-d H:i", default="")
    last_error = tables.Column(verbose_name=_("Last error"), default="",
                               attrs={"td": {"class": "break muted"}}, orderable=False)

    class Meta:
        fields = ()
        order_by = ("-created_at",)
        row_attrs = {"class": lambda record: f"state-{record.state}"}

    def render_state(self, record):
        return record.get_state_display()


class NoticeMailTable(DeliveryTable):
    """Each notice mail of a club and where it stands: queued, sent or failed."""

    recipient = tables.Column(accessor="account__player__display_name",
                              verbose_name=_("Player"), default="—",
                              order_by=("account__player__display_name", "pk"))
    subject = tables.Column(verbose_name=_("Subject"), attrs={"td": {"class": "break"}})

    class Meta(DeliveryTable.Meta):
        model = QueuedMail
        sequence = _sequence("recipient", "subject")
        attrs = {"class": "notice-mails"}
        empty_text = _("No notice mails yet.")


class PushMessageTable(DeliveryTable):
    """Each web push message of a club (a notice to one browser) and where it stands:
    queued, sent, failed, or gone (the browser unsubscribed)."""

    recipient = tables.Column(accessor="player__display_name", verbose_name=_("Player"),
                              order_by=("player__display_name", "pk"))
    title = tables.Column(verbose_name=_("Title"), attrs={"td": {"class": "break"}})

    class Meta(DeliveryTable.Meta):
        model = PushMessage
        sequence = _sequence("recipient", "title")
        attrs = {"class": "push-messages"}
        empty_text = _("No browser notifications yet.")
