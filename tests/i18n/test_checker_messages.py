"""The record checker's messages in the reader's language, their codes unchanged.

The rules core (`games/`, no Django) writes each message as a `games.engine.text.Text`:
its English text, the template (marked with `N_`) and the values. The API's record check,
a refused submission and the scoresheet's live check translate the template and its
card, suit and part values (`tournaments.checker_messages`); an API client keys on the
code, which is the same in every language.
"""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import rules
from games.engine.text import N_, Card, Text
from tests.factories import PlayerFactory, played_record, seated_table
from tournaments.checker_messages import translated

URL = "/api/v1/records/check/"

LANGUAGES = ["ka", "ru", "ko", "bn", "hi", "ne", "fr", "nl"]
SEATS = ["Ann", "Bo", "Cy", "Di"]


def bad_bluke_record() -> dict:
    """A played Bluke record with three mistakes: hand 1's tricks, hand 2's score and an
    unreadable card in hand 3."""
    record = played_record("bluke", players=4, seed=1, seats=SEATS)
    first = record["hands"][0]["tricks"]
    record["hands"][0]["tricks"] = [first[0] + 1, *first[1:]]
    record["hands"][1]["scores"][0] = 99
    record["hands"][2]["plays"][0] = "ZZ"
    return record


ENGLISH = {  # what the record above gets in English (every word of it, in order)
    "tricks-mismatch": "hand 1: tricks won by Ann are written as 3 but the plays give 2",
    "score-mismatch": "hand 2: Ann's score is written as 99 but should be -40",
    "card-unknown": "hand 3: play 1: 'ZZ' is not a card",
}


def _phrases(text: str) -> set[str]:
    """Pairs of English words next to each other ("is written", "should be"): a word alone
    may be shared ("score" is French too), a phrase is not."""
    tokens = [token.strip(":;,.()") for token in text.lower().split()]
    return {f"{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)
            if a.isalpha() and b.isalpha() and a.isascii() and b.isascii()}


# --- the rules core's side: English as it always was, template and values apart ---------

def test_a_text_is_its_english_message_and_keeps_how_it_was_made():
    part = Text(N_("%(card)s is not in the hand"), card=Card("QS"))
    message = Text(N_("hand %(hand)s: %(message)s"), hand=2, message=part)
    assert message == "hand 2: QS is not in the hand" and isinstance(message, str)
    assert message.template == "hand %(hand)s: %(message)s"
    assert message.values == {"hand": 2, "message": part}
    assert Card("QS", quoted=True) == "'QS'"
    for copied in (pickle.loads(pickle.dumps(message)), copy.deepcopy(message)):
        assert copied == message and copied.values["message"].values["card"].code == "QS"


def test_the_checker_gives_the_english_messages_it_always_gave():
    report = rules.check_record(bad_bluke_record())
    assert {error.code: error.message for error in report.errors} == ENGLISH
    assert all(isinstance(error.message, Text) for error in report.errors)


def test_an_untranslated_template_or_a_broken_translation_falls_back_to_english():
    with translation.override("en"):
        assert translated(Text("%(name)s is new", name="Ann")) == "Ann is new"
        assert translated("a plain message") == "a plain message"
        assert translated(None) == ""


def test_a_translation_that_lost_a_placeholder_gives_the_english_message(monkeypatch):
    """A hand-edited catalogue must not break a page: the message stays readable."""
    from tournaments import checker_messages

    monkeypatch.setattr(checker_messages, "gettext", lambda template: "cassé %(nope)s")
    with translation.override("fr"):
        assert translated(Text(N_("%(card)s is not in the hand"), card=Card("QS"))) == \
            "QS is not in the hand"


# --- through the API, in every language ----------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_record_checked_through_the_api_comes_in_the_callers_language(
        language, client_as, in_catalogues):
    api_client = client_as("anonymous")
    english = api_client.post(URL, bad_bluke_record(), format="json",
                              HTTP_ACCEPT_LANGUAGE="en").json()["errors"]
    answer = api_client.post(URL, bad_bluke_record(), format="json",
                             HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200 and answer["Content-Language"] == language
    errors = answer.json()["errors"]
    assert [e["message"] for e in english] == list(ENGLISH.values())
    assert [(e["code"], e["hand"], e["seat"], e["field"]) for e in errors] == \
        [(e["code"], e["hand"], e["seat"], e["field"]) for e in english]
    for error, original in zip(errors, english, strict=True):
        message = error["message"]
        assert message != original["message"], f"{language}: {error['code']} in English"
        left = _phrases(message) & _phrases(original["message"])
        assert not left, f"{language}: English {left} in {message!r}"
        # the values stay: the player's name, the numbers, what the record wrote
        assert all(value in message for value in re.findall(r"Ann|-?\d+|'ZZ'",
                                                             original["message"]))


@pytest.mark.django_db
def test_a_card_in_a_message_is_shown_by_its_rank_and_suit_sign(client_as, in_catalogues):
    api_client = client_as("anonymous")
    record = played_record("bluke", players=4, seed=1, seats=SEATS)
    record["hands"][0]["deal"][1][0] = record["hands"][0]["deal"][0][0]  # 2S twice
    english = api_client.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    korean = api_client.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE="ko").json()
    assert english["errors"][0]["message"] == "hand 1: 2S appears twice in the deal"
    assert korean["errors"][0]["code"] == "duplicate-card"
    assert "2♠" in korean["errors"][0]["message"]


