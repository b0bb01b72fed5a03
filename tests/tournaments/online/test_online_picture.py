"""The seat page's drawing of a seat's view, for every registered game: each legal action is
one button (a card to tap or a choice), my hand is my hand, and no card the observation
does not hold is drawn."""

import random
import re

import pytest
from django.template.loader import render_to_string

from games import rules
from tournaments.card_words import card_label
from tournaments.online_picture import action_label, picture

CARD_TEXT = re.compile(r'class="card[^"]*"[^>]*>([^<]+)<')


def _players(info) -> int:
    return 4 if info["min_players"] <= 4 <= info["max_players"] else info["min_players"]


def _codes(value, out):
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _codes(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _codes(item, out)
    return out


def _view(state, seat):
    obs = state.observation(seat)
    current = state.current_player()
    legal = [state.action_to_string(a) for a in state.legal_actions()] if current == seat else []
    return {"table": 1, "version": len(state.history), "status": "playing", "seat": seat,
            "to_act": current if current >= 0 else None, "deadline": None,
            "hand_number": obs.get("hand_number"), "game": state.game.name,
            "seats": [{"seat": i, "name": f"Player {i + 1}", "bot": i % 2 == 1, "away": False}
                      for i in range(state.n)],
            "observation": obs, "legal": legal, "log": [], "scores": obs.get("scores")}


def _moments(name, players, seed=5, every=7):
    state = rules.load(name, players).new_match(seed=seed)
    pick = random.Random(seed)
    step = 0
    while not state.is_terminal() and step < 400:
        if step % every == 0:
            yield state
        state.apply(pick.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("info", rules.games(), ids=lambda info: info["name"])
def test_every_legal_action_is_one_button_and_no_hidden_card_is_drawn(info):
    seen = 0
    for state in _moments(info["name"], _players(info)):
        seat = state.current_player()
        if seat < 0:
            continue
        view = _view(state, seat)
        pic = picture(view)
        buttons = [c["action"] for c in pic.hand if c["action"]] + [a["action"]
                                                                   for a in pic.actions]
        # a pack of several decks holds a card twice: both copies play the same action
        assert set(buttons) == set(view["legal"])
        assert len(pic.actions) == len(set(a["action"] for a in pic.actions))
        assert pic.your_turn
        html = render_to_string("tournaments/_online_seat.html",
                                {"pic": pic, "urls": {"action": "/x/"}})
        visible = {card_label(code) for code in _codes(view["observation"], set())}
        for text in CARD_TEXT.findall(html):
            assert text.strip() in visible, (info["name"], text)
        for other in range(state.n):
            if other == seat:
                continue
            # what this seat holds of another's hand: only what the other has shown
            them = picture(_view(state, other))
            hidden = {c["code"] for c in them.hand} - _codes(view["observation"], set())
            for code in hidden:
                assert f'data-action="{code}"' not in html
        seen += 1
    assert seen >= 3


def test_action_texts_read_as_words():
    assert action_label("bid:3") == "Bid 3"
    assert action_label("QS") == "Q♠"
    assert action_label("JK:high:C") == "Joker high ♣ clubs"
    assert action_label("lay:QS+8S") == "Lay Q♠ + 8♠"
    assert action_label("bid:13NT") == "Bid 13 no trump"


def test_a_spectator_view_has_no_hand_and_no_buttons():
    state = rules.load("bluke", 4, max_cards=2).new_match(seed=2)
    view = _view(state, state.current_player())
    view.update(seat=None, legal=[])
    view["observation"] = {k: v for k, v in view["observation"].items() if k != "hand"}
    pic = picture(view)
    assert pic.hand == [] and pic.actions == [] and not pic.your_turn
    html = render_to_string("tournaments/_online_seat.html", {"pic": pic, "urls": {}})
    assert "<button" not in html and "Your hand" not in html


def test_hearts_and_diamonds_are_drawn_red():
    view = {"seat": 0, "seats": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
            "to_act": 0, "legal": ["QH"], "status": "playing", "version": 3,
            "observation": {"hand": ["QH", "2S", "TD"], "current_trick": [[1, "9D"]]}}
    pic = picture(view)
    assert [card["red"] for card in pic.hand] == [True, False, True]
    assert pic.trick[0]["red"] and pic.hand[0]["action"] == "QH"
    html = render_to_string("tournaments/_online_seat.html", {"pic": pic, "urls": {}})
    assert 'class="card playable red" data-action="QH"' in html
