"""Checking an engine game's record through the public State API only.

Each hand is dealt as written (`State.deal`), or, with no deal written, first
replayed unchecked on a copy with unknown hands to learn who played which card,
then dealt that way and replayed checked. A hand with no events is closed from its
summary (`State.enter_summary`). Nothing here raises on bad input: every mistake is
a `RecordError` naming hand, seat, field and code.
"""

from __future__ import annotations

from collections import Counter

from games.engine.errors import RecordError
from games.engine.text import N_, Card, Text, failure, joined, seat_word

# what an unchecked replay of a mistaken record may raise in a game's phase code
LEARNING_FAILURES = (TypeError, ValueError, KeyError, IndexError, AttributeError,
                     StopIteration)


class EngineChecker:
    def __init__(self, game, seats, first_dealer: int, report):
        self.game = game
        self.seats = seats
        self.report = report
        self.state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
        self.number = 0

    def seat_name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat]
        return seat_word(seat) if isinstance(seat, int) and seat >= 0 else \
            Text(N_("seat %(seat)s"), seat=repr(seat))

    def error(self, code, message, seat=None, field=None) -> None:
        self.report.errors.append(RecordError(
            self.number, seat, field, code,
            Text(N_("hand %(hand)s: %(message)s"), hand=self.number, message=message)))

    def problems(self, problems: list[dict]) -> None:
        for p in problems:
            self.error(p["code"], p["message"], p["seat"], p["field"])

    def check_all(self, hands: list) -> None:
        for index, hand in enumerate(hands):
            self.number = index + 1
            if self.state.is_terminal():
                self.error("too-many-hands", self.beyond_the_end(len(hands)), field="hands")
                return
            scores = self.check_hand(hand)
            self.report.scores.append(scores)
            self.report.tricks.append(self.tricks_of_last_hand() if scores else None)
            if scores is None:
                self.unchecked_after(index, len(hands))
                return

    def beyond_the_end(self, count: int) -> str:
        """Why hands from this one on cannot be checked (one error for all of them)."""
        one = self.number == count
        scheduled = self.game.ending.hands()
        if scheduled:
            return Text(N_("hand %(first)s is beyond the %(scheduled)s hands of this game")
                        if one else N_("hands %(first)s-%(last)s are beyond the "
                                       "%(scheduled)s hands of this game"),
                        first=self.number, last=count, scheduled=scheduled)
        if self.state.cut_short:
            return Text(N_("hand %(first)s is not checked: a %(game)s match still going "
                           "after %(limit)s hands is too long to check, and has no winner")
                        if one else N_("hands %(first)s-%(last)s are not checked: a %(game)s "
                                       "match still going after %(limit)s hands is too long "
                                       "to check, and has no winner"),
                        first=self.number, last=count, game=self.game.title,
                        limit=self.game.ending.limit)
        return Text(N_("hand %(first)s is written after the match was over (it ended at "
                       "hand %(end)s)") if one else
                    N_("hands %(first)s-%(last)s are written after the match was over (it "
                       "ended at hand %(end)s)"),
                    first=self.number, last=count, end=self.number - 1)

    def unchecked_after(self, index: int, count: int) -> None:
        """Say so when the hands after an unscorable one go unchecked: each starts from
        what the hands before it left (totals, a dealer's turn, a set's bonus, a carried
        board), which this hand no longer gives."""
        if index + 1 >= count:
            return
        self.report.errors.append(RecordError(
            None, None, "hands", "hands-unchecked",
            Text(N_("hand %(first)s not checked: hand %(bad)s cannot be scored, and in "
                    "%(game)s each hand starts from what the hands before it left")
                 if index + 2 == count else
                 N_("hands %(first)s-%(last)s not checked: hand %(bad)s cannot be scored, "
                    "and in %(game)s each hand starts from what the hands before it left"),
                 first=index + 2, last=count, bad=index + 1, game=self.game.title)))

    def tricks_of_last_hand(self) -> list[int] | None:
        """Tricks per seat of the hand just checked (played, or as its summary says)."""
        entry = self.state.hand_log[-1]
        tricks = entry["tricks"] if entry["events"] else entry["summary"].get("tricks")
        ok = isinstance(tricks, list) and len(tricks) == self.game.num_players
        return list(tricks) if ok else None

    def check_hand(self, hand) -> list[int] | None:
        if not isinstance(hand, dict):
            self.error("bad-shape", Text(N_("each hand must be an object")), field="hands")
            return None
        state = self.state
        written_cards = hand.get("cards", state.cards)
        if state.cards is not None and written_cards != state.cards:
            self.error("cards-schedule", Text(N_("%(written)s cards were dealt but this "
                                                 "hand has %(cards)s per player"),
                                              written=written_cards, cards=state.cards),
                       field="cards")
        if "dealer" in hand and hand["dealer"] != state.dealer:
            self.error("dealer-mismatch", Text(N_("the dealer should be %(seat)s (the deal "
                                                  "passes left)"),
                                               seat=self.seat_name(state.dealer)),
                       field="dealer")
        events = hand.get("events")
        if events is None:
            done = self.by_summary(hand)
        else:
            done = self.by_events(hand, events)
        if not done:
            return None
        entry = state.hand_log[-1]
        self.compare(hand, entry)
        return entry["scores"]

    def by_summary(self, hand) -> bool:
        state = self.state
        if "deal" in hand:
            problems = state.deal(hand["deal"])
            self.problems(problems)
            if problems:
                return False
        else:
            state.deal(None)
        summary = hand.get("summary")
        if not isinstance(summary, dict):
            self.error("missing-field", Text(N_("a hand needs its events or its summary")),
                       field="summary")
            return False
        number = state.hand_index
        try:  # a game's scoresheet reader meets untrusted input: it must not crash us
            problems = state.enter_summary(summary)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            self.error("bad-summary", Text(N_("the summary cannot be read (%(why)s)"),
                                           why=failure(exc)), field="summary")
            return False
        self.problems(problems)
        return state.hand_index > number or state.is_terminal()

    def unknown_action(self, position: int, text, seat: int | None) -> None:
        if seat is None:
            message = Text(N_("event %(event)s: %(text)s, which is not an action of %(game)s"),
                           event=position + 1, text=repr(text), game=self.game.title)
        else:
            message = Text(N_("event %(event)s: %(seat)s wrote %(text)s, which is not an "
                              "action of %(game)s"), event=position + 1,
                           seat=self.seat_name(seat), text=repr(text), game=self.game.title)
        self.error("unknown-action", message, seat, "events")

    def by_events(self, hand, events) -> bool:
        state = self.state
        if not isinstance(events, list):
            self.error("bad-shape", Text(N_("events must be a list of action texts")),
                       field="events")
            return False
        unknown = next((position for position, text in enumerate(events)
                        if state.string_to_action(text) is None), None)
        deal = hand.get("deal")
        if deal is not None and not isinstance(deal, dict):
            self.error("bad-shape", Text(N_("deal must be an object (hands, turned, "
                                            "stock, …)")), field="deal")
            return False
        if not isinstance(deal, dict) or "hands" not in deal:
            if unknown is not None:  # who held what is learnt from the events: no seat yet
                self.unknown_action(unknown, events[unknown], None)
                return False
            if deal is None or isinstance(deal, dict):
                deal = self.game.deal_from_events(state, deal or {}, events)
            missing = [name for name in self.game.deal_needs(state)
                       if not isinstance(deal, dict) or name not in deal]
            if missing:
                self.error("missing-field", Text(N_("with no hands written, the deal must "
                                                    "give %(parts)s"),
                                                 parts=", ".join(missing)),
                           field=f"deal.{missing[0]}")
                return False
            deal = self.learn_hands(deal if isinstance(deal, dict) else {}, events)
            if deal is None:
                return False
        problems = state.deal(deal)
        self.problems(problems)
        if problems:
            return False
        number = state.hand_index
        for position, text in enumerate(events):
            if state.hand_index > number or state.is_terminal():
                self.error("events-count", Text(N_("the hand is over after event "
                                                   "%(event)s; %(more)s more are written"),
                                                event=position, more=len(events) - position),
                           field="events")
                return True
            seat = state.current_player()
            if position == unknown:  # named at its turn, so the seat that wrote it is known
                self.unknown_action(position, text, seat)
                return False
            violation = state.check(text)
            if violation is not None:
                self.error(violation.code, Text(N_("event %(event)s: %(seat)s played "
                                                   "%(text)s: %(why)s"),
                                                event=position + 1, seat=self.seat_name(seat),
                                                text=repr(text), why=violation.message),
                           seat, "events")
                return False
            state.apply(text)
        if state.hand_index == number and not state.is_terminal():
            seat = state.current_player()
            seat = seat if seat >= 0 else None  # (none: a thrown-in hand waits for its deal)
            phase = state.phase_name()
            message = Text(N_("the events stop in the %(phase)s phase before the hand is "
                              "over"), phase=phase) if seat is None else \
                Text(N_("the events stop in the %(phase)s phase before the hand is over: "
                        "%(seat)s is to act next"), phase=phase, seat=self.seat_name(seat))
            self.error("hand-incomplete", message, seat, "events")
            return False
        return True

    def learn_hands(self, deal: dict, events) -> dict | None:
        """Who held what, from an unchecked replay with unknown hands."""
        trial = self.state.clone()
        problems = trial.deal(deal)
        self.problems(problems)
        if problems:
            return None
        number = trial.hand_index
        taken_by: dict[int, tuple[int, int]] = {}  # a one-copy card -> (event, seat) it left
        for position, text in enumerate(events):
            if trial.hand_index > number or trial.is_terminal():
                break
            before = [(len(taken), len(given)) for taken, given in trial.table.moves]
            if self.card_played_again(trial, trial.string_to_action(text), position, taken_by):
                return None
            try:
                trial.apply(text, check=False)
            except LEARNING_FAILURES:
                # an event out of its phase (a card where a bid is due): learn no
                # further; the checked replay that follows names the mistake
                break
            if self.played_again(hand_moves(trial, number), before, position, taken_by):
                return None
        moves = hand_moves(trial, number)
        pack = self.game.pack
        hands = []
        for taken, given in moves:  # what left a hand and did not come into it later
            held = Counter(pack.codes(taken)) - Counter(pack.codes(given))
            hands.append(sorted(held.elements()))
        return {**deal, "hands": self.fill_unseen(deal, hands)}

    def card_played_again(self, trial, action, position: int, taken_by: dict) -> bool:
        """A card the pack has once, written as a play after it has left a hand (by
        anyone, the same player included): the second play is the fault."""
        pack, plays = self.game.pack, self.game.vocab.families.get("play", range(0))
        if action is None or action not in plays:
            return False
        ids = pack.ids_of[action - plays.start]
        if len(ids) > 1 or ids[0] not in taken_by:  # (`played_again` registers what left)
            return False
        self.played_twice(trial.current_player(), ids[0], position, taken_by)
        return True

    def played_again(self, moves, before, position: int, taken_by: dict) -> bool:
        """With no hands written every seat could hold every card, so a card the pack
        has once, played by a second seat, is caught here, at the second play (the
        fault), not later as a dealt card counted twice against the first player."""
        pack = self.game.pack
        for seat, (taken, _) in enumerate(moves):
            for card in taken[before[seat][0]:]:
                if len(pack.ids_of[pack.face_of[card]]) > 1:
                    continue
                if card in taken_by and taken_by[card][1] != seat:
                    self.played_twice(seat, card, position, taken_by)
                    return True
                taken_by[card] = (position, seat)
        for seat, (_, given) in enumerate(moves):
            for card in given[before[seat][1]:]:  # passed or drawn into a hand: in play again
                taken_by.pop(card, None)
        return False

    def played_twice(self, seat: int, card: int, position: int, taken_by: dict) -> None:
        first, holder = taken_by[card]
        self.error("duplicate-card", Text(N_("event %(event)s: %(seat)s played %(card)s, "
                                             "which %(holder)s played at event %(first)s"),
                                          event=position + 1, seat=self.seat_name(seat),
                                          card=Card(self.game.pack.code(card), quoted=True),
                                          holder=self.seat_name(holder), first=first + 1),
                   seat, "events")

    def fill_unseen(self, deal: dict, hands: list) -> list:
        """A seat that never showed all its cards (it dropped out of the hand) is given
        cards nobody saw, to make up its hand: it plays none of them."""
        cards, pack = self.state.cards, self.game.pack
        if cards is None or all(len(held) >= cards for held in hands):
            return hands
        spare = Counter(pack.code(card) for card in pack.ids())
        for value in deal.values():  # the written table areas (turned, stock, ...)
            listed = [value] if isinstance(value, str) else \
                value if isinstance(value, list) else []
            faces = (pack.parse(code) for code in listed)
            spare -= Counter(pack.faces[face] for face in faces if face is not None)
        for held in hands:
            spare -= Counter(held)
        unseen = sorted(spare.elements())
        for held in hands:
            while len(held) < cards and unseen:
                held.append(unseen.pop())
        return hands

    def compare(self, hand, entry) -> None:
        """Written summary, scores and running totals against the computed ones."""
        summary = hand.get("summary")
        if summary is not None and not isinstance(summary, dict):
            self.error("bad-shape", Text(N_("summary must be an object of the game's sheet "
                                            "fields")), field="summary")
        elif isinstance(summary, dict) and "events" in hand:
            for key, have in summary.items():
                want = entry["summary"].get(key)
                if have != want and not self.same_card(have, want):
                    self.mismatch(f"summary.{key}", have, want)
        for field in ("scores", "running"):
            if field in hand:
                self.compare_units(field, hand[field], entry[field])

    def same_card(self, have, want) -> bool:
        """Two codes of one card (Mighty's called card written "10H", computed "TH")."""
        face = self.game.pack.parse(have)
        return face is not None and face == self.game.pack.parse(want)

    def mismatch(self, field, have, want) -> None:
        if isinstance(have, list) and isinstance(want, list) and len(have) == len(want):
            for seat, (h, w) in enumerate(zip(have, want, strict=True)):
                if h != w:
                    self.error("summary-mismatch", Text(
                        N_("%(field)s of %(seat)s is written as %(have)s but the events give "
                           "%(want)s"), field=field, seat=self.seat_name(seat),
                        have=repr(h), want=repr(w)), seat, field)
            return
        self.error("summary-mismatch", Text(N_("%(field)s is written as %(have)s but the "
                                               "events give %(want)s"),
                                            field=field, have=repr(have), want=repr(want)),
                   field=field)

    def unit_name(self, unit: int) -> str:
        return joined(self.seat_name(s) for s in self.game.teams[unit])

    def compare_units(self, field, written, computed) -> None:
        if not isinstance(written, list) or len(written) != len(computed):
            message = Text(N_("%(field)s must list %(count)s numbers, one per side")
                           if self.game.partnership else
                           N_("%(field)s must list %(count)s numbers, one per seat"),
                           field=field, count=len(computed))
            self.error(f"{field.rstrip('s')}-count", message, field=field)
            return
        code = "score-mismatch" if field == "scores" else "running-mismatch"
        for unit, (have, want) in enumerate(zip(written, computed, strict=True)):
            if have != want:
                seat = self.game.teams[unit][0]
                self.error(code, Text(N_("%(who)s's %(field)s written as %(have)s should be "
                                         "%(want)s"), who=self.unit_name(unit), field=field,
                                      have=repr(have), want=want), seat, field)


