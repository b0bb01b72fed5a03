"""Records a real match never writes are refused by name, not answered with a 500 or stored
(issue 25 points 5 and 7): numbers past int()'s digit limit, records without hands, labels
and seeds of any length, and records past their game's cost limit."""

import pytest

from tests.factories import played_record
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db

SEATS_B = ["Bob", "Bea", "Cal", "Dot"]
HUGE_NUMBER = "1" * 5000  # past Python's 4,300-digit limit for int()


def _submit(client, table, record):
    return client.post(f"/api/v1/tables/{table.pk}/result/", record, format="json")


@pytest.mark.parametrize("written", [HUGE_NUMBER, f"bid:{HUGE_NUMBER}", "²"])
def test_a_bid_written_as_a_huge_number_is_named_by_the_check(client_as, written):
    record = played_record(seats=SEATS_B)
    record["hands"][0]["bids"][1] = written
    client = client_as("anonymous")
    client.raise_request_exception = False
    response = client.post("/api/v1/records/check/", record, format="json")
    assert response.status_code == 200
    report = response.json()
    assert report["valid"] is False
    assert any(e["hand"] in (0, 1) and e["seat"] == 1 for e in report["errors"]), report


def test_a_bid_written_as_a_huge_number_is_refused_with_a_400_naming_it(client_as, table_b):
    record = played_record(seats=SEATS_B)
    record["hands"][0]["bids"][1] = HUGE_NUMBER
    client = client_as("token_b")
    client.raise_request_exception = False
    response = _submit(client, table_b, record)
    assert response.status_code == 400
    assert any(e["seat"] == 1 and e["field"] == "bids" for e in response.json()["errors"])
    assert not TableResult.objects.exists()


def test_an_engine_shape_bid_written_as_a_huge_number_is_named(client_as):
    record = played_record(seats=SEATS_B)
    hand = record["hands"][0]
    bids = [f"bid:{b}" for b in hand.pop("bids")]
    hand["events"] = [f"bid:{HUGE_NUMBER}", *bids[1:], *hand.pop("plays")]
    client = client_as("anonymous")
    client.raise_request_exception = False
    response = client.post("/api/v1/records/check/", record, format="json")
    assert response.status_code == 200
    assert response.json()["valid"] is False
