"""Calypso on the rules engine.

Rules (the Denexa Games article "Calypso", with the product decisions where the text is
silent; our own decisions are in docs/rules/calypso.md):

* Four players in two sides, partners across (seats 0 and 2 against 1 and 3).
* Four 52-card packs shuffled together (208 cards), ace high. The pack is shuffled
  once; four deals of 13 cards each (one at a time from the dealer's left) come from
  it in turn, the undealt rest waiting face down (``stock``). The deal passes left.
* Each seat has its own trump suit (option ``trumps``, one letter per seat; by
  default seat 0 spades, seat 1 diamonds, seat 2 hearts, seat 3 clubs).
* The dealer's left leads the first trick of each deal; the winner leads the next.
  Follow suit if able; otherwise any card.
* A card is a trump when it is its player's own suit and it was led, or its player
  was void in the led suit. The highest trump wins the trick; without trumps the
  highest card of the led suit; equal cards: the one played first.
* The trick's winner sends opponents' suits to their won pile, the partner's suit to
  the partner's calypso (the won pile when the calypso has that rank), and their
  own suit to their own calypso (likewise). A calypso is one card of each rank of
  the seat's suit: complete, it is set aside, and the own-suit cards of that trick
  not used for it start the next one (one per rank). Calypsos in progress, the ones
  set aside and the won piles carry over from deal to deal. Everything is face up.
* Score, after the four deals: per player 500, 750, 1000 and 1000 for the first to
  fourth calypso, 20 per card of the calypso in progress, 10 per card in the won
  pile. Partners add up; the higher side wins.

A hand of the record is one deal. Each hand's score is the change in the side's
score as it would stand if the match ended there, so the totals after the fourth
deal are the final scores and the running totals show the game as it goes.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from games.engine import (
    ALL,
    HAND,
    HIGHER_WINS,
    STOCK,
    TRICK,
    Area,
    EngineGame,
    FixedSchedule,
    Option,
    Pack,
    RuleViolation,
    Table,
    TrickPlay,
    Vocabulary,
    by_seat_trump,
)
from games.engine.pack import SUIT_WORDS
from games.engine.text import N_, Card, Text

DEALS = 4


class CalypsoTrickPlay(TrickPlay):
    """Trick play, which cannot be followed card by card after a deal written as a
    scoresheet line: the calypsos it left are not known."""

    def check(self, state, action):
        if not state.tricks and not state.trick and state.hand_log \
                and not state.hand_log[-1]["events"]:
            return RuleViolation("calypsos-unknown", Text(N_("the deal before was written as a "
                                 "scoresheet line: the cards of the calypsos are unknown, "
                                 "so this deal must be one too")))
        return super().check(state, action)

CALYPSO_VALUES = (500, 750, 1000, 1000)
CALYPSO_CARD, WON_CARD = 20, 10
RANKS = 13
# carried from deal to deal, face up: the calypso in progress, the ones set aside, the
# won pile (the engine's "won" area, here public)
CARRIED = ("calypso", "done", "won")
AREAS = (HAND, Area("calypso", ALL, per_seat=True), Area("done", ALL, per_seat=True),
         Area("won", ALL, per_seat=True), TRICK, STOCK)
TRUMP_ORDERS = tuple("".join(p) for p in permutations("SHDC"))


def calypso_points(completed: int) -> int:
    """What a player's completed calypsos are worth together (four at most: the
    pack has four copies of each card)."""
    return sum(CALYPSO_VALUES[:completed])


def side_score(calypsos, calypso_cards, won) -> int:
    """One side's score from its players' calypsos and cards and its won pile."""
    return sum(calypso_points(c) for c in calypsos) + CALYPSO_CARD * sum(calypso_cards) \
        + WON_CARD * won


class Calypso(EngineGame):
    name = "calypso"
    title = "Calypso"
    min_players = max_players = 4
    partnership = True
    pack = Pack(copies=4)
    areas = AREAS
    ranking = HIGHER_WINS
    turns_trump = False
    OPTIONS = (Option("trumps", "choice", "SDHC", "each seat's own trump suit, seat 0 "
                      "first (SDHC: seat 0 spades, seat 1 diamonds, seat 2 hearts, seat 3 "
                      "clubs)", choices=TRUMP_ORDERS),)
    SUMMARY_SCHEMA = {
        "calypsos": {"title": "Calypsos", "x-per": "seat", "type": "array",
                     "items": {"type": "integer", "minimum": 0, "maximum": 4},
                     "minItems": 4, "maxItems": 4,
                     "description": "calypsos completed so far by each player"},
        "calypso_cards": {"title": "Cards in calypso", "x-per": "seat", "type": "array",
                          "items": {"type": "integer", "minimum": 0, "maximum": 12},
                          "minItems": 4, "maxItems": 4,
                          "description": "cards in each player's unfinished calypso"},
        "won": {"title": "Won-pile cards", "x-per": "side", "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 208},
                "minItems": 2, "maxItems": 2,
                "description": "cards in each side's won piles so far (10 points each)"},
        "score": {"title": "Score", "x-per": "side", "type": "array",
                  "items": {"type": "integer", "minimum": 0},
                  "minItems": 2, "maxItems": 2,
                  "description": "each side's score as it stands after this deal (after "
                                 "the fourth: the final score)"},
    }

    def __init__(self, players=None, **options):
        super().__init__(players, **options)
        self.trump_of = tuple(self.pack.suit_index(s) for s in self.options["trumps"])

    def build_teams(self):
        return [[0, 2], [1, 3]]

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        return [CalypsoTrickPlay(winner=by_seat_trump(lambda state, seat: self.trump_of[seat]))]

    def build_ending(self):
        return FixedSchedule((RANKS,) * DEALS)

    def seat_notes(self, seat) -> str:
        return f"Trumps: {SUIT_WORDS[self.options['trumps'][seat]]}"

    def partner(self, seat) -> int:
        return (seat + 2) % 4

    # --- the table carried from deal to deal -------------------------------------
    def new_table(self, state):
        table = Table(self.areas, state.n)
        before = getattr(state, "table", None)  # the previous deal's, when there is one
        if before is not None and state.hand_index > 0:
            for name in CARRIED:
                for seat in range(state.n):
                    table.cards[name][seat] = list(before.cards[name][seat])
        return table

    def carried(self, state) -> list[int]:
        return [card for name in CARRIED for cards in state.table.cards[name]
                for card in cards]

    # --- the deal -----------------------------------------------------------------
    def deal(self, state, rng):
        """The k-th 52 cards of the one shuffle of the match (seeded like hand 1's)."""
        deck = self.pack.ids()
        self.rng_for(state.seed, 0, 0).shuffle(deck)  # (engine.rng's fast shuffle stops at 64)
        start, n, cards = RANKS * state.n * state.hand_index, state.n, state.cards
        block = deck[start:start + n * cards]
        for k in range(n):
            state.table.put("hand", block[k::n], (state.dealer + 1 + k) % n)
        state.table.put("stock", deck[start + n * cards:])

    def place_written_deal(self, state, written):
        """A written deal takes only copies not already in the carried areas."""
        carried = self.carried(state)  # (none known after a scoresheet line)
        stock = written.get("stock") if isinstance(written, dict) else None
        rest = self.pack.size - RANKS * state.n * (state.hand_index + 1)
        if isinstance(stock, list) and len(stock) != rest:
            return [{"seat": None, "field": "deal.stock", "code": "deal-size",
                     "message": Text(N_("the stock is the %(rest)s cards this deal leaves, not %(count)s"), rest=rest, count=len(stock))}]
        problems = self._copies_left(carried, written)
        if problems:
            return problems
        problems = super().place_written_deal(state, written)
        if not problems:
            self._fresh_ids(state, set(carried))
        return problems

    def _copies_left(self, carried, written) -> list[dict]:
        if not isinstance(written, dict):
            return []
        used = Counter(self.pack.face_of[c] for c in carried)
        problems = []
        hands = written.get("hands")  # (its shape is checked when the deal is placed)
        parts = [(seat, "deal.hands", codes) for seat, codes in
                 enumerate(hands if isinstance(hands, list) else []) if isinstance(codes, list)]
        if isinstance(written.get("stock"), list):
            parts.append((None, "deal.stock", written["stock"]))
        for _, _, codes in parts:
            used.update(f for f in map(self.pack.parse, codes) if f is not None)
        over = {face for face, count in used.items() if count > self.pack.copies}
        for seat, field, codes in parts:  # named at the first part holding the face
            for face in over & set(map(self.pack.parse, codes)):
                over.discard(face)
                problems.append({"seat": seat, "field": field, "code": "duplicate-card",
                                 "message": Text(N_("%(card)s is written %(used)s times with the cards dealt before; the pack has %(copies)s"), card=Card(self.pack.faces[face], quoted=True), used=used[face], copies=self.pack.copies)})
        return problems

    def _fresh_ids(self, state, taken: set[int]) -> None:
        """Give the cards just placed ids of copies that are not in the carried areas
        (unknown hands: every copy neither carried nor in the stock)."""
        table, pack = state.table, self.pack
        free = {face: [c for c in ids if c not in taken] for face, ids in enumerate(pack.ids_of)}
        unknown = state.vars.get("unknown_hands")
        lists = [table.cards["stock"]] + ([] if unknown else table.cards["hand"])
        for cards in lists:
            for i, card in enumerate(cards):
                cards[i] = free[pack.face_of[card]].pop(0)
        if unknown:
            out = taken | set(table.cards["stock"])
            rest = [c for c in pack.ids() if c not in out]
            for seat in range(state.n):
                table.cards["hand"][seat] = list(rest)

    # --- building calypsos ----------------------------------------------------------
    def after_trick(self, state, winner):
        table, pack = state.table, self.pack
        cards = table.cards["won"][winner][-state.n:]  # the trick just closed
        del table.cards["won"][winner][-state.n:]
        partner = self.partner(winner)
        for seat in (partner, winner):  # partner's cards are passed first
            suit = self.trump_of[seat]
            mine = [c for c in cards if pack.suit_of[pack.face_of[c]] == suit]
            left = self._build(state, seat, mine)
            cards = [c for c in cards if c not in mine] + left
        table.cards["won"][winner].extend(cards)

    def _build(self, state, seat, cards) -> list[int]:
        """Add the needed cards to `seat`'s calypso; returns the unused ones."""
        table, pack = state.table, self.pack
        calypso = table.cards["calypso"][seat]
        have = {pack.face_of[c] for c in calypso}
        unused = []
        for card in cards:
            face = pack.face_of[card]
            if face in have:
                unused.append(card)
            else:
                calypso.append(card)
                have.add(face)
        if len(calypso) == RANKS:  # complete: set aside, the unused start the next
            table.cards["done"][seat].extend(calypso)
            calypso.clear()
            return self._build(state, seat, unused) if unused else []
        return unused

    # --- scoring ------------------------------------------------------------------------
    def standing(self, state) -> dict:
        """The summary of the table as it stands (calypsos, cards, won pile, score)."""
        cards = state.table.cards
        calypsos = [len(cards["done"][s]) // RANKS for s in range(state.n)]
        in_progress = [len(cards["calypso"][s]) for s in range(state.n)]
        won = [sum(len(cards["won"][s]) for s in team) for team in self.teams]
        return self._sheet(calypsos, in_progress, won)

    def _sheet(self, calypsos, in_progress, won) -> dict:
        score = [side_score([calypsos[s] for s in team], [in_progress[s] for s in team],
                            won[i]) for i, team in enumerate(self.teams)]
        return {"calypsos": list(calypsos), "calypso_cards": list(in_progress),
                "won": list(won), "score": score}

    def summary(self, state):
        return self.standing(state)

    def score_hand(self, state):
        score = self.standing(state)["score"]
        return [now - before for now, before in zip(score, state.totals, strict=True)]

    def score_summary(self, state, summary):
        problems = self._sheet_problems(state, summary)
        if problems:
            return None, problems
        sheet = self._sheet(summary["calypsos"], summary["calypso_cards"], summary["won"])
        if "score" in summary and summary["score"] != sheet["score"]:
            have = summary["score"]
            side = next((i for i in range(2) if not isinstance(have, list)
                         or len(have) != 2 or have[i] != sheet["score"][i]), 0)
            problems.append({"seat": self.teams[side][0], "field": "summary.score",
                             "code": "score-mismatch",
                             "message": Text(N_("the score is written as %(have)s but the calypsos and cards give %(score)s"), have=repr(have), score=sheet['score'])})
        scores = [now - before for now, before in zip(sheet["score"], state.totals,
                                                      strict=True)]
        return scores, problems

    def _sheet_problems(self, state, summary) -> list[dict]:
        problems = []
        for field, per, top in (("calypsos", 4, DEALS), ("calypso_cards", 4, RANKS - 1),
                                ("won", 2, self.pack.size)):
            values = summary.get(field)
            if not isinstance(values, list) or len(values) != per:
                problems.append(_problem(None, field, "bad-shape", Text(N_("%(field)s must list one number per seat") if per == 4 else N_("%(field)s must list one number per side"), field=field)))
                continue
            for unit, value in enumerate(values):
                if type(value) is not int or not 0 <= value <= top:
                    seat = unit if per == 4 else self.teams[unit][0]
                    problems.append(_problem(seat, field, f"{field.rstrip('s')}-range",
                                             Text(N_("%(value)s is not a number from 0 to %(top)s"), value=repr(value), top=top)))
        if problems:
            return problems
        before = state.hand_log[-1]["summary"] if state.hand_log else None
        problems += self._growth_problems(state, before, summary)
        played = RANKS * sum(summary["calypsos"]) + sum(summary["calypso_cards"]) \
            + sum(summary["won"])
        dealt = RANKS * state.n * (state.hand_index + 1)
        if played != dealt:
            problems.append(_problem(None, "won", "cards-sum", Text(N_("calypsos, calypso cards and won piles hold %(played)s cards, but %(dealt)s have been played"), played=played, dealt=dealt)))
        return problems

    def _growth_problems(self, state, before, summary) -> list[dict]:
        """A seat's own-suit cards (13 a completed calypso, plus the one in progress)
        never leave it and fit in the pack's copies of its suit; a won pile never
        shrinks. Only a calypso completed lets the cards in progress start again."""
        problems = []
        copies = RANKS * self.pack.copies
        for seat in range(state.n):
            kept = RANKS * summary["calypsos"][seat] + summary["calypso_cards"][seat]
            if kept > copies:
                problems.append(_problem(seat, "calypso_cards", "calypso_card-range",
                                         Text(N_("%(calypsos)s calypsos and %(calypso_cards)s cards are more than the %(copies)s cards of the seat's suit"), calypsos=summary['calypsos'][seat], calypso_cards=summary['calypso_cards'][seat], copies=copies)))
            if not before:
                continue
            if summary["calypsos"][seat] < before["calypsos"][seat]:
                problems.append(_problem(seat, "calypsos", "calypsos-decrease",
                                         Text(N_("fewer calypsos than after the deal before"))))
            elif kept < RANKS * before["calypsos"][seat] + before["calypso_cards"][seat]:
                problems.append(_problem(seat, "calypso_cards", "calypso-shrinks",
                                         Text(N_("cards left the calypso in progress without "
                                         "completing it"))))
        for side, team in enumerate(self.teams):
            if before and summary["won"][side] < before["won"][side]:
                problems.append(_problem(team[0], "won", "won-shrinks", Text(N_("fewer won-pile "
                                         "cards than after the deal before"))))
        return problems


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}