def hand_moves(state, number: int):
    """Cards out of and into each hand during hand `number` (0-based), whether it is
    still being played or has just closed."""
    return state.hand_log[-1]["moves"] if state.hand_index > number else state.table.moves


def check_engine_record(game, record: dict, report, boards=None) -> None:
    """Fill `report` (a `rules.CheckReport`) for a record of an engine game (played on
    `boards`, when given: games.engine.board_checker)."""
    hands = record["hands"]
    report.hands_expected = game.ending.hands() or 0
    seats, first_dealer = record["seats"], record.get("first_dealer", 0)
    if boards is None:
        checker = EngineChecker(game, seats, first_dealer, report)
    else:
        from games.engine.board_checker import BoardChecker

        checker = BoardChecker(game, seats, first_dealer, report, boards)
        report.hands_expected = min(len(boards), report.hands_expected or len(boards))
    checker.check_all(hands)
    state = checker.state
    # a match on boards is over after its last board, whatever its rules' ending
    ended = state.finished() or (boards is not None and state.is_terminal()
                                 and state.hand_index >= len(boards))
    report.played = [{"dealer": entry["dealer"], "cards": entry["cards"],
                      "summary": entry["summary"] or {},
                      "tricks": list(entry["tricks"]) if entry["events"] else None}
                     for entry in state.hand_log]
    if ended:  # (a match cut short at its hand limit has no places)
        report.places = list(game.places(state))
    report.totals = list(state.totals)
    report.complete = ended and len(report.scores) == len(hands) \
        and None not in report.scores
    if report.complete:
        places = report.places
        report.winner = [unit for unit, place in enumerate(places) if place == 1]
        check_places(game, checker, record.get("places"), places, report)
    elif record.get("places") is not None and not report.errors:
        report.errors.append(RecordError(
            None, None, "places", "places-mismatch",
            Text(N_("places are written but the match is not over"))))
    given = record.get("totals")
    if given is None or None in report.scores or len(report.scores) < len(hands):
        return  # (totals of hands left unchecked cannot be compared)
    checker.number = 0
    if not isinstance(given, list) or len(given) != len(state.totals):
        report.errors.append(RecordError(
            None, None, "totals", "total-count",
            Text(N_("totals must list %(count)s numbers"), count=len(state.totals))))
        return
    for unit, (have, want) in enumerate(zip(given, state.totals, strict=True)):
        if have != want:
            report.errors.append(RecordError(
                None, game.teams[unit][0], "totals", "total-mismatch",
                Text(N_("%(who)s's total is written as %(have)s but the hands add up to "
                        "%(want)s"), who=checker.unit_name(unit), have=repr(have), want=want)))


def check_places(game, checker, written, places: list[int], report) -> None:
    """Written places (a finished match's) against the game's, which are not always
    the totals' order (a Pitch side that bid out wins with fewer points)."""
    if written is None:
        return
    if not isinstance(written, list) or len(written) != len(places) \
            or any(type(place) is not int for place in written):  # (True is not 1 here)
        report.errors.append(RecordError(
            None, None, "places", "places-count",
            Text(N_("places must list %(count)s whole numbers"), count=len(places))))
        return
    for unit, (have, want) in enumerate(zip(written, places, strict=True)):
        if have != want:
            report.errors.append(RecordError(
                None, game.teams[unit][0], "places", "places-mismatch",
                Text(N_("%(who)s's place is written as %(have)s but the match gives "
                        "%(want)s"), who=checker.unit_name(unit), have=repr(have), want=want)))