# --- on the pages: a refused submission and the live check -------------------------------

@pytest.mark.django_db
def test_the_scoresheet_live_check_shows_the_message_in_the_page_language(
        client, plain_http, club_b, bob, in_catalogues):
    players = [PlayerFactory(display_name=name) for name in SEATS]
    table = seated_table(club_b, players)
    record = played_record("bluke", players=4, seed=1, seats=SEATS, hands=1)
    hand = record["hands"][0]
    data = {"trump-1": hand["trump"]}
    for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
        data[f"bid-1-{seat}"] = str(bid)
        data[f"tricks-1-{seat}"] = str(won + (1 if seat == 0 else 0))  # one trick too many
    client.force_login(bob)
    url = reverse("tournaments:table-scoresheet-check", args=[table.pk])
    english = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "tricks add up to 14 but 13 cards were dealt to each player" in english
    with translation.override("ru"):
        expected = translated(Text(N_("tricks add up to %(total)s but %(cards)s cards were "
                                      "dealt to each player"), total=14, cards=13))
    assert "14" in expected and "tricks" not in expected
    bob.player.language = "ru"  # the person's own language decides their pages
    bob.player.save()
    russian = client.post(url, data).content.decode()
    assert expected in russian and "tricks add up" not in russian


# --- the games each language is played in: their own refusals, in that language ----------

def _joker_record() -> dict:
    record = played_record("joker", players=4, seed=1, seats=SEATS, hands=1)
    record["hands"][0] = {"summary": {**record["hands"][0]["summary"], "tricks": [0] * 4}}
    return record  # tricks-sum: "tricks add up to 0, not 1"


def _mighty_record() -> dict:
    record = played_record("mighty", players=5, seed=3, seats=[*SEATS, "Ed"], hands=1)
    record["hands"][0]["events"][1] = "bid:13S"  # bid-not-higher: below the opening 15NT
    return record


def _twenty_nine_record() -> dict:
    record = played_record("twenty-nine", players=4, seed=2, seats=SEATS, hands=1)
    record["hands"][0] = {"summary": {**record["hands"][0]["summary"], "bid": 30}}
    return record  # bid-range: "the bid 30 is not a number from 15 to 28"


@pytest.mark.django_db
@pytest.mark.parametrize("make,code,language", [
    (_joker_record, "tricks-sum", "ka"), (_joker_record, "tricks-sum", "ru"),
    (_mighty_record, "bid-not-higher", "ko"),
    (_twenty_nine_record, "bid-range", "bn"), (_twenty_nine_record, "bid-range", "hi"),
    (_twenty_nine_record, "bid-range", "ne"),
], ids=["joker-ka", "joker-ru", "mighty-ko", "twenty-nine-bn", "twenty-nine-hi",
        "twenty-nine-ne"])
def test_a_games_own_refusal_comes_in_the_language_it_is_played_in(
        make, code, language, client_as, in_catalogues):
    api_client = client_as("anonymous")
    english = api_client.post(URL, make(), format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    answer = api_client.post(URL, make(), format="json", HTTP_ACCEPT_LANGUAGE=language).json()
    first, translated_first = english["errors"][0], answer["errors"][0]
    assert first["code"] == translated_first["code"] == code
    left = _phrases(translated_first["message"]) & _phrases(first["message"])
    assert not left, f"{language}: English {left} in {translated_first['message']!r}"


@pytest.mark.django_db
def test_a_hands_phase_in_a_message_is_a_word_of_the_readers_language(client_as, in_catalogues):
    record = played_record("mighty", players=5, seed=3, seats=[*SEATS, "Ed"], hands=1)
    record["hands"][0]["events"] = record["hands"][0]["events"][:2]  # stops in the auction
    record["hands"][0].pop("summary", None)
    api_client = client_as("anonymous")
    english = api_client.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    korean = api_client.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE="ko").json()
    assert english["errors"][0]["code"] == korean["errors"][0]["code"] == "hand-incomplete"
    assert "the auction phase" in english["errors"][0]["message"]
    with translation.override("ko"):
        from tournaments.checker_words import PHASES
        auction = str(PHASES["auction"])
    assert auction != "auction" and auction in korean["errors"][0]["message"]
