"""Admin forms that ask the services before anything is saved.

The admin stores events, rounds and seats through `tournaments.services` (its `save_model`
calls them). A service refusing inside `save_model` would be a server error, so each form
here runs the service's own check in `clean()`: the refusal appears on the form, named by
field, and the save that follows cannot be refused for the same reason.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext_lazy

from games import rules
from tournaments.models import Event, EventFormat, Seat
from tournaments.services.events import event_check_game, seat_assign_check
from tournaments.services.next_round import check_format


def _game_choices():
    return [("", "— the season's game —")] + [(g["name"], g["title"]) for g in rules.games()]


def _raise_on_form(form: forms.Form, error: ValidationError) -> None:
    """Re-raise a service refusal keyed by the form's own fields where they match."""
    if not hasattr(error, "error_dict"):
        raise error
    for field, messages in error.message_dict.items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)


class EventAddForm(forms.ModelForm):
    """A new event: the game comes from the rules registry, or from its season."""

    game = forms.ChoiceField(choices=_game_choices, required=False)
    options = forms.JSONField(required=False, help_text=gettext_lazy(
        "Leave empty for the season's options (a season's nights use them)."))
    format = forms.ChoiceField(choices=EventFormat.choices, required=False,
                               initial=EventFormat.ROTATION, label=gettext_lazy("Format"))

    class Meta:
        model = Event
        fields = ["club", "season", "name", "kind", "date", "game", "options", "format"]

    def clean(self):
        data = super().clean()
        club, season = data.get("club"), data.get("season")
        if club is None or self.errors:
            return data
        options = data.get("options") or (None if season else {})
        try:
            data["game"], data["options"] = event_check_game(
                club=club, season=season, game=data.get("game") or "", options=options)
            check_format(game=data["game"], format=data.get("format") or EventFormat.ROTATION,
                         table_size=season.table_size if season else None)
        except ValidationError as refused:
            _raise_on_form(self, refused)
        return data


class SeatForm(forms.ModelForm):
    """Who sits in a seat, checked by `seat_assign_check` for the admin's user."""

    user = None  # set per request by the admin (`with_user`)

    class Meta:
        model = Seat
        fields = ["player"]

    def clean(self):
        data = super().clean()
        if "player" in self.changed_data and not self.errors:
            try:
                seat_assign_check(seat=self.instance, player=data.get("player"),
                                  user=self.user)
            except ValidationError as refused:
                _raise_on_form(self, refused)
            except PermissionDenied as refused:
                raise ValidationError(str(refused)) from refused
        return data


def with_user(form_class, user):
    """The form class bound to the request's user, for the checks in `clean()`."""
    return type(form_class.__name__, (form_class,), {"user": user})
