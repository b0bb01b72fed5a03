"""`search` at a Minnesota Whist table: the engine's search with the hidden bid cards
guessed, and fewer candidate moves.

Bid cards not shown are "?" to the other seats, which makes the generic search give
up. Here every other seat is dealt the cards it was seen to play, its shown bid card
and unseen cards of suits it is not known to be void in; a hidden bid card is then
one of that seat's guessed cards: the heuristic's choice for that hand while the bids
are still being picked (it decides who grands), any card of it afterwards (it was
never shown and changes nothing). The guessed hand is replayed with the rules checked
and played out by the heuristic in every seat.

Candidates: cards in sequence in one hand (the seven and the six of hearts, or the
eight and the six once the seven has been played) are worth the same, so one of each
sequence is tried; a bid is one of two cards, the lowest black or the lowest red.
"""

from __future__ import annotations

from collections import Counter

from .any_game import ATTEMPTS, AnyGameSearchBot, referee_at
from .minnesota_whist_heuristic import GRAND_AT, RANKS, bid_card, hand_tricks, rank_of


def distinct_plays(texts, played: set) -> list[str]:
    """One card of each run of cards that are equal in play (every card between them
    has been played); bids: the lowest card of each colour."""
    if texts and texts[0].startswith("bid:"):
        cards = [t[4:] for t in texts]
        return sorted({"bid:" + bid_card(cards, True), "bid:" + bid_card(cards, False)})
    kept, previous = [], None
    for code in sorted(texts, key=lambda c: (c[1], rank_of(c))):
        if previous is not None and previous[1] == code[1] and all(
                r + code[1] in played for r in RANKS[rank_of(previous) + 1:rank_of(code)]):
            previous = code  # the same run as the card kept before it
            continue
        kept.append(code)
        previous = code
    return kept


class MinnesotaWhistSearchBot(AnyGameSearchBot):
    plays = ("minnesota-whist",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        texts = [game.vocab.text(a) for a in legal_actions]
        played = {t for t in observation["events"] if t != "?" and not t.startswith("bid:")}
        keep = set(distinct_plays(texts, played))
        fewer = [a for a, t in zip(legal_actions, texts, strict=True) if t in keep]
        return super().step(observation, fewer, rng)

    @staticmethod
    def rollout(state, action, seat, rng, policy=None) -> float:
        return fast_rollout(state, action, seat, rng)

    def rebuild(self, game, obs, rng):
        played = self._played(game, obs)
        for _ in range(ATTEMPTS):
            guess = self._deal(game, obs, played, rng)
            if guess is None:
                continue
            hands, events = guess
            state = referee_at(game, obs)
            if state.deal({"hands": hands}):
                continue
            if all(state.check(text) is None and state.apply(text) is None for text in events):
                return state
        return None

    @staticmethod
    def _played(game, obs):
        trial = referee_at(game, obs)
        trial.deal({})
        for text in obs["events"]:
            trial.apply("bid:2S" if text == "?" else text, check=False)
        return [game.pack.codes(cards) for cards in trial.played]

    @staticmethod
    def _deal(game, obs, played, rng):
        me, views = obs["seat"], obs["table"]["hand"]
        pool = Counter(game.pack.faces) - Counter(views[me])
        for seat, view in enumerate(views):
            pool -= Counter(played[seat])
            if seat != me:
                pool -= Counter(view.get("shown", []))
        unseen = list(pool.elements())
        rng.shuffle(unseen)
        hands = []
        for seat, view in enumerate(views):
            if seat == me:
                hands.append(list(view) + played[seat])
                continue
            shown, voids = view.get("shown", []), set(obs["voids"][seat])
            need = view["count"] - len(shown)
            fits = [c for c in unseen if c[1] not in voids][:need]
            if len(fits) < need:
                return None
            for code in fits:
                unseen.remove(code)
            hands.append(shown + played[seat] + fits)
        picking = len(obs["events"]) < 4
        events = list(obs["events"])
        first = (obs["dealer"] + 1) % 4
        for index, text in enumerate(events):
            if text == "?":
                held = hands[(first + index) % 4]
                high = hand_tricks(held) >= GRAND_AT if picking else rng.random() < 0.5
                events[index] = "bid:" + bid_card(held, high)
        return hands, events


def fast_rollout(state, action, seat, rng) -> float:
    """The hand played out after `action` by the heuristic's rules read straight off
    the (guessed) state: every seat sees only its own cards, the trick and the cards
    played, as the heuristic would, but without building observations."""
    trial = state.clone()
    game, number = trial.game, trial.hand_index
    pack, vocab = game.pack, game.vocab
    plays, bids = vocab.families["play"], vocab.families["bid"]
    trial.apply(action)
    played = {pack.code(c) for cards_of in trial.played for c in cards_of}
    while trial.hand_index == number and not trial.is_terminal():
        legal = trial.legal_actions()  # (chosen among these: no second check)
        if len(legal) == 1:
            choice = legal[0]
        else:
            mover = trial.current_player()
            hand = pack.codes(trial.table.of("hand", mover))
            if legal[0] in bids:
                high = hand_tricks(hand) >= GRAND_AT
                choice = bids.start + pack.parse(bid_card(hand, high))
            else:
                cards = [pack.faces[a - plays.start] for a in legal]
                code = fast_play(trial, mover, cards, hand, set(hand) | played)
                choice = plays.start + pack.parse(code)
        if choice in plays:
            played.add(pack.faces[choice - plays.start])
        trial.apply(choice, check=False)
    unit = game.team_of[seat]
    return trial.hand_log[-1]["scores"][unit]


def fast_play(state, seat, cards, hand, gone) -> str:
    """The heuristic's play (minnesota_whist_heuristic) on a state's trick."""
    from .minnesota_whist_heuristic import best_left, lead

    high = state.vars["high"]
    if not state.trick:
        return lead(cards, hand, gone, high)
    pack = state.game.pack
    led = [pack.code(c) for _, c in state.trick if pack.code(c)[1] == pack.suits[state.led]]
    top = max(led, key=rank_of)
    top_seat = next(s for s, c in state.trick if pack.code(c) == top)
    takers = [c for c in cards if c[1] == top[1] and rank_of(c) > rank_of(top)]
    losers = [c for c in cards if c not in takers]
    if not high:
        return max(losers or cards, key=rank_of)
    if top_seat == (seat + 2) % 4 and (len(state.trick) == 3 or best_left(top, gone)):
        return min(cards, key=rank_of)
    return min(takers or cards, key=rank_of)
