"""The organiser's mail page: the club's reminder setting, and the mail log, each notice
mail of the club and its delivery state (queued, sent, failed), sortable, paged, and
downloadable as CSV for a spreadsheet; below it each web push message and its state."""

from __future__ import annotations

import csv

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_tables2 import RequestConfig

from league import access, selectors
from league.models import Club, MailState
from league.models.push import PushState
from league.services.clubs import REMINDER_HOURS_MAX, club_set_reminder_hours
from league.tables import NoticeMailTable, PushMessageTable

PER_PAGE = 50
# A subject holds a night's name, typed by an organiser: a cell starting like a formula
# is quoted so a spreadsheet shows it as text (OWASP's CSV injection advice).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _when(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else ""


def _csv(club: Club, mails) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-mail-log.csv"'
    response.write("\ufeff")  # without the BOM Excel misreads accented names
    writer = csv.writer(response)
    writer.writerow([_("Queued"), _("Player"), _("Subject"), _("State"), _("Attempts"),
                     _("Sent"), _("Last error")])
    for mail in mails:
        player = getattr(mail.account, "player", None) if mail.account_id else None
        writer.writerow([_when(mail.created_at), _cell(player and player.display_name),
                         _cell(mail.subject), mail.get_state_display(), mail.attempts,
                         _when(mail.sent_at), _cell(mail.last_error)])
    return response


class ReminderForm(forms.Form):
    reminder_hours = forms.IntegerField(
        required=False, min_value=1, max_value=REMINDER_HOURS_MAX,
        label=gettext_lazy("Remind the players this many hours before a night"),
        help_text=gettext_lazy("Empty: no reminders. Only nights with a start time get one; "
                               "players who said they are not coming get none."))


@login_required
def club_mail_log(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    form = ReminderForm(request.POST or None, initial={"reminder_hours": club.reminder_hours})
    if request.method == "POST" and form.is_valid():
        try:
            club_set_reminder_hours(club=club, hours=form.cleaned_data["reminder_hours"],
                                    user=request.user)
        except ValidationError as refusal:
            form.add_error("reminder_hours", refusal.message_dict.get("reminder_hours"))
        else:
            messages.success(request, _("The reminder setting is saved."))
            return redirect("organiser:club-mail-log", slug=club.slug)
    mails, state, states = _by_state(request, "state", selectors.notice_mails(club=club),
                                     MailState, selectors.notice_mail_counts(club=club))
    table = NoticeMailTable(mails)
    if request.GET.get("export") == "csv":
        RequestConfig(request, paginate=False).configure(table)
        return _csv(club, (row.record for row in table.rows))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    push_table, push_state, push_states = _push_log(request, club)
    return render(request, "league/club_mail_log.html", {
        "club": club, "table": table, "state": state, "form": form, "states": states,
        "push_table": push_table, "push_state": push_state, "push_states": push_states})


def _by_state(request, parameter: str, rows, states, counts):
    """`rows` in the state the query's `parameter` names (all when it names none), that
    state, and each state with its label and how many rows of the club are in it."""
    state = request.GET.get(parameter)
    if state in states.values:
        rows = rows.filter(state=state)
    else:
        state = ""
    counts = {row["state"]: row["n"] for row in counts}
    return rows, state, [(value, label, counts.get(value, 0)) for value, label in states.choices]


def _push_log(request, club: Club):
    """The club's web push messages, filtered by `push_state`, sorted and paged on their
    own (`push-` parameters), beside the mail log."""
    pushes, state, states = _by_state(request, "push_state", selectors.push_messages(club=club),
                                      PushState, selectors.push_message_counts(club=club))
    table = PushMessageTable(pushes, prefix="push-")
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return table, state, states
