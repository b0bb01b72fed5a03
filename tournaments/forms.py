"""Forms for the league-night pages. They parse and validate input; services do the work."""

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.models import Player
from league.models.clubs import BotStrength
from tournaments import card_words
from tournaments.services.hands import NO_TRUMP, canonical_trump
from tournaments.sheet_base import SheetResults, missing_message, order_message

MAX_ROUNDS = 12


class NameChoiceField(forms.ModelMultipleChoiceField):
    """Players by name, each isolated (<bdi>) so a right-to-left name keeps its place."""

    def label_from_instance(self, obj):
        return format_html("<bdi>{}</bdi>", obj.display_name)


class AttendanceForm(forms.Form):
    """Who is here tonight, chosen from the club's members."""

    players = NameChoiceField(
        queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple, required=False,
        label=_("Players"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.filter(memberships__club=club).order_by(
            "display_name", "id"
        )


class PlanSeatingForm(forms.Form):
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=3, label=_("Rounds"))
    seed = forms.IntegerField(
        required=False, min_value=0, label=_("Seed"),
        help_text=_("Leave empty for a fresh random plan."))
    table_size = forms.TypedChoiceField(
        required=False, coerce=int, empty_value=None, label=_("Players per table"),
        help_text=_("The size the night's tables keep near (the game allows a range)."))

    def __init__(self, *args, sizes: list[int] | None = None, **kwargs):
        """`sizes`: the table sizes the game allows; the field is dropped when it has one."""
        super().__init__(*args, **kwargs)
        if sizes:
            self.fields["table_size"].choices = [("", _("the season's choice"))] + [
                (n, str(n)) for n in sizes]
        else:
            del self.fields["table_size"]


BOT_CHOICES = [(BotStrength.HEURISTIC, _("Heuristic")), (BotStrength.RANDOM, _("Random")),
               (BotStrength.SEARCH, _("Search (slow)"))]


class BotFillForm(forms.Form):
    strength = forms.ChoiceField(choices=BOT_CHOICES, initial=BotStrength.HEURISTIC,
                                 label=_("Bots"))

    def __init__(self, *args, strengths: list[str] | None = None, **kwargs):
        """`strengths`: the bots that play the table's game (others are not offered)."""
        super().__init__(*args, **kwargs)
        if strengths is not None:
            self.fields["strength"].choices = [c for c in BOT_CHOICES if c[0] in strengths]


# --- the scoresheet ------------------------------------------------------------

TRUMP_CHOICES = card_words.TRUMP_CHOICES  # the views' name for it


class SheetRow:
    """One deal on the sheet: what was typed, and what the checker said about it."""

    def __init__(self, number: int, cards: int, dealer: int, players: int):
        self.number = number
        self.cards = cards
        self.dealer = dealer
        self.trump = ""
        self.bids = [""] * players
        self.tricks = [""] * players
        self.errors: list[str] = []
        self.bad_cells: set[tuple[str, int | None]] = set()
        self.scores: list | None = None
        self.running: list | None = None
        self.pending = False  # started but not finished: not checked yet

    @property
    def blank(self) -> bool:
        return not any(v.strip() for v in self.bids + self.tricks)

    @property
    def filled(self) -> bool:
        return all(v.strip() for v in self.bids + self.tricks)

    def cells(self):
        """Per seat: (seat, name, bid, tricks, bid bad?, tricks bad?, score, running)."""
        per_seat = self.unit_count == len(self.bids)
        for seat, (bid, won) in enumerate(zip(self.bids, self.tricks, strict=True)):
            score = self.scores[seat] if per_seat and self.scores else ""
            running = self.running[seat] if per_seat and self.running else ""
            yield (seat, self.seat_names[seat], bid, won, self.bad("bids", seat),
                   self.bad("tricks", seat), score, running)

    def unit_values(self):
        """(unit, hand score, running total) per player, or per team in partnership games."""
        for unit in range(self.unit_count):
            yield (unit, self.scores[unit] if self.scores else "",
                   self.running[unit] if self.running else "")

    def bad(self, field: str, seat: int | None) -> bool:
        return (field, seat) in self.bad_cells or (field, None) in self.bad_cells

    def to_hand(self) -> dict:
        hand = {"cards": self.cards, "dealer": self.dealer,
                "bids": [_bid_value(v) for v in self.bids],
                "tricks": [_int_or_text(v) for v in self.tricks]}
        if self.trump:
            hand["trump"] = self.trump
        return hand


def _int_or_text(text: str):
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return text


def _bid_value(text: str):
    value = _int_or_text(text)
    return value.lower() if isinstance(value, str) else value


class Scoresheet(SheetResults):
    """The paper scorecard as a form: one row per deal, bids and tricks per seat.

    Parses the typed cells into a record (the leading run of finished rows) and places
    the checker's errors back on the row and cell they are about.
    """

    def __init__(self, *, table, seat_names: list[str], game, data=None, record=None):
        self.table = table
        self.seat_names = seat_names
        self.game = game
        self.players = len(seat_names)
        self.units = ([" & ".join(seat_names[s] for s in team) for team in game.teams]
                      if game.partnership else list(seat_names))
        self.rows = [
            SheetRow(i + 1, cards, (table.first_dealer + i) % self.players, self.players)
            for i, cards in enumerate(game.schedule)
        ]
        for row in self.rows:
            row.dealer_name = seat_names[row.dealer]
            row.seat_names = seat_names
            row.unit_count = len(self.units)
        self.per_seat = not game.partnership
        self.lead_columns = 4 + (3 if self.per_seat else 2) * self.players
        self.errors: list[str] = []
        self.totals: list | None = None
        if data is not None:
            self._read(data)
        elif record:
            self._load(record)

    def _read(self, data) -> None:
        for row in self.rows:
            row.trump = (data.get(f"trump-{row.number}") or "").strip()
            for seat in range(self.players):
                row.bids[seat] = (data.get(f"bid-{row.number}-{seat}") or "").strip()
                row.tricks[seat] = (data.get(f"tricks-{row.number}-{seat}") or "").strip()

    def _load(self, record: dict) -> None:
        for row, hand in zip(self.rows, record.get("hands") or [], strict=False):
            trump = canonical_trump(hand) if "trump" in hand else ""
            row.trump = "none" if trump == NO_TRUMP else trump  # the <select>'s values
            row.bids = ["" if b is None else str(b) for b in hand.get("bids") or []]
            row.tricks = ["" if t is None else str(t) for t in hand.get("tricks") or []]

    # --- from cells to a record ---------------------------------------------
    def entered(self) -> list[SheetRow]:
        """The leading run of finished rows: the hands the record holds."""
        done = []
        for row in self.rows:
            if not row.filled:
                break
            done.append(row)
        return done

    def record(self) -> dict:
        options = {**(self.table.options or {}), "players": self.players}
        return {
            "game": self.table.game,
            "options": options,
            "seats": list(self.seat_names),
            "first_dealer": self.table.first_dealer,
            "hands": [row.to_hand() for row in self.entered()],
        }

    def mark_unfinished(self, *, strict: bool) -> bool:
        """Flag rows typed beyond the finished run; `strict` (saving) makes them errors."""
        done = len(self.entered())
        problems = False
        for row in self.rows[done:]:
            if row.blank:
                continue
            if not strict and row.number == done + 1:
                row.pending = True
                continue
            problems = True
            missing = [what % {"name": self.seat_names[s]} for s in range(self.players)
                       for what, cells in ((_("%(name)s's bid"), row.bids),
                                           (_("%(name)s's tricks"), row.tricks))
                       if not cells[s].strip()]
            if missing:
                row.errors.append(missing_message(row.number, missing))
                row.bad_cells |= {("bids", s) for s in range(self.players) if not row.bids[s]}
                row.bad_cells |= {("tricks", s) for s in range(self.players)
                                  if not row.tricks[s]}
            else:
                row.errors.append(order_message(row.number, done + 1))
        return problems
