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

from games.engine.any_game_search import ATTEMPTS, AnyGameSearchBot, referee_at
from games.minnesota_whist.heuristic import GRAND_AT, RANKS, bid_card, hand_tricks, rank_of
from games.minnesota_whist.rules import side_points


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
    """My side's points less the other side's for the hand played out after `action`
    by the heuristic's rules (the bid cards through the engine, then the tricks on
    plain lists, which is many times quicker): every seat sees only its own cards,
    the trick and the cards played, as the heuristic would."""
    trial = state.clone()
    game, number = trial.game, trial.hand_index
    pack, bids = game.pack, game.vocab.families["bid"]
    trial.apply(action)
    while trial.hand_index == number and trial.phase_name() == "bid":
        hand = pack.codes(trial.table.of("hand", trial.current_player()))
        high = hand_tricks(hand) >= GRAND_AT
        trial.apply(bids.start + pack.parse(bid_card(hand, high)), check=False)
    if trial.hand_index != number:
        scores = trial.hand_log[-1]["scores"]
    else:
        scores = play_out(trial)
    unit = game.team_of[seat]
    return scores[unit] - scores[1 - unit]  # a race: the other side's points count too


def play_out(state) -> list[int]:
    """Side points of the hand in progress, its tricks played out on plain lists."""
    pack = state.game.pack
    hands = [pack.codes(state.table.of("hand", s)) for s in range(4)]
    trick = [(s, pack.code(c)) for s, c in state.trick]
    played = {pack.code(c) for cards in state.played for c in cards}
    tricks = [state.tricks_won[0] + state.tricks_won[2], state.tricks_won[1] + state.tricks_won[3]]
    high, seat = state.vars["high"], state.current_player()
    while hands[seat]:
        hand = hands[seat]
        follow = [c for c in hand if trick and c[1] == trick[0][1][1]]
        code = plain_play(seat, follow or hand, hand, trick, set(hand) | played, high)
        hand.remove(code)
        played.add(code)
        trick.append((seat, code))
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        led = trick[0][1][1]
        seat = max((p for p in trick if p[1][1] == led), key=lambda p: rank_of(p[1]))[0]
        tricks[seat % 2] += 1
        trick = []
    return side_points(high, tricks)


def plain_play(seat, cards, hand, trick, gone, high) -> str:
    """The heuristic's play (minnesota_whist_heuristic) on plain lists."""
    from games.minnesota_whist.heuristic import best_left, lead

    if not trick:
        return lead(cards, hand, gone, high)
    led = trick[0][1][1]
    top_seat, top = max((p for p in trick if p[1][1] == led), key=lambda p: rank_of(p[1]))
    takers = [c for c in cards if c[1] == led and rank_of(c) > rank_of(top)]
    if not high:
        losers = [c for c in cards if c not in takers]
        return max(losers or cards, key=rank_of)
    if top_seat == (seat + 2) % 4 and (len(trick) == 3 or best_left(top, gone)):
        return min(cards, key=rank_of)
    return min(takers or cards, key=rank_of)
