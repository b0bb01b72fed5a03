"""`search` at a California Jack table: guess the unseen cards, try each action, play
the hand out with the heuristic in both seats.

The engine's guess cannot serve here: a hand grows from the stock, so the cards a
seat played are not all cards it was dealt. What a seat knows is exact, though:
every draw is public (``draw:QH``), so the stock's order down to its current top
card is known, as is which of the opponent's cards came from the stock. The guess
deals the opponent its played cards that were not drawn, plus unseen cards of
suits it cannot hold (a seat that neither followed nor trumped held neither suit,
and its dealt cards not yet played were in hand then); the rest of the unseen
cards lie under the top of the stock in random order. A rollout is worth the
bot's points in the hand less the opponent's.
"""

from __future__ import annotations

from collections import Counter

from games.engine.any_game_search import AnyGameSearchBot, referee_at
from games.shared.all_fours_play import quick_view


def _history(game, observation):
    """Cards played and drawn by each seat, and the suits the opponent cannot hold."""
    events, pack = observation["events"], game.pack
    draws = [text[5:] for text in events if text.startswith("draw:")]
    top = _top(observation)
    first = draws[0] if draws else top
    trial = referee_at(game, observation)
    if trial.deal({"stock": [first]}):
        return None
    for text in events:
        trial.apply(text, check=False)
    played = [pack.codes(cards) for cards in trial.played]
    drawn = [pack.codes(given) for _, given in trial.table.moves]
    trump = observation["trump"]
    barred = [set(), set()]
    for plays, _ in trial.tricks:
        (_, lead), (seat, card) = plays
        led, suit = pack.code(lead)[1], pack.code(card)[1]
        if suit not in (led, trump):
            barred[seat] |= {led, trump}
    return draws, top, played, drawn, barred


def _top(observation):
    stock = observation["table"]["stock"]
    shown = stock.get("shown") if isinstance(stock, dict) else None
    return shown[0] if shown else None


def guess_deal(game, observation, rng) -> dict | None:
    history = _history(game, observation)
    if history is None:
        return None
    draws, top, played, drawn, barred = history
    me = observation["seat"]
    other = 1 - me
    mine = observation["table"]["hand"][me]
    dealt_mine = Counter(mine) + Counter(played[me]) - Counter(drawn[me])
    known_other = Counter(played[other]) - Counter(drawn[other])
    seen = set(mine) | set(played[0]) | set(played[1]) | set(draws) | ({top} if top else set())
    unseen = [game.pack.code(c) for c in game.pack.ids() if game.pack.code(c) not in seen]
    need = 6 - sum(known_other.values())
    rng.shuffle(unseen)
    fits = [c for c in unseen if c[1] not in barred[other]][:need]
    if len(fits) < need:
        return None
    chosen = set(fits)
    hands = [None, None]
    hands[me] = sorted(dealt_mine.elements())
    hands[other] = sorted(known_other.elements()) + fits
    stock = draws + ([top] if top else []) + [c for c in unseen if c not in chosen]
    return {"hands": hands, "stock": stock}


class CaliforniaJackSearchBot(AnyGameSearchBot):
    plays = ("california-jack",)

    def guess(self, game, observation, rng):
        return guess_deal(game, observation, rng)

    @staticmethod
    def rollout(state, action, seat, rng, policy=None) -> float:
        trial = state.clone()
        number = trial.hand_index
        trial.apply(action)
        while trial.hand_index == number and not trial.is_terminal():
            legal = trial.legal_actions()
            if policy is None or len(legal) == 1:
                trial.apply(legal[rng.randrange(len(legal))], check=False)
            else:
                mover = trial.current_player()
                trial.apply(policy.step(quick_view(trial, mover), legal, rng), check=False)
        scores = trial.hand_log[-1]["scores"]
        return scores[seat] - scores[1 - seat]
