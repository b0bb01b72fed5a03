"""The shared record shape read by the Bluke family's checker.

Every game's hand may be written in the engine's shape: ``deal`` as an object
(``hands``, ``turned``, ...), ``events`` (action texts in order: here the bids in
bidding order, then the cards), ``summary`` (what the paper scoresheet holds: here
``bids``, ``tricks``, ``trump``), ``scores`` and ``running``. The Bluke family's
stored records lay the same facts out flat (``bids``, ``tricks``, ``trump``,
``turned``, ``deal`` as a list, ``plays``); that form stays valid, and a hand in the
engine's shape is laid out flat here before it is checked, so both are judged by
the same rules.
"""

from __future__ import annotations

from games.bluke.actions import small_number


def is_engine_shape(hand) -> bool:
    return isinstance(hand, dict) and (
        "events" in hand or "summary" in hand or isinstance(hand.get("deal"), dict))


def _bid(text):
    if isinstance(text, str) and text.strip().lower().startswith("bid:"):
        number = text.strip()[4:]
        value = small_number(number)
        return text if value is None else value
    return text


def flat_hand(game, hand: dict, dealer: int) -> dict:
    """The flat form of a hand written in the engine's shape (others unchanged)."""
    if not is_engine_shape(hand):
        return hand
    if game.record_shape == "summary":  # its summary's facts, laid out flat
        flat = {key: value for key, value in hand.items() if key != "summary"}
        if isinstance(hand.get("summary"), dict):
            flat.update(hand["summary"])
        return flat
    flat = {key: hand[key] for key in ("cards", "dealer", "scores", "running") if key in hand}
    summary = hand.get("summary")
    if isinstance(summary, dict):
        flat.update(summary)
    deal = hand.get("deal")
    if isinstance(deal, dict):
        if "hands" in deal:
            flat["deal"] = deal["hands"]
        for key in ("turned", "replacement", "trump"):
            if key in deal:
                flat[key] = deal[key]
    elif deal is not None:
        flat["deal"] = deal
    events = hand.get("events")
    if isinstance(events, list):
        n = game.num_players
        bids = [None] * n
        for seat, text in zip(game.bid_order(dealer), events[:n], strict=False):
            bids[seat] = _bid(text)
        flat.setdefault("bids", bids)
        flat["plays"] = events[n:]
    elif events is not None:
        flat["plays"] = events  # not a list: the checker names it
    return flat


def engine_shape_hand(game, hand: dict) -> dict:
    """A flat Bluke-family hand written in the engine's shape (the inverse of
    `flat_hand` for hands `to_record` writes)."""
    out = {key: hand[key] for key in ("dealer", "cards") if key in hand}
    if "deal" in hand or "turned" in hand:
        deal = {"hands": hand["deal"]} if "deal" in hand else {}
        for key in ("turned", "replacement"):
            if key in hand:
                deal[key] = hand[key]
        out["deal"] = deal
    bids = hand.get("bids") or []
    if "plays" in hand:
        out["events"] = [bids[seat] if isinstance(bids[seat], str) else f"bid:{bids[seat]}"
                         for seat in game.bid_order(hand.get("dealer", 0))] + list(hand["plays"])
    out["summary"] = {key: hand[key] for key in ("bids", "tricks", "trump") if key in hand}
    for key in ("scores", "running"):
        if key in hand:
            out[key] = hand[key]
    return out
