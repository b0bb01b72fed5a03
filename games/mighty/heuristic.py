"""The Mighty heuristic bot: a club player's rules of thumb.

Bidding counts the hand's strength for each suit (the mighty, the joker, trumps and
their honours, outside aces) and bids while the estimate reaches the next bid. The
declarer discards from its shortest side suits, names the suit it bid unless the
widow made another much stronger, and calls the strongest card it lacks (the mighty,
the joker, then the top trumps). In play each seat sides only with seats it knows
are friends: a partner knows the declarer, the declarer learns its partner when the
called card is played, a defender knows its fellows once the partner is shown. It
feeds points to a friend who holds the trick safely, takes tricks with points in them
with its cheapest winning card (the mighty and the joker only for two points or
more), leads the ripper against a joker it does not know to be friendly, and
otherwise plays its lowest card. A partner plays like this too, so it gives nothing
away until the called card is needed.

The decisions read a `Seen` (what one seat knows, as face numbers), built from an
observation for the bot or straight from a State for the search's rollouts.
"""

from __future__ import annotations

from games.engine.bots import Bot
from games.mighty.rules import JOKER_CODE, TRICKS

SUITS = "SHDC"


class Seen:
    """What one seat knows of the hand, with cards as face numbers of the pack."""

    __slots__ = ("game", "seat", "n", "hand", "trump", "trick", "led", "trick_no",
                 "played", "declarer", "called", "partner", "contract", "bid_trump",
                 "phase", "voids", "discards", "bids_best")

    @classmethod
    def from_observation(cls, game, obs) -> Seen:
        pack = game.pack
        seen = cls()
        seen.game, seen.seat, seen.n = game, obs["seat"], obs["players"]
        seen.hand = [pack.parse(c) for c in obs["table"]["hand"][obs["seat"]]]
        seen.trump = None if obs["trump"] is None else SUITS.index(obs["trump"])
        seen.trick = [(s, pack.parse(c)) for s, c in obs["trick"]]
        seen.led = None if obs["led_suit"] is None else SUITS.index(obs["led_suit"])
        seen.trick_no = sum(obs["tricks_won"])
        seen.played = {pack.parse(c) for won in obs["table"]["won"] for c in won}
        seen.played.update(face for _, face in seen.trick)
        seen.declarer, seen.partner = obs["declarer"], obs["partner"]
        called = obs["called"]
        seen.called = None if called in (None, "none") else pack.parse(called)
        seen.contract, seen.bid_trump = obs["contract"], obs["bid_trump"]
        seen.phase = obs["phase"]
        seen.voids = [{SUITS.index(s) for s in v} for v in obs["voids"]]
        seen.discards = [pack.parse(t[8:]) for t in obs["events"] if t.startswith("discard:")]
        return seen

    @classmethod
    def from_state(cls, state, seat) -> Seen:
        game = state.game
        seen = cls()
        seen.game, seen.seat, seen.n = game, seat, state.n
        seen.hand = list(state.table.of("hand", seat))  # one copy of the pack: id == face
        seen.trump, seen.trick, seen.led = state.trump, list(state.trick), state.led
        seen.trick_no = len(state.tricks)
        seen.played = {c for cards in state.played for c in cards}
        seen.declarer = state.vars.get("declarer")
        seen.called = state.vars.get("called")
        seen.partner = game.partner_of(state) if "called" in state.vars else None
        seen.contract, seen.bid_trump = state.vars.get("contract"), state.vars.get("bid_trump")
        seen.phase = state.phase_name()
        seen.voids = state.voids
        seen.discards = list(state.table.of("discards")) if seat == seen.declarer else []
        return seen

    # --- who is who -------------------------------------------------------------
    def attacking(self) -> bool:
        return self.seat == self.declarer or self.called in self.hand \
            or self.partner == self.seat

    def friends(self) -> set[int]:
        if self.seat == self.declarer:
            return {self.seat} | ({self.partner} if self.partner is not None else set())
        if self.attacking():
            return {self.seat, self.declarer}
        if self.partner is not None or self.called is None:
            return set(range(self.n)) - {self.declarer, self.partner}
        return {self.seat}


