"""The last English in the record checker's refusals, now in the reader's language: a bad
option (`bad-options`), a summary a game's reader could not read (`bad-summary`), a Ribs
pair not in the hand, and the table's own refusals of a record (seats, options).

Checked in Korean and Georgian (two scripts, two of the games' home languages); the code,
the field and what the record wrote stay as they are.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from games import rules
from games.engine.text import Text
from league.services.seasons import season_check_game
from league.standings_config import StandingsConfigError, parse_config
from tests.factories import played_record
from tests.i18n import pseudo_locale
from tests.i18n.test_checker_messages import SEATS, URL, _phrases
from tournaments.card_words import card_label
from tournaments.services.records import match_errors

LANGUAGES = ["ko", "ka"]


def _check(api_client, record, language) -> dict:
    answer = api_client.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200 and answer["Content-Language"] == language
    return answer.json()["errors"][0]


def _assert_translated(message: str, english: str, language: str, keys=()) -> None:
    """No English phrase of the message is left, outside `keys` (what the record wrote
    and the option names an API client sends, which stay as they are)."""
    assert message != english, f"{language}: still English: {message!r}"
    for key in keys:
        message, english = message.replace(key, ""), english.replace(key, "")
    left = _phrases(message) & _phrases(english)
    assert not left, f"{language}: English {left} in {message!r}"


# --- a bad option ----------------------------------------------------------------------

def _with_options(**options) -> dict:
    record = played_record("bluke", players=4, seed=1, seats=SEATS, hands=1)
    record["options"] = {**record.get("options", {}), **options}
    return record


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("options,english,kept", [
    ({"colour": "red"}, "bluke: unknown option 'colour' (options are: deal_out_finale, "
     "max_cards, players, variant, zero_bids)",
     ["'colour'", "deal_out_finale, max_cards, players, variant, zero_bids"]),
    ({"max_cards": 40}, "option 'max_cards' must be at most 26", ["'max_cards'", "26"]),
    ({"variant": "nonsense"}, "option 'variant' must be one of 'standard', 'new-jersey', "
     "not 'nonsense'", ["'variant'", "'new-jersey'", "'nonsense'"]),
    ({"deal_out_finale": True}, "deal_out_finale: 54 cards cannot be dealt out evenly to 4 "
     "players (possible for 2, 3, 6 or 9 players)", ["deal_out_finale", "54"]),
], ids=["unknown", "too-large", "not-a-choice", "not-dealable"])
def test_a_bad_option_is_refused_in_the_readers_language(
        options, english, kept, language, client_as, in_catalogues):
    api_client = client_as("anonymous")
    in_english = _check(api_client, _with_options(**options), "en")
    error = _check(api_client, _with_options(**options), language)
    assert (in_english["code"], in_english["message"]) == ("bad-options", english)
    assert (error["code"], error["field"]) == ("bad-options", "options")
    _assert_translated(error["message"], english, language, kept)
    assert all(word in error["message"] for word in kept)  # the option's name, the values


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_record_whose_options_differ_from_the_tables_is_refused_in_the_readers_language(
        language, in_catalogues):
    table = SimpleNamespace(game="bluke", options={"variant": "new-jersey"})
    record = played_record("bluke", players=4, seed=1, seats=SEATS, hands=1)
    with translation.override("en"):
        english = match_errors(table, record, SEATS)[0]
        bad_english = match_errors(SimpleNamespace(game="bluke", options={"colour": "red"}),
                                   record, SEATS)[0]
    with translation.override(language):
        differing = match_errors(table, record, SEATS)[0]
        bad = match_errors(SimpleNamespace(game="bluke", options={"colour": "red"}),
                           record, SEATS)[0]
    assert english["code"] == differing["code"] == "options-mismatch"
    assert english["message"].endswith("variant='standard' (table: 'new-jersey')")
    _assert_translated(differing["message"], english["message"], language)
    assert "(table:" not in differing["message"] and "'new-jersey'" in differing["message"]
    assert bad_english["code"] == bad["code"] == "bad-options"
    names = "deal_out_finale, max_cards, players, variant, zero_bids"
    assert names in bad["message"]
    _assert_translated(bad["message"], bad_english["message"], language, [names])


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_player_written_at_another_seat_is_named_in_the_readers_language(
        language, in_catalogues):
    table = SimpleNamespace(game="bluke", options={})
    record = played_record("bluke", players=4, seed=1, seats=SEATS, hands=1)
    seated = [SEATS[1], SEATS[0], *SEATS[2:]]  # Ann and Bo sit the other way round
    with translation.override("en"):
        english = match_errors(table, record, seated)
    with translation.override(language):
        errors = match_errors(table, record, seated)
    assert [e["message"] for e in english] == [
        "'Ann' sits at seat 2 at this table, not seat 1.",
        "'Bo' sits at seat 1 at this table, not seat 2."]
    assert [(e["code"], e["seat"]) for e in errors] == [("seat-mismatch", 0),
                                                         ("seat-mismatch", 1)]
    for error, original in zip(errors, english, strict=True):
        _assert_translated(error["message"], original["message"], language)
        assert "'Ann'" in errors[0]["message"] and "'Bo'" in errors[1]["message"]


# --- a summary the game's reader could not read ------------------------------------------

def _joker_summary_record() -> dict:
    record = played_record("joker", players=4, seed=1, seats=SEATS, hands=1)
    record["hands"][0] = {"summary": record["hands"][0]["summary"]}  # the scoresheet line
    return record


def _reader_failing_with(monkeypatch, exc: Exception) -> None:
    """The Joker's scoresheet reader meeting input it cannot read (a reader's crash on
    untrusted input must come back as a refusal, never a 500)."""
    game_class = type(rules.load("joker", players=4))

    def failing(self, state, summary):
        raise exc

    monkeypatch.setattr(game_class, "score_summary", failing)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("exc,english,kept", [
    (TypeError("'<' not supported between instances of 'str' and 'int'"),
     "hand 1: the summary cannot be read (a value has the wrong type)", []),
    (KeyError("khishti"), "hand 1: the summary cannot be read ('khishti' is missing or not "
     "known)", ["'khishti'"]),
    (IndexError("list index out of range"),
     "hand 1: the summary cannot be read (a list is too short)", []),
    (ValueError("invalid literal for int() with base 10: 'x'"),
     "hand 1: the summary cannot be read (a value cannot be used)", []),
], ids=["type", "key", "index", "value"])
def test_a_summary_that_cannot_be_read_says_why_in_the_readers_language(
        exc, english, kept, language, client_as, in_catalogues, monkeypatch):
    _reader_failing_with(monkeypatch, exc)
    api_client = client_as("anonymous")
    in_english = _check(api_client, _joker_summary_record(), "en")
    error = _check(api_client, _joker_summary_record(), language)
    assert (in_english["code"], in_english["message"]) == ("bad-summary", english)
    assert (error["code"], error["field"], error["hand"]) == ("bad-summary", "summary", 1)
    _assert_translated(error["message"], english, language)
    assert all(word in error["message"] for word in kept)


def test_a_readers_own_message_is_kept_as_the_reason(monkeypatch):
    reason = Text("hand %(hand)s is beyond the %(hands)s hands", hand=25, hands=24)
    _reader_failing_with(monkeypatch, IndexError(reason))
    report = rules.check_record(_joker_summary_record())
    message = report.errors[0].message
    assert message == "hand 1: the summary cannot be read (hand 25 is beyond the 24 hands)"
    assert message.values["message"].values["why"] is reason


# --- Ribs: a pair of cards not in the hand ------------------------------------------------

def _ribs_record_with_a_pair_not_held() -> dict:
    record = played_record("ribs", players=4, seed=1, seats=SEATS, hands=1)
    events = record["hands"][0]["events"]
    folder = events.index("fold:AH+8C")  # Di folds AH and 8C; KC and 8H are Cy's
    events[folder] = "fold:KC+8H"
    return record


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_ribs_pair_not_in_the_hand_is_shown_as_two_cards(language, client_as, in_catalogues):
    api_client = client_as("anonymous")
    english = _check(api_client, _ribs_record_with_a_pair_not_held(), "en")
    error = _check(api_client, _ribs_record_with_a_pair_not_held(), language)
    assert english["message"] == ("hand 1: event 11: Di played 'fold:KC+8H': KC+8H is not in "
                                  "the hand")
    assert error["code"] == english["code"] == "card-not-in-hand"
    _assert_translated(error["message"], english["message"], language)
    with translation.override(language):
        pair = f"{card_label('KC')}+{card_label('8H')}"  # K♣+8♥, with the language's K
    assert pair.endswith("♣+8♥") and pair in error["message"]
    assert "'fold:KC+8H'" in error["message"]  # what the record wrote, as it wrote it


# --- a season's options: the same refusals on the organisers' forms and the API ----------

@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("options,english", [
    ({"max_cards": 40}, "option 'max_cards' must be at most 26"),
    ({"max_cards": 20}, "At a table of 3: hand 1: 20 cards for 3 players needs 60 cards plus "
     "a card turned up for trump, but the deck has 54"),
], ids=["too-large", "not-dealable-at-three"])
def test_a_seasons_bad_options_are_refused_in_the_readers_language(
        options, english, language, in_catalogues):
    def refusal() -> str:
        with pytest.raises(ValidationError) as refused:
            season_check_game(game="bluke", options=options)
        return refused.value.message_dict["options"][0]

    with translation.override("en"):
        assert refusal() == english
    with translation.override(language):
        message = refusal()
    _assert_translated(message, english, language, ["'max_cards'"])
    assert all(number in message for number in re.findall(r"\d+", english))


@pytest.mark.parametrize("config,template,values", [
    ({"points": "goals"}, "%(key)s must be one of %(allowed)s, not %(value)r",
     {"key": "points", "allowed": "placement, beaten, score", "value": "goals"}),
    ({"tiebreaks": ["firsts", "firsts"]}, "tiebreaks lists a name twice", None),
    ({"placement": {"tables": {"3": [3, 2]}}},
     "placement.tables.%(size)s must list %(size)s numbers, one per place", {"size": "3"}),
], ids=["choice", "twice", "tables"])
def test_a_seasons_standings_rules_are_refused_in_the_readers_language(
        config, template, values, in_pseudo_locale):
    with translation.override(pseudo_locale.CODE), pytest.raises(StandingsConfigError) as bad:
        parse_config(config)
    expected = pseudo_locale.pseudo(template)
    assert str(bad.value) == (expected % values if values else expected)
    with translation.override("en"), pytest.raises(StandingsConfigError) as english:
        parse_config(config)
    assert str(english.value) == (template % values if values else template)
