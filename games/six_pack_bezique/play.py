"""Six-Pack Bezique's play: the opening carte blanche, the 96 tricks with the winner's
meld turn (games/rules/bezique_turn.py) and the draws while the stock lasts, and the
last twelve tricks' follow rule (the rules are in games/rules/six_pack_bezique.py's
docstring)."""

from __future__ import annotations

from games.engine import NO_OBLIGATION, FollowRule, Phase, RuleViolation, TrickPlay, by_table_trump
from games.engine.text import N_, Text
from games.six_pack_bezique.melds import FACE_RANKS, KIND_CODES, Book, own_tabled
from games.six_pack_bezique.turn import (
    check_meld_turn,
    lay_meld,
    meld_actions,
    score_meld,
    start_turn,
)

TRICKS = 96  # 192 cards, two to a trick
BLANCHE_BONUS = 250
TRICK_STEP, MELD_STEP, BLANCHE_STEP = "trick", "meld", "blanche"


def is_face(code: str) -> bool:
    return code[0] in FACE_RANKS


class EndGameFollow(FollowRule):
    """The last twelve tricks: follow suit and beat the led card if able; void: trump
    if able; otherwise any card."""

    def _split(self, state, hand):
        game = state.game
        led_card = state.trick[0][1]
        power = game.card_power(state, led_card)
        follow = [c for c in hand if game.card_suit(state, c, 0) == state.led]
        higher = [c for c in follow if game.card_power(state, c) > power]
        trumps = [c for c in hand if state.trump is not None
                  and game.card_suit(state, c, 0) == state.trump]
        return follow, higher, trumps

    def allowed(self, state, seat, hand):
        if not state.trick:
            return list(hand)
        follow, higher, trumps = self._split(state, hand)
        if follow:
            return higher or follow
        return trumps or list(hand)

    def violation(self, state, seat, card):
        follow, higher, trumps = self._split(state, state.table.of("hand", seat))
        if follow and card not in follow:
            return RuleViolation("revoke", Text(N_("in the last twelve tricks the second player "
                                 "must follow suit when able")))
        if higher:
            return RuleViolation("must-win", Text(N_("in the last twelve tricks the second player "
                                 "must beat the led card when able")))
        return RuleViolation("must-trump", Text(N_("void in the led suit in the last twelve "
                             "tricks: must play a trump")))


END_GAME = EndGameFollow()


class OpeningBlanche(Phase):
    """Each player whose hand has no face card says ``blanche`` or ``no-blanche``
    (the non-dealer first)."""

    name = "blanche"

    def begin(self, state):
        state.vars["opening"] = [s for s in (1 - state.dealer, state.dealer)
                                 if not any(is_face(c) for c in
                                            state.game.pack.codes(state.table.of("hand", s)))]
        if state.vars["opening"]:
            state.to_move = state.vars["opening"][0]

    def legal(self, state):
        return [state.game.BLANCHE, state.game.NO_BLANCHE]

    def apply(self, state, action):
        seat = state.vars["opening"].pop(0)
        if action == state.game.BLANCHE:
            show_blanche(state, seat, state.table.of("hand", seat))
        if state.vars["opening"]:
            state.to_move = state.vars["opening"][0]

    def done(self, state):
        return not state.vars["opening"]


def show_blanche(state, seat: int, cards) -> None:
    state.vars["blanche_on"][seat] = True
    state.vars["blanches"][seat] += 1
    state.vars["points"][seat] += BLANCHE_BONUS
    for card in cards:
        state.table.show(card)


