"""Card play for the heuristic bot: make the contract, then take tricks only if they pay.

Following: win as cheaply as possible when the side still needs tricks (a card
nobody left to play can beat, else the lowest card that wins if we are last,
else our strongest winner); leave a trick to a partner who is already winning it;
otherwise throw the least useful card. When extra tricks score nothing, play the
highest card that still loses. Leading: cash a card that cannot be beaten, then
try to set up a ruff by leading a short side suit, else lead low from the longest
side suit.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.bots.view import View
from games.bluke.cards import cards_of
from games.bluke.game import WILD


def card_of(action: int) -> int:
    return A.split_play(action)[0]


def overtrick_value(view: View) -> int:
    """What one trick beyond the contract is worth to my side (from the game's scoring)."""
    game, me, n = view.game, view.seat, view.n
    bids = [b if b is not None else A.PASS for b in view.bids]
    team = view.team(me)
    if any(bids[s] == A.BOARD for s in team):
        return 1
    made = [A.bid_value(b) if b != A.BOARD else 0 for b in bids]
    plus = list(made)
    plus[me] += 1
    unit = game.team_of[me]
    order = view.bid_order if len(view.bid_order) == n else list(range(n))
    base = game.score_from_counts(view.cards, bids, made, order)[unit]
    return game.score_from_counts(view.cards, bids, plus, order)[unit] - base


def beats_me(view: View, card: int, led: int, seats_after: list[int], unseen: int) -> bool:
    """Could a later seat beat `card`? Known voids rule out following cards."""
    if not seats_after:
        return False
    mine = view.strength(card, led)
    suit_of = view.game.suit_table[view.trump]
    voids = 0
    for s in seats_after:
        voids |= view.voids[s]
    all_void = all(view.voids[s] >> led & 1 for s in seats_after) if 0 <= led < 5 else False
    for other in cards_of(unseen):
        if view.strength(other, led) <= mine:
            continue
        suit = suit_of[other]
        if suit == led and all_void:
            continue
        if suit != led and suit != WILD and suit == view.trump and all(
                view.voids[s] >> view.trump & 1 for s in seats_after):
            continue
        return True
    return False


def discard_key(view: View, card: int) -> tuple[int, int]:
    """Lower is cheaper to throw away: plain cards before trumps before jokers, low first."""
    suit = view.suit(card)
    rank = 2 if suit == WILD else 1 if suit == view.trump else 0
    return rank, view.game.power[view.trump][card]


def choose_play(view: View, legal: list[int]) -> int:
    want = view.need() > 0 or overtrick_value(view) > 0
    if not view.trick:
        return _lead(view, legal, want)
    return _follow(view, legal, want)


def _follow(view: View, legal: list[int], want: bool) -> int:
    best, best_seat = view.best_in_trick()
    led = view.led
    after = view.opponents_to_play()
    unseen = view.unseen_mask()
    winners = [a for a in legal if view.strength(card_of(a), led) > best]
    losers = [a for a in legal if a not in winners]
    strength = {a: view.strength(card_of(a), led) for a in legal}
    if not want:
        if losers:
            return max(losers, key=lambda a: (strength[a], discard_key(view, card_of(a))))
        return min(legal, key=lambda a: strength[a])
    partner_best = best_seat in view.partners()
    if partner_best and not _beatable(view, view.trick[view.trick_seats.index(best_seat)],
                                      led, after, unseen):
        return _cheapest(view, legal)
    if not winners:
        return _cheapest(view, legal)
    sure = [a for a in winners if not beats_me(view, card_of(a), led, after, unseen)]
    if sure:
        return min(sure, key=lambda a: strength[a])
    if view.need() <= 0:
        return _cheapest(view, losers) if losers else min(winners, key=lambda a: strength[a])
    return max(winners, key=lambda a: strength[a])


def _beatable(view: View, card: int, led: int, after: list[int], unseen: int) -> bool:
    others = [s for s in after if s not in view.partners()]
    return beats_me(view, card, led, others, unseen)


def _cheapest(view: View, legal: list[int]) -> int:
    return min(legal, key=lambda a: discard_key(view, card_of(a)))


def _lead(view: View, legal: list[int], want: bool) -> int:
    unseen = view.unseen_mask()
    after = [(view.seat + i) % view.n for i in range(1, view.n)]
    by_card: dict[int, list[int]] = {}
    for a in legal:
        by_card.setdefault(card_of(a), []).append(a)
    if not want:
        return _named(view, by_card[min(by_card, key=lambda c: discard_key(view, c))])
    sure = [c for c in by_card if not beats_me(view, c, _led_as(view, c), after, unseen)]
    plain = [c for c in sure if view.suit(c) != WILD]
    if plain or sure:
        pick = min(plain or sure, key=lambda c: discard_key(view, c))
        return _named(view, by_card[pick])
    return _named(view, by_card[_setup_lead(view, list(by_card))])


def _led_as(view: View, card: int) -> int:
    suit = view.suit(card)
    return view.trump if suit == WILD else suit


def _setup_lead(view: View, cards: list[int]) -> int:
    suits: dict[int, list[int]] = {}
    for c in cards:
        suits.setdefault(view.suit(c), []).append(c)
    side = {s: cs for s, cs in suits.items() if s not in (view.trump, WILD)}
    low = view.game.power[view.trump]
    if view.trump in suits and side:
        short = [cs for cs in side.values() if len(cs) == 1]
        if short:
            return min((cs[0] for cs in short), key=lambda c: low[c])
    if side:
        longest = max(side.values(), key=len)
        return min(longest, key=lambda c: low[c])
    return min(cards, key=lambda c: discard_key(view, c))


def _named(view: View, actions: list[int]) -> int:
    """For a joker lead, name the trump suit (draws trumps) or the longest suit held."""
    if len(actions) == 1:
        return actions[0]
    if view.trump < 4:
        target = view.trump
    else:
        counts = [0] * 4
        for c in cards_of(view.hand):
            if c < 52:
                counts[c // 13] += 1
        target = counts.index(max(counts))
    for a in actions:
        if A.split_play(a)[1] == target:
            return a
    return actions[0]
