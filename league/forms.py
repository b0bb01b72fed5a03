"""Forms for the organiser's season and member pages: they parse input into the values the
services take (`season_create`, `season_update`, the membership service); the services check
and store them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import rules
from league.game_titles import game_title
from league.models import Role
from league.option_words import choice_label, option_description, option_label
from league.standings_config import (
    AGGREGATES,
    DEFAULT_CONFIG,
    DEFAULT_TIEBREAKS,
    POINTS,
    TIEBREAK_LABELS,
    TIEBREAKS,
)

TIEBREAK_SLOTS = 4
# The choices' labels, in the order of POINTS and AGGREGATES (the values stay keys).
POINT_LABELS = (_("placement"), _("beaten"), _("score"))
AGGREGATE_LABELS = (_("sum"), _("average"))


def game_choices() -> list[tuple[str, str]]:
    return [(game["name"], game_title(game["name"])) for game in rules.games()]


# A browser date picker reads and writes ISO dates, whatever the site's display format.
DATE = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"))
    game = forms.ChoiceField(choices=game_choices, label=_("Game"),
                             help_text=_("Fixed once the season has a night."))
    starts_on = forms.DateField(widget=DATE, label=_("Starts on"))
    ends_on = forms.DateField(required=False, widget=DATE, label=_("Ends on"))
    table_size = forms.IntegerField(
        required=False, min_value=2, max_value=10, label=_("Players per table"),
        help_text=_("For games played at tables of several sizes (Ribs: 4 to 10): the size "
                    "the seating keeps near. Empty: the game's usual size."))


# --- the game's options, generated from what the rules core declares ----------------------

def _option_field(option) -> forms.Field:
    """The option's field, its label, help and choices in the reader's language."""
    label, help_text = option_label(option.name), option_description(option.description)
    if option.type == "bool":
        return forms.BooleanField(required=False, label=label, help_text=help_text)
    if option.type == "int":
        return forms.IntegerField(required=option.default is not None, label=label,
                                  min_value=option.minimum, max_value=option.maximum,
                                  help_text=help_text)
    return forms.ChoiceField(choices=[(c, choice_label(c)) for c in option.choices],
                             label=label, help_text=help_text)


def declared_options(game: str) -> list:
    """The options a club may set for `game`; the player count is per table, not per season."""
    cls = rules.GAMES.get(game)
    return [o for o in cls.declared_options() if o.name != "players"] if cls else []


def chosen_game(request, default: str) -> str:
    """The game a season or tournament form is drawn for: the one posted or asked for in
    the query, `default` otherwise, the registry's first when the name is unknown."""
    game = request.POST.get("game") or request.GET.get("game") or default
    return game if game in rules.GAMES else next(iter(rules.GAMES))


class GameOptionsForm(forms.Form):
    """One field per declared option of the game, prefixed "opt" so names cannot clash."""

    prefix = "opt"

    def __init__(self, *args, game: str, options: dict | None = None, **kwargs):
        self.declared = declared_options(game)
        initial = {o.name: (options or {}).get(o.name, o.default) for o in self.declared}
        super().__init__(*args, initial=initial, **kwargs)
        for option in self.declared:
            self.fields[option.name] = _option_field(option)

    def options(self) -> dict:
        """Only the values that differ from the default: the stored options name the rating
        pool, so a season left at the defaults shares the pool of `{}`."""
        return {o.name: self.cleaned_data[o.name] for o in self.declared
                if self.cleaned_data.get(o.name) != o.default}


# --- the standings scheme -------------------------------------------------------------------

