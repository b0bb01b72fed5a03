"""Read-only views of a `State`: a seat's observation and the card-by-card record."""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import CODES, SUITS, codes_of
from games.bluke.toolkit import Trick

SUIT_LETTERS = SUITS + "T"  # "T": New Jersey's lone Bluke trump when a Bluke was turned


def suit_text(suit: int) -> str | None:
    return SUIT_LETTERS[suit] if 0 <= suit < 5 else None


def board_levels(bids: list, order: list[int]) -> dict[int, int]:
    """Board level (1 = Board, 2 = Double Board, ...) of each seat that bid Board."""
    levels, count = {}, 0
    for seat in order:
        if bids[seat] == A.BOARD:
            count += 1
            levels[seat] = count
    return levels


def bids_for_record(game, bids: list, order: list[int]) -> list:
    levels = board_levels(bids, order)
    return [None if bid is None else game.bid_to_record(bid, levels.get(seat, 0))
            for seat, bid in enumerate(bids)]


def observation(state, seat: int) -> dict:
    """What `seat` may know: its own hand, everything played in the open, and inferences."""
    game = state.game
    over = state.is_terminal()
    return {
        "game": game.name,
        "seat": seat,
        "players": state.n,
        "teams": game.teams,
        "hand_index": state.hand_index,
        "hand_number": state.hand_index + (0 if over else 1),
        "hands_total": len(game.schedule),
        "cards": state.cards,
        "dealer": state.dealer,
        "phase": state.phase,
        "current_player": state.current_player(),
        "trump": suit_text(state.trump) if state.trump < 4 else None,
        "turned": None if state.turned is None else CODES[state.turned],
        "hand": codes_of(state.hands[seat]),
        "bids": bids_for_record(game, state.bids, state.bid_order),
        "bid_order": list(state.bid_order),
        "leader": state.trick_seats[0] if state.trick_seats else None,
        "current_trick": [[s, CODES[c]] for s, c in zip(state.trick_seats, state.trick, strict=True)],
        "led_suit": suit_text(state.led) if state.trick else None,
        "last_trick": Trick(*map(tuple, state.last_trick[:2]), state.last_trick[2]).to_dict()
        if state.last_trick else None,
        "plays": [A.action_to_string(action) for action in state.plays],
        "tricks_won": list(state.tricks_won),
        "played": [codes_of(mask) for mask in state.played],
        "voids": [[SUIT_LETTERS[s] for s in range(5) if mask >> s & 1] for mask in state.voids],
        "trump_broken": state.broken,
        "scores": state.returns(),
        "team_scores": list(state.totals),
        "legal_actions": state.legal_actions() if state.current_player() == seat else [],
    }


def hand_to_record(game, entry: dict) -> dict:
    hand = {
        "cards": entry["cards"],
        "dealer": entry["dealer"],
        "trump": suit_text(entry["trump"]) if entry["trump"] < 4 else None,
        "turned": None if entry["turned"] is None else CODES[entry["turned"]],
        "deal": [codes_of(mask) for mask in entry["dealt"]],
    }
    if entry["replacement"] is not None and any(
            mask >> (105 - entry["turned"]) & 1 for mask in entry["dealt"]):
        hand["replacement"] = CODES[entry["replacement"]]
    hand["bids"] = bids_for_record(game, entry["bids"], entry["bid_order"])
    hand["plays"] = [A.action_to_string(action) for action in entry["plays"]]
    hand["tricks"] = list(entry["tricks"])
    hand["scores"] = list(entry["scores"])
    return hand


def to_record(state, seats=None) -> dict:
    """Card-by-card record of the finished hands (see docs/records.md)."""
    game = state.game
    if seats is None:
        seats = [f"Seat {i + 1}" for i in range(state.n)]
    totals = [0] * len(game.teams)
    hands = []
    for entry in state.hand_log:
        hands.append(hand_to_record(game, entry))
        totals = [t + s for t, s in zip(totals, entry["scores"], strict=True)]
    return {
        "game": game.name,
        "options": dict(game.options),
        "seats": list(seats),
        "first_dealer": state.first_dealer,
        "seed": state.seed,
        "hands": hands,
        "totals": totals,
    }
