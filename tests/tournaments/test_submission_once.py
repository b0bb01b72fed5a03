"""One result submission loads its game once, checks the record once and replays it once
(issue 26: a Pitch record over the API used to load Pitch five times and replay twice).
Counted where the work happens: building the rules class, `rules.check_record`, and the
referee's replay of the hands."""

import pytest

from games import rules
from games.engine.checker import EngineChecker
from games.pitch import Pitch
from tests.factories import played_record, seated_table
from tournaments.models import Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch):
    counts = {"loads": 0, "checks": 0, "replays": 0}

    def counting(key, original):
        def wrapper(*args, **kwargs):
            counts[key] += 1
            return original(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(Pitch, "__init__", counting("loads", Pitch.__init__))
    monkeypatch.setattr(rules, "check_record", counting("checks", rules.check_record))
    monkeypatch.setattr(EngineChecker, "check_all", counting("replays", EngineChecker.check_all))
    return counts


def test_a_pitch_record_over_the_api_is_loaded_checked_and_replayed_once(
        club_b, players_b, client_as, counted):
    table = seated_table(club_b, players_b, game="pitch")
    record = played_record("pitch", seed=3, seats=[p.display_name for p in players_b], hands=6)
    counted.update(loads=0, checks=0, replays=0)
    response = client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                         format="json")
    assert response.status_code == 201, response.json()
    assert counted == {"loads": 1, "checks": 1, "replays": 1}
    assert Hand.objects.filter(game__table=table).count() == len(record["hands"])


def test_a_record_with_other_options_than_the_table_is_still_refused_by_name(
        club_b, players_b, client_as):
    table = seated_table(club_b, players_b, game="pitch")
    record = played_record("pitch", seed=3, seats=[p.display_name for p in players_b], hands=6)
    record["options"] = {**record["options"], "smudge": False}
    response = client_as("token_b").post(f"/api/v1/tables/{table.pk}/result/", record,
                                         format="json")
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["options-mismatch"]
