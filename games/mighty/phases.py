"""The phases of a Mighty hand and its trick rules (the rules: games/rules/mighty.py).

The auction on points and trump, the widow exchange, the declarer's two
announcements (trump, then the call), and trick play with the mighty, the joker and
the ripper; with them the plain functions of the rules (the order of bids, the raise
for a trump change, the scores of a hand). The game's hooks the phases call
(`bid_of`, `mighty`, `ripper`, `joker_has_power`) live on `Mighty`.
"""

from __future__ import annotations

from games.engine import Exchange, FollowRule, Phase, RuleViolation, TrickPlay, next_bidder
from games.engine.text import N_, Card, Text

JOKER_CODE = "JK"
NO_TRUMP = "NT"
TRUMPS = ("S", "H", "D", "C", NO_TRUMP)
LOWEST_BID, HIGHEST_BID = 13, 20
POINT_RANKS = "AKQJT"
WIDOW_SIZE, TRICKS = 3, 10


def bid_rank(number: int, trump: str) -> int:
    """Order of bids: a higher number, or the same number in no trump over a suit."""
    return 2 * number + (trump == NO_TRUMP)


def raised_contract(contract: int, bid_trump: str, trump: str) -> int:
    """The contract after the declarer names trump (capped at 20)."""
    if trump == bid_trump:
        return contract
    cost = 1 if trump == NO_TRUMP else 2
    return min(HIGHEST_BID, contract + cost)


def hand_scores(n: int, declarer: int, partner: int | None, contract: int,
                side_points: int, runs: bool = True) -> list[int]:
    """Each seat's score for a hand; the scores add up to zero."""
    unit = contract - 12
    if side_points < contract:
        unit = -unit
    if runs and (side_points == 20 or side_points <= 9):
        unit *= 2
    scores = [-unit] * n
    if partner is None:
        scores[declarer] = 4 * unit
    else:
        scores[declarer], scores[partner] = 2 * unit, unit
    return scores


def run_word(side_points: int) -> str:
    return "run" if side_points == 20 else "back-run" if side_points <= 9 else "none"


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": field, "code": code, "message": message}


class MightyAuction(Phase):
    """Rising bids of points and trump; a pass is final (see the module docstring)."""

    name = "auction"

    def begin(self, state):
        state.to_move = state.vars["opener"] = state.game.first_bidder(state)
        state.vars.update(passed=set(), contract=None, declarer=None, bid_trump=None)

    def legal(self, state):
        vocab = state.game.vocab
        best = self.best(state)
        return [vocab.parse("pass")] + [a for a in vocab.families["bid"]
                                        if bid_rank(*state.game.bid_of(a)) > best]

    @staticmethod
    def best(state) -> int:
        contract = state.vars["contract"]
        return -1 if contract is None else bid_rank(contract, state.vars["bid_trump"])

    def check(self, state, action):
        game = state.game
        if action != game.vocab.parse("pass") and action not in game.vocab.families["bid"]:
            return RuleViolation("bid-expected", Text(N_("the auction is on: bid (bid:13S … "
                                                         "bid:20NT) or pass")))
        if action in self.legal(state):
            return None
        number, trump = state.vars["contract"], state.vars["bid_trump"]
        return RuleViolation("bid-not-higher", Text(N_("a bid must beat %(bid)s: a higher "
                                                       "number, or the same number in no "
                                                       "trump"), bid=f"{number}{trump}"))

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        state.bid_order.append(seat)
        if action == game.vocab.parse("pass"):
            state.vars["passed"].add(seat)
        else:
            number, trump = game.bid_of(action)
            state.vars.update(contract=number, bid_trump=trump, declarer=seat)
            state.bids[seat] = f"{number}{trump}"
        if self.done(state):
            if state.vars["declarer"] is None:
                state.throw_in()
            return
        state.to_move = next_bidder(state, seat)

    def done(self, state):
        passed = state.vars["passed"]
        return len(passed) == state.n or (state.vars["declarer"] is not None
                                          and len(passed) == state.n - 1)


class WidowExchange(Exchange):
    """The declarer takes the widow into hand, then discards three face down."""

    def __init__(self):
        super().__init__(lambda state: state.vars["declarer"], lambda state: WIDOW_SIZE)

    def begin(self, state):
        widow = list(state.table.of("widow"))
        for card in widow:
            state.table.take("widow", card)
        state.table.put("hand", widow, state.vars["declarer"])
        super().begin(state)

    def check(self, state, action):
        game = state.game
        if action not in game.vocab.families["discard"]:
            return RuleViolation("discard-expected", Text(N_("the declarer discards three "
                                                             "cards (discard:7C …)")))
        if action in self.legal(state):
            return None
        return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the declarer's "
                                                         "hand"),
                                                      card=Card(game.vocab.text(action)[8:])))


