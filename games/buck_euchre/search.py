"""`search` at a Buck Euchre table: the engine's search, with the dealer's hidden
discard guessed instead of given up on.

The generic search plays at random once an event is hidden from the seat ("?"),
and in Buck Euchre the dealer's discard after an order-up is such an event in most
hands. Here the guess of the unseen cards also draws the discard: the upcard is
found from what the seat may see (still turned, shown in the dealer's hand or won
pile, or the dealer's card in the trick), every other seat is dealt the cards it
was seen to play plus unseen ones of suits it is not known to be void in, the
dealer's discard is one more unseen card, and the guessed hand is replayed with the
rules checked. Rollouts are played by the Buck Euchre heuristic in every seat.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from games.buck_euchre.rules import SUITS
from games.engine.any_game_search import ATTEMPTS, AnyGameSearchBot, referee_at


def find_upcard(obs, discards=()) -> str | None:
    """The upcard's code, from what this seat may see (None when it cannot tell);
    `discards` are the dealer's legal discards, when it is choosing one."""
    turned = obs["table"]["turned"]
    if turned:
        return turned[0]
    for name in ("hand", "won"):
        for view in obs["table"][name]:
            if isinstance(view, dict) and view.get("shown"):
                return view["shown"][0]
    if "order-up" not in obs["events"]:
        return None
    dealer = obs["dealer"]
    for seat, code in obs["trick"]:
        if seat == dealer:
            return code
    if obs["seat"] == dealer:  # still in my hand: any card of its suit stands in for it
        trump = obs["trump"]
        mine = [c for c in obs["table"]["hand"][dealer]
                if c[1] == trump and f"discard:{c}" not in discards]
        return mine[0] if mine else None
    return None


class BuckEuchreSearchBot(AnyGameSearchBot):
    plays = ("buck-euchre",)
    discards: tuple = ()

    def step(self, observation, legal_actions, rng):
        if observation["phase"] == "discard":  # the one card I may not discard is the upcard
            game = self.game_for(observation)
            self.discards = tuple(game.vocab.text(a) for a in legal_actions)
        else:
            self.discards = ()
        return super().step(observation, legal_actions, rng)

    def rebuild(self, game, obs, rng):
        upcard = find_upcard(obs, self.discards)
        if upcard is None:
            return None
        seen = self._seen(game, obs, upcard)
        if seen is None:
            return None
        played, discard = seen
        for _ in range(ATTEMPTS):
            guess = self._deal(game, obs, upcard, played, discard, rng)
            if guess is None:
                continue
            deal, events = guess
            state = referee_at(game, obs)
            if state.deal(deal):
                continue
            if all(state.check(text) is None and state.apply(text) is None for text in events):
                return state
        return None

    @staticmethod
    def _seen(game, obs, upcard):
        """Cards each seat was seen to play, and my own discard when I dealt."""
        trial = referee_at(game, obs)
        if trial.deal({"turned": upcard}):
            return None
        mine = None
        for text in obs["events"]:
            if text.startswith("discard:"):
                mine = text.split(":")[1]
            if text == "?":
                hand = trial.table.of("hand", trial.dealer)
                text = "discard:" + game.pack.code(next(c for c in hand
                                                       if game.pack.code(c) != upcard))
            trial.apply(text, check=False)
        return [game.pack.codes(cards) for cards in trial.played], mine

    @staticmethod
    def _deal(game, obs, upcard, played, my_discard, rng):
        me, dealer, pack = obs["seat"], obs["dealer"], game.pack
        views = obs["table"]["hand"]
        pool = Counter(pack.faces) - Counter(views[me]) - Counter([upcard])
        for cards in played:
            pool -= Counter(cards)
        if my_discard:
            pool -= Counter([my_discard])
        unseen = list(pool.elements())
        rng.shuffle(unseen)
        ordered = "order-up" in obs["events"]
        discard = my_discard
        if ordered and me != dealer:
            discard = unseen.pop()
        stand_in = SimpleNamespace(trump=None if obs["trump"] is None
                                   else SUITS.index(obs["trump"]))
        hands = []
        for seat, view in enumerate(views):
            held = list(view) if seat == me else []
            if seat != me:
                shown = view.get("shown", [])
                need = view["count"] - len(shown)
                voids = set(obs["voids"][seat])
                fits = [c for c in unseen if SUITS[game.card_suit(
                    stand_in, pack.ids_of[pack.parse(c)][0], seat)] not in voids][:need]
                if len(fits) < need:
                    return None
                for code in fits:
                    unseen.remove(code)
                held = shown + fits
            original = held + played[seat]
            if ordered and seat == dealer:
                given_up = [discard] if discard else []  # (none yet: I am discarding)
                original = [c for c in original + given_up if c != upcard]
            hands.append(original)
        events = [f"discard:{discard}" if text == "?" else text for text in obs["events"]]
        return {"hands": hands, "turned": upcard}, events
