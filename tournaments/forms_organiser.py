"""Forms for the organiser's night pages: a new night, its name and date, a walk-in and a
substitute. They parse input; the services in `tournaments.services` check and store."""

from django import forms
from django.utils.translation import gettext_lazy

from league.forms import game_choices
from league.models import Player
from tournaments.models import EventFormat, EventKind

# A browser date picker reads and writes ISO dates, whatever the site's display format.
DATE = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


class NightForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    date = forms.DateField(widget=DATE, label=gettext_lazy("Date"))
    start_time = forms.TimeField(
        required=False, widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
        label=gettext_lazy("Starts at"),
        help_text=gettext_lazy("In the club's time zone; shown in the calendar feeds."))
    format = forms.ChoiceField(
        choices=EventFormat.choices, initial=EventFormat.ROTATION, required=False,
        label=gettext_lazy("Format"),
        help_text=gettext_lazy("Seat rotation: new opponents every round, planned at once. "
                               "King's table: winners move up a table, last places down. "
                               "Swiss: players of like score meet, no rematch while avoidable. "
                               "Duplicate: every table of a round plays the same boards, and "
                               "each player is compared with those who held the same cards. "
                               "Fixed once the first round is seated."))
    boards_per_round = forms.IntegerField(
        min_value=1, max_value=60, required=False, label=gettext_lazy("Boards per round"),
        help_text=gettext_lazy("Duplicate nights only: the deals each round's tables play; "
                               "empty: the game's whole match (Bluke: 25, a game played to "
                               "a target score: 8)."))

    def clean_format(self) -> str:
        return self.cleaned_data.get("format") or EventFormat.ROTATION  # left out: as before


class NightCreateForm(NightForm):
    kind = forms.ChoiceField(
        choices=[(EventKind.LEAGUE_NIGHT, gettext_lazy("League night")),
                 (EventKind.TOURNAMENT, gettext_lazy("Tournament"))],
        initial=EventKind.LEAGUE_NIGHT, label=gettext_lazy("Kind"))


class OneOffForm(NightForm):
    """A one-off tournament outside any season: it names its own game (the game's options
    come from a `GameOptionsForm` beside it)."""

    game = forms.ChoiceField(
        choices=game_choices, label=gettext_lazy("Game"),
        help_text=gettext_lazy("A one-off event plays one game; its results count in the "
                               "game's ratings, not in a season's standings."))


class PreviewForm(forms.Form):
    """The dry run of a night's format: how many rounds, and the draw of the results."""

    rounds = forms.IntegerField(min_value=1, max_value=12, label=gettext_lazy("Rounds"))
    seed = forms.IntegerField(min_value=0, max_value=2**31 - 1, required=False,
                              label=gettext_lazy("Draw"),
                              help_text=gettext_lazy("Another number draws other results."))


class WalkInForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Walk-in's name"),
                           help_text=gettext_lazy("A member's name marks them present; a new "
                                                  "name adds the player to the club first."))


class SubstituteForm(forms.Form):
    """Who takes one seat: a club member (or a bot of the club), or nobody."""

    seat = forms.IntegerField(widget=forms.HiddenInput)
    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                    empty_label=gettext_lazy("— empty seat —"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            memberships__club=club).order_by("display_name", "id")