# --- hand strength ------------------------------------------------------------------
def strength(game, hand, suit: int) -> float:
    """A count of the hand's power with `suit` as trump (see the module docstring)."""
    pack = game.pack
    mighty = pack.parse("AD" if suit == 0 else "AS")
    total = 0.0
    for face in hand:
        code = pack.faces[face]
        if face == mighty or code == JOKER_CODE:
            total += 2.5
        elif pack.suit_of[face] == suit:
            total += 1.2 + {"A": 1.5, "K": 1.0, "Q": 0.6, "J": 0.3}.get(code[0], 0)
        elif code[0] == "A":
            total += 1.2
    return total


def best_suit(game, hand) -> tuple[int, float]:
    return max(((s, strength(game, hand, s)) for s in range(4)), key=lambda x: x[1])


def estimate(power: float) -> float:
    """Points the declarer's side may expect from a hand of this strength."""
    return 7 + 0.65 * power


class MightyHeuristicBot(Bot):
    name = "heuristic"
    plays = ("mighty",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        return decide(game, Seen.from_observation(game, observation), legal_actions)


def decide(game, seen: Seen, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    if seen.phase == "auction":
        return _bid(game, seen, legal)
    if seen.phase == "exchange":
        return _discard(game, seen, legal)
    if seen.phase == "trump":
        return game.vocab.parse(f"trump:{_trump(game, seen)}")
    if seen.phase == "call":
        return game.vocab.parse(f"call:{_call(game, seen)}")
    return _play(game, seen, legal)


# --- auction and exchange --------------------------------------------------------------
def _bid(game, seen, legal):
    suit, power = best_suit(game, seen.hand)
    reach = estimate(power)
    letter = SUITS[suit]
    for action in legal[1:]:  # legal[0] is the pass; bids rise from there
        number, trump = game.bid_of(action)
        if trump == letter:
            return action if number <= reach else legal[0]
    return legal[0]


def _discard(game, seen, legal):
    pack = game.pack
    trump = pack.suit_index(seen.bid_trump) if seen.bid_trump in SUITS else None
    suit, power = best_suit(game, seen.hand)
    if trump is None or power > strength(game, seen.hand, trump) + 3:
        trump = suit
    mighty = pack.parse("AD" if trump == 0 else "AS")
    length = [sum(pack.suit_of[f] == s for f in seen.hand) for s in range(4)]

    def keep(face):
        code = pack.faces[face]
        if code == JOKER_CODE or face == mighty:
            return (3, 0, 0)
        if pack.suit_of[face] == trump:
            return (2, 0, pack.power[face])
        return (int(code[0] == "A"), length[pack.suit_of[face]], pack.power[face])

    start = game.vocab.families["discard"].start
    return min(legal, key=lambda a: keep(a - start))


def _trump(game, seen):
    bid = seen.bid_trump
    if bid == "NT":
        return "NT"
    suit, power = best_suit(game, seen.hand)
    if power > strength(game, seen.hand, SUITS.index(bid)) + 3 \
            and estimate(power) >= min(20, seen.contract + 2):
        return SUITS[suit]
    return bid


def _call(game, seen):
    pack = game.pack
    trump = SUITS[seen.trump] if seen.trump is not None else None
    wanted = ["AD" if trump == "S" else "AS", JOKER_CODE]
    if trump:
        wanted += [r + trump for r in "AKQJ"]
    wanted += ["A" + s for s in SUITS if s != trump]
    mine = set(seen.hand) | set(seen.discards)
    for code in wanted:
        if pack.parse(code) not in mine:
            return code
    return "none"


# --- play ----------------------------------------------------------------------------
def is_point(game, face) -> bool:
    return game.is_point(face)  # one copy of the pack: a card id is its face


def trick_winner(game, seen, trick) -> int:
    """Index of the play that takes `trick` as it stands (the game's own order)."""
    pack = game.pack
    faces = [f for _, f in trick]
    mighty = game.mighty(seen)
    if mighty in faces:
        return faces.index(mighty)
    if game.joker_face in faces and _joker_power(game, seen, faces[0]):
        return faces.index(game.joker_face)
    led = seen.led if seen.trick else pack.suit_of[faces[0]]
    for suit in (seen.trump, led):
        if suit is None:
            continue
        plays = [(pack.power[f], i) for i, f in enumerate(faces)
                 if f != game.joker_face and pack.suit_of[f] == suit]
        if plays:
            return max(plays)[1]
    return 0


def _joker_power(game, seen, lead_face) -> bool:
    if seen.trick_no == TRICKS - 1 or lead_face == game.ripper(seen):
        return False
    return seen.trick_no > 0 or game.options["joker_first_trick"]


def _face_of_action(game, action) -> int:
    if action in game.vocab.families[JOKER_CODE]:
        return game.joker_face
    return action - game.vocab.families["play"].start


def _play(game, seen, legal):
    faces = {a: _face_of_action(game, a) for a in legal}
    if not seen.trick:
        return _lead(game, seen, legal, faces)
    return _follow(game, seen, legal, faces)


def _cheap(game, seen, faces, actions):
    mighty = game.mighty(seen)
    return min(actions, key=lambda a: (faces[a] in (mighty, game.joker_face),
                                       is_point(game, faces[a]),
                                       seen.trump is not None
                                       and game.pack.suit_of[faces[a]] == seen.trump,
                                       game.pack.power[faces[a]]))


def _follow(game, seen, legal, faces):
    pack = game.pack
    trick = seen.trick
    friends = seen.friends()
    current = trick[trick_winner(game, seen, trick)]
    points = sum(is_point(game, f) for _, f in trick)
    last = len(trick) == seen.n - 1
    mighty = game.mighty(seen)
    if current[0] in friends:
        safe = last or current[1] in (mighty, game.joker_face) or \
            _top_left(game, seen, current[1])
        if safe:
            pointers = [a for a in legal if is_point(game, faces[a])
                        and faces[a] not in (mighty, game.joker_face)]
            if pointers:
                return min(pointers, key=lambda a: pack.power[faces[a]])
        return _cheap(game, seen, faces, legal)
    winners = [a for a in legal
               if trick_winner(game, seen, trick + [(seen.seat, faces[a])]) == len(trick)]
    plain = [a for a in winners if faces[a] not in (mighty, game.joker_face)]
    if plain and (points or not last):
        return min(plain, key=lambda a: (is_point(game, faces[a]), pack.power[faces[a]]))
    if winners and points >= 2:
        return winners[0]
    return _cheap(game, seen, faces, legal)


def _top_left(game, seen, face) -> bool:
    """No card still unseen by this seat beats `face` in its suit."""
    pack = game.pack
    suit = pack.suit_of[face]
    mine = set(seen.hand)
    return all(f in seen.played or f in mine for f in range(len(pack.faces))
               if pack.suit_of[f] == suit and pack.power[f] > pack.power[face])


def _lead(game, seen, legal, faces):
    pack = game.pack
    mighty, joker, ripper = game.mighty(seen), game.joker_face, game.ripper(seen)
    attacking = seen.attacking()
    by_face = {f: a for a, f in faces.items() if a not in game.vocab.families[JOKER_CODE]}
    joker_out = joker not in seen.played and joker not in seen.hand
    friendly_joker = attacking and seen.called == joker
    if ripper in by_face and joker_out and not friendly_joker:
        return by_face[ripper]
    trump = seen.trump
    if attacking and trump is not None:
        trumps_out = [f for f in range(len(pack.faces)) if pack.suit_of[f] == trump
                      and f not in seen.played and f not in seen.hand and f != mighty]
        mine = sorted((f for f in by_face if pack.suit_of[f] == trump and f != mighty),
                      key=lambda f: -pack.power[f])
        if trumps_out and mine and _top_left(game, seen, mine[0]):
            return by_face[mine[0]]
        if trumps_out and seen.trick_no and joker in seen.hand and seen.trick_no < TRICKS - 1:
            return game.vocab.parse(f"{JOKER_CODE}:{SUITS[trump]}")
    tops = [f for f in by_face if f not in (mighty,) and pack.suit_of[f] != trump
            and _top_left(game, seen, f) and pack.suit_of[f] >= 0]
    if tops:
        return by_face[max(tops, key=lambda f: pack.power[f])]
    plain = [a for a in legal if faces[a] not in (mighty, joker)]
    return _cheap(game, seen, faces, plain or legal)
