"""The API keeps an unpublished round from the public, as the night's page does: until an
organiser publishes it, its seating may still change."""

import pytest

from tests.factories import seated_table
from tournaments.models import EventStatus
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_b(club_b, players_b):
    """Club B's table in a round not yet published."""
    return seated_table(club_b, players_b, published=False)


def _listed(client, path, pk):
    response = client.get(path)
    assert response.status_code == 200
    return pk in {row["id"] for row in response.json()["results"]}


@pytest.mark.parametrize("persona", ["anonymous", "pat"])
def test_the_public_sees_no_unpublished_round_table_or_seat(client_as, table_b, persona):
    client = client_as(persona)
    rnd = table_b.round
    assert not rnd.published
    assert not _listed(client, "/api/v1/rounds/", rnd.pk)
    assert not _listed(client, "/api/v1/tables/", table_b.pk)
    assert not _listed(client, "/api/v1/seats/", table_b.seats.first().pk)
    assert client.get(f"/api/v1/tables/{table_b.pk}/").status_code == 404


def test_a_published_round_and_its_tables_are_public(client_as, table_b, bob):
    seating_services.round_set_published(rnd=table_b.round, user=bob, published=True)
    client = client_as("anonymous")
    assert _listed(client, "/api/v1/rounds/", table_b.round.pk)
    assert _listed(client, "/api/v1/tables/", table_b.pk)
    assert _listed(client, "/api/v1/seats/", table_b.seats.first().pk)


def test_every_round_of_a_closed_night_is_public(client_as, table_b):
    event = table_b.round.event
    event.status = EventStatus.CLOSED
    event.save(update_fields=["status"])
    assert _listed(client_as("anonymous"), "/api/v1/tables/", table_b.pk)


@pytest.mark.parametrize("persona", ["bob", "token_b"])
def test_the_clubs_organisers_and_its_token_see_unpublished_rounds(client_as, table_b,
                                                                    persona):
    client = client_as(persona)
    assert _listed(client, "/api/v1/rounds/", table_b.round.pk)
    assert _listed(client, "/api/v1/tables/", table_b.pk)
