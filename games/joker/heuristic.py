"""The Georgian Joker heuristic bot: hand-counted bids, then play to make the bid
exactly (win while tricks are still needed, shed and duck once the bid is made).

It reads only the seat's observation. Whether a card would take the trick as it
stands is asked of the game's own trick rule (`joker_winner`) on a light stand-in
for the state, so jokers, named suits and trumps are judged exactly as the referee
judges them; what later players may still do is not guessed.
"""

from __future__ import annotations

from types import SimpleNamespace

from games.engine.bots import Bot
from games.joker.rules import HIGH, joker_winner


class JokerHeuristicBot(Bot):
    name = "heuristic"
    plays = ("joker",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        if observation["phase"] == "bid":
            return self._bid(game, observation, legal_actions)
        return self._play(game, observation, legal_actions)

    # --- bidding ------------------------------------------------------------
    def _bid(self, game, obs, legal):
        expected = self.expected_tricks(game, obs)
        return min(legal, key=lambda a: (abs(game.vocab.number(a) - expected),
                                         game.vocab.number(a)))

    @staticmethod
    def expected_tricks(game, obs) -> float:
        """A count of likely winners: jokers, high trumps, aces (kings in long hands)."""
        trump, cards = obs["trump"], obs["cards"]
        total = 0.0
        for code in obs["table"]["hand"][obs["seat"]]:
            rank, suit = code[0], code[1]
            if code == "JK":
                total += 1.0
            elif suit == trump:
                total += 1.0 if rank in "AK" else 0.6 if rank in "QJ" else 0.35
            elif rank == "A":
                total += 0.8 if cards >= 3 else 0.6
            elif rank == "K" and cards >= 6:
                total += 0.35
        return total

    # --- play -----------------------------------------------------------------
    def _play(self, game, obs, legal):
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["tricks_won"][seat]
        left = len(obs["table"]["hand"][seat])
        texts = {a: game.vocab.text(a) for a in legal}
        if not obs["trick"]:
            return self._lead(game, obs, texts, need, left)
        winning = {a: self._takes(game, obs, text) for a, text in texts.items()}
        power = {a: self._power(game, text) for a, text in texts.items()}
        if need > 0:
            takers = [a for a in legal if winning[a] and not texts[a].startswith("JK")]
            if takers:
                return min(takers, key=power.get)  # the cheapest winner
            if need >= left or (need > 0 and left <= 2):
                jokers = [a for a in legal if texts[a] == "JK:high"]
                if jokers:
                    return jokers[0]
            return min(legal, key=lambda a: (texts[a] == "JK:low", power[a]))
        losers = [a for a in legal if not winning[a] and texts[a] != "JK:low"]
        if losers:
            return max(losers, key=power.get)  # shed the highest card that still loses
        low = [a for a in legal if texts[a] == "JK:low"]
        return low[0] if low else min(legal, key=power.get)

    def _lead(self, game, obs, texts, need, left):
        trump = obs["trump"] or "S"
        cards = {a: t for a, t in texts.items() if not t.startswith("JK")}
        if need > 0:
            if need >= left and f"JK:high:{trump}" in texts.values():
                return next(a for a, t in texts.items() if t == f"JK:high:{trump}")
            if cards:
                return max(cards, key=lambda a: self._power(game, cards[a]))
            return next(a for a, t in texts.items() if t == f"JK:high:{trump}")
        if cards:
            return min(cards, key=lambda a: self._power(game, cards[a]))
        return next(a for a, t in texts.items() if t == f"JK:low:{trump}")

    @staticmethod
    def _power(game, text) -> int:
        """Strength of a play for ordering: trumps are not singled out here."""
        if text.startswith("JK"):
            return 100 if HIGH in text else -1
        return game.pack.power[game.pack.parse(text)]

    @staticmethod
    def _takes(game, obs, text) -> bool:
        """Would this play take the trick as it stands?"""
        pack = game.pack
        events = obs["events"]
        plays = obs["trick"] + [[obs["seat"], "JK" if text.startswith("JK") else text]]
        written = events[len(events) - len(obs["trick"]):] + [text]
        calls = [(t.split(":")[1].lower() if t.upper().startswith("JK:") else None)
                 for t in written]
        suits = pack.suits
        stand_in = SimpleNamespace(
            game=game, vars={"calls": calls},
            trick=[(s, pack.ids_of[pack.parse(code)][0]) for s, code in plays],
            trump=None if obs["trump"] is None else suits.index(obs["trump"]),
            led=None if obs["led_suit"] is None else suits.index(obs["led_suit"]))
        return joker_winner(stand_in) == len(plays) - 1