class StandingsForm(forms.Form):
    """`Season.standings_config` as fields; explicit per-size placement tables are kept as
    they are (they have no fields here)."""

    prefix = "st"
    points = forms.ChoiceField(
        choices=[(p, label) for p, label in zip(POINTS, POINT_LABELS, strict=True)],
        label=_("Points"), help_text=_(
            "placement: points by finishing place; beaten: share of the table beaten; "
            "score: the game's own score."))
    first = forms.FloatField(label=_("Points for first place"))
    last = forms.FloatField(label=_("Points for last place"))
    aggregate = forms.ChoiceField(
        choices=[(a, label) for a, label in zip(AGGREGATES, AGGREGATE_LABELS, strict=True)],
        label=_("Aggregate"), help_text=_("sum over games, or average per game."))
    best_nights = forms.IntegerField(required=False, min_value=1, label=_("Best nights"),
                                     help_text=_("Count only each player's best N nights; "
                                                 "empty counts every night."))
    min_games = forms.IntegerField(min_value=0, label=_("Min games"),
                                   help_text=_("Fewer games: listed after, not qualified."))
    min_nights = forms.IntegerField(min_value=0, label=_("Min nights"))

    def __init__(self, *args, config: dict | None = None, **kwargs):
        self.stored = dict(config or {})
        merged = {**DEFAULT_CONFIG, **self.stored}
        placement = {**DEFAULT_CONFIG["placement"], **(merged.get("placement") or {})}
        initial = {key: merged[key] for key in ("points", "aggregate", "best_nights",
                                                 "min_games", "min_nights")}
        initial |= {"first": placement["first"], "last": placement["last"]}
        tiebreaks = list(merged.get("tiebreaks") or [])
        super().__init__(*args, initial=initial, **kwargs)
        choices = [("", "—")] + [(t, TIEBREAK_LABELS[t]) for t in TIEBREAKS]
        for slot in range(TIEBREAK_SLOTS):
            name = f"tiebreak_{slot + 1}"
            self.fields[name] = forms.ChoiceField(
                choices=choices, required=False,
                label=_("First tie-break") if slot == 0 else _("then"))
            self.initial[name] = tiebreaks[slot] if slot < len(tiebreaks) else ""

    def config(self) -> dict:
        data = self.cleaned_data
        placement = {"first": _plain(data["first"]), "last": _plain(data["last"])}
        if (self.stored.get("placement") or {}).get("tables"):
            placement["tables"] = self.stored["placement"]["tables"]
        full = {
            "points": data["points"], "placement": placement, "aggregate": data["aggregate"],
            "best_nights": data["best_nights"], "min_games": data["min_games"],
            "min_nights": data["min_nights"],
            "tiebreaks": [data[f"tiebreak_{i + 1}"] for i in range(TIEBREAK_SLOTS)
                          if data[f"tiebreak_{i + 1}"]],
        }
        if full["tiebreaks"] == list(DEFAULT_TIEBREAKS):
            full["tiebreaks"] = DEFAULT_CONFIG["tiebreaks"]
        # Keep only what differs from the default: "{}" stays "the game's default".
        return {key: value for key, value in full.items() if value != DEFAULT_CONFIG[key]}


def _plain(number: float) -> float | int:
    return int(number) if float(number).is_integer() else number


# --- members ---------------------------------------------------------------------------------

def _role_choices(roles: list[str] | None) -> list[tuple[str, str]]:
    return [(value, label) for value, label in Role.choices if roles is None or value in roles]


class MemberAddForm(forms.Form):
    """`roles`: the roles the organiser may give (`roles_to_give`); the others are not offered."""

    name = forms.CharField(max_length=80, label=_("Name"),
                           help_text=_("A new name creates the player; an existing member's "
                                       "name is refused."))
    role = forms.ChoiceField(choices=Role.choices, initial=Role.PLAYER, label=_("Role"))

    def __init__(self, *args, roles: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = _role_choices(roles)


class RoleForm(forms.Form):
    """One member's role; labelled with the member's name, offering only `roles`."""

    role = forms.ChoiceField(choices=Role.choices)

    def __init__(self, *args, roles: list[str] | None = None, member: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = _role_choices(roles)
        self.fields["role"].label = _("Role of %(member)s") % {"member": member}