class Announce(Phase):
    """One announcement by the declarer from a family of actions (trump, call)."""

    def __init__(self, name: str, effect):
        self.name, self.effect = name, effect

    def begin(self, state):
        state.to_move = state.vars["declarer"]
        state.vars[f"{self.name}-done"] = False

    def legal(self, state):
        return list(state.game.vocab.families[self.name])

    def check(self, state, action):
        if action in state.game.vocab.families[self.name]:
            return None
        words = "trump:S … trump:NT" if self.name == "trump" else "call:AS … call:none"
        return RuleViolation(f"{self.name}-expected", Text(N_("the declarer now announces "
                                                              "%(words)s"), words=words))

    def apply(self, state, action):
        self.effect(state, state.game.vocab.text(action).split(":")[1])
        state.vars[f"{self.name}-done"] = True

    def done(self, state):
        return state.vars[f"{self.name}-done"]


def name_trump(state, trump: str) -> None:
    game = state.game
    state.vars["contract_bid"] = state.vars["contract"]
    state.vars["contract"] = raised_contract(state.vars["contract"], state.vars["bid_trump"],
                                             trump)
    state.vars["trump_named"] = trump
    state.trump = None if trump == NO_TRUMP else game.pack.suit_index(trump)


def call_partner(state, card: str) -> None:
    state.vars["called"] = None if card == "none" else state.game.pack.parse(card)


class MightyFollow(FollowRule):
    """Who may play what (see the module docstring); `problem` names the breach."""

    def allowed(self, state, seat, hand):
        game = state.game
        if not state.trick:
            if state.tricks:
                return list(hand)
            special = (game.mighty(state), game.joker_face)
            return [c for c in hand if game.pack.face_of[c] not in special]
        face_of, suit_of = game.pack.face_of, game.pack.suit_of
        jokers = [c for c in hand if face_of[c] == game.joker_face]
        if jokers and face_of[state.trick[0][1]] == game.ripper(state):
            return jokers
        follow = [c for c in hand if suit_of[face_of[c]] == state.led]
        if not follow:
            return list(hand)
        mighty = game.mighty(state)
        return [c for c in hand if c in follow or face_of[c] in (mighty, game.joker_face)]

    def violation(self, state, seat, card):
        game = state.game
        if not state.trick:
            return RuleViolation("first-lead", Text(N_("neither the mighty nor the joker may "
                                                       "lead the first trick")))
        face_of = game.pack.face_of
        if face_of[state.trick[0][1]] == game.ripper(state) and any(
                face_of[c] == game.joker_face for c in state.table.of("hand", seat)):
            return RuleViolation("ripper-joker", Text(N_("the ripper led: the joker must be "
                                                         "played")))
        # (a seat without the joker follows the ripper's suit like any other lead)
        return RuleViolation("revoke", Text(N_("must follow the led suit (%(led)s) while "
                                               "holding it"),
                                            led=Card(game.pack.suits[state.led])))


def mighty_winner(state) -> int:
    """Index of the winning play in ``state.trick`` (the order in the docstring)."""
    game, pack = state.game, state.game.pack
    faces = [pack.face_of[c] for _, c in state.trick]
    mighty = game.mighty(state)
    if mighty in faces:
        return faces.index(mighty)
    if game.joker_face in faces and game.joker_has_power(state, faces[0]):
        return faces.index(game.joker_face)
    for suit in (state.trump, state.led):
        if suit is None:
            continue
        plays = [(pack.power[f], i) for i, f in enumerate(faces)
                 if f != game.joker_face and pack.suit_of[f] == suit]
        if plays:
            return max(plays)[1]
    return 0  # a powerless joker led, and nobody followed or trumped


class MightyTrickPlay(TrickPlay):
    """Trick play where a joker that leads names a suit (``JK:S``)."""

    def __init__(self):
        super().__init__(follow=MightyFollow(), winner=mighty_winner)

    def play_actions(self, state, seat, cards):
        game = state.game
        actions = super().play_actions(state, seat, cards)
        if not state.trick and game.joker_action in actions:
            actions.remove(game.joker_action)
            actions += list(game.vocab.families[JOKER_CODE])
        return actions

    def card_of(self, state, seat, action):
        game = state.game
        if action in game.vocab.families[JOKER_CODE]:
            action = game.joker_action
        return super().card_of(state, seat, action)

    def apply(self, state, action):
        seat, game = state.to_move, state.game
        face = game.joker_face if action in game.vocab.families[JOKER_CODE] else \
            action - game.vocab.families["play"].start
        if face == state.vars["called"] and seat != state.vars["declarer"]:
            state.vars["partner_shown"] = seat  # the called card shows the partner
        super().apply(state, action)

    def check(self, state, action):
        game = state.game
        named = action in game.vocab.families[JOKER_CODE]
        if self.card_of(state, state.to_move, action) is not None:
            if named and state.trick:
                return RuleViolation("joker-suit", Text(N_("only a joker that leads names a "
                                                           "suit (JK)")))
            if action == game.joker_action and not state.trick:
                return RuleViolation("joker-suit", Text(N_("a joker that leads names the suit "
                                                           "to follow (JK:S, JK:H, JK:D, "
                                                           "JK:C)")))
        if named and self.card_of(state, state.to_move, action) is None:
            return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the hand"),
                                                          card=Card("JK")))
        return super().check(state, action)