class BeziquePlay(TrickPlay):
    """The 96 tricks, with the winner's meld turn and the draws after each trick while
    the stock lasts, and the drawn cards a carte blanche may show."""

    def __init__(self):
        super().__init__(follow=NO_OBLIGATION, winner=by_table_trump)

    def begin(self, state):
        super().begin(state)
        state.vars["step"] = TRICK_STEP
        state.vars["pending"] = []

    # --- which cards --------------------------------------------------------
    def allowed_cards(self, state, seat):
        hand = state.table.of("hand", seat)
        return END_GAME.allowed(state, seat, hand) if state.vars.get("endgame") else hand

    def play_actions(self, state, seat, cards):
        game, used = state.game, state.vars.get("used", {})
        own = own_tabled(state, seat) if used else ()
        faces = {game.pack.face_of[c] for c in cards if c in own or c not in used}
        hidden = {game.pack.face_of[c] for c in cards if c not in used}
        tabled = {game.pack.face_of[c] for c in cards if c in own}
        plays, table = game.vocab.families["play"].start, game.vocab.families["table"].start
        return sorted([plays + f for f in faces] + [table + f for f in hidden & tabled])

    def card_of(self, state, seat, action):
        game = state.game
        hand, used = state.table.of("hand", seat), state.vars.get("used", {})
        for family in ("play", "table"):
            if action in game.vocab.families[family]:
                face = action - game.vocab.families[family].start
                break
        else:
            return None
        copies = [c for c in hand if game.pack.face_of[c] == face]
        hidden = [c for c in copies if c not in used]
        if family == "play" and hidden:
            return hidden[0]
        # the seat's own tabled copies; with the hands unknown (a referee learning them)
        # else any, so the replay still takes a card of the face written
        own = own_tabled(state, seat) if used else ()
        tabled = [c for c in copies if c in own] or [c for c in copies if c in used]
        return min(tabled, key=lambda c: self._keep_value(state, c)) if tabled else None

    @staticmethod
    def _keep_value(state, card):
        """A tabled copy to play: not one of a meld waiting to be scored, and the one
        already melded in most classes."""
        waiting = any(card in g.cards and not g.scored and not g.broken
                      for g in state.vars.get("groups", ()))
        return (waiting, -len(state.vars["used"][card]))

    # --- the legal actions -------------------------------------------------
    def legal(self, state):
        step = state.vars["step"]
        if step == MELD_STEP:
            return meld_actions(state, state.to_move)
        if step == BLANCHE_STEP:
            return [state.game.BLANCHE, state.game.NO_BLANCHE]
        return super().legal(state)

    def check(self, state, action):
        game, step, seat = state.game, state.vars["step"], state.to_move
        family = game.vocab.family_of(action)
        if step == MELD_STEP:
            return check_meld_turn(state, seat, action, family)
        if step == BLANCHE_STEP:
            if family in ("blanche", "no-blanche"):
                return None
            return RuleViolation("blanche-pending", Text(N_("a card drawn after a carte blanche is "
                                 "shown (blanche) or not (no-blanche) first")))
        if family in ("meld", "score", "done"):
            return RuleViolation("meld-not-now", Text(N_("melds are laid only by the winner of a "
                                 "trick, right after it, while the stock lasts")))
        if family == "table":
            return self.check_table_play(state, seat, action)
        violation = super().check(state, action)
        if violation is not None and violation.code == "revoke":
            return self.follow_violation(state, seat, action)
        return violation

    def check_table_play(self, state, seat, action):
        if action in self.legal(state):
            return None
        game, used = state.game, state.vars.get("used", {})
        face = action - game.vocab.families["table"].start
        own = own_tabled(state, seat)
        copies = [c for c in state.table.of("hand", seat) if game.pack.face_of[c] == face]
        if not any(c in own for c in copies) or all(c in used for c in copies):
            return RuleViolation("card-not-on-table", Text(N_("%(text)s: the hand has no such card on the table beside a concealed copy"), text=game.vocab.text(action)))
        return self.follow_violation(state, seat, action)

    def follow_violation(self, state, seat, action):
        card = self.card_of(state, seat, action)
        return END_GAME.violation(state, seat, card)

    # --- applying ------------------------------------------------------------
    def apply(self, state, action):
        game = state.game
        family = game.vocab.family_of(action)
        if family in ("play", "table"):
            self.play(state, action)
        elif family == "meld":
            lay_meld(state, state.to_move, action)
        elif family == "score":
            score_meld(state, state.to_move,
                       KIND_CODES[action - game.vocab.families["score"].start])
        elif family == "done" and state.vars["step"] == MELD_STEP:
            self.draw(state)
        elif family in ("blanche", "no-blanche") and state.vars["step"] == BLANCHE_STEP:
            self.blanche(state, family == "blanche")

    def play(self, state, action):
        if state.vars["step"] == MELD_STEP:  # only in an unchecked replay
            self.draw(state)
        state.vars["step"], state.vars["pending"] = TRICK_STEP, []
        seat = state.to_move
        card = self.card_of(state, seat, action)
        if card is None:  # an unchecked replay whose deal is not known yet
            family = "play" if action in state.game.vocab.families["play"] else "table"
            card = state.game.pack.ids_of[action - state.game.vocab.families[family].start][0]
        else:
            Book(state).card_played(card)
            state.table.take("hand", card, seat)
        state.play_card(seat, card, action)
        if len(state.trick) == state.n:
            self.finish_trick(state)
        else:
            state.to_move = (seat + 1) % state.n

    def finish_trick(self, state):
        winner = state.trick[self.winner(state)][0]
        state.close_trick(winner)
        state.to_move = winner
        state.vars["leader"] = winner
        if len(state.tricks) >= TRICKS:
            state.vars["last"] = winner
            return
        if state.vars.get("endgame"):
            return
        start_turn(state)
        if meld_actions(state, winner, first=True):
            state.vars["step"] = MELD_STEP
        else:
            self.draw(state)

    def draw(self, state):
        """The winner draws, then the other player; a carte blanche may show its card."""
        leader, stock, pack = state.vars["leader"], state.table.of("stock"), state.game.pack
        pending = []
        for seat in (leader, 1 - leader):
            if not stock:
                break
            card = stock[0]
            state.table.take("stock", card)
            state.table.put("hand", [card], seat)
            state.vars["drawn"][seat] = card
            if state.vars["blanche_on"][seat]:
                if is_face(pack.code(card)):
                    state.vars["blanche_on"][seat] = False
                else:
                    pending.append(seat)
        if not stock:
            state.vars["endgame"] = True
            Book(state).clear()
        state.vars["pending"] = pending
        state.vars["step"] = BLANCHE_STEP if pending else TRICK_STEP
        state.to_move = pending[0] if pending else leader

    def blanche(self, state, show: bool):
        seat = state.vars["pending"].pop(0)
        if show:
            show_blanche(state, seat, [state.vars["drawn"][seat]])
        else:
            state.vars["blanche_on"][seat] = False
        pending = state.vars["pending"]
        state.vars["step"] = BLANCHE_STEP if pending else TRICK_STEP
        state.to_move = pending[0] if pending else state.vars["leader"]

    def done(self, state):
        return not state.trick and len(state.tricks) >= TRICKS
