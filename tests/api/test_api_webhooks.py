"""`/api/v1/clubs/{id}/webhooks/`: the permission matrix, the schema's event enum, input errors.

Club A is private (alice organises, sam keeps score, pat plays); club B is public (bob
organises, token_b is its API token)."""

import pytest

from league.models import Webhook
from tests.factories import row_counts

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "anonymous"]
SECRET = "a-long-shared-secret-42"


@pytest.fixture
def hooks(club_a, club_b, alice, bob, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    return {"a": Webhook.objects.create(club=club_a, url="http://127.0.0.1:9/a", secret=SECRET,
                                        events=["*"]),
            "b": Webhook.objects.create(club=club_b, url="http://127.0.0.1:9/b", secret=SECRET,
                                        events=["night.closed"])}


def _body(**changes):
    return {"url": "http://127.0.0.1:9/new", "secret": SECRET, "events": ["result.stored"]} \
        | changes


LIST = {"a": {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
              "anonymous": 404},
        "b": {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 200,
              "anonymous": 403}}
CREATE = {"a": {"alice": 201, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
                "anonymous": 401},
          "b": {"alice": 403, "sam": 403, "pat": 403, "bob": 201, "token_b": 201,
                "anonymous": 401}}
DELETE = {"a": {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
                "anonymous": 401},
          "b": {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 200,
                "anonymous": 401}}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("club", ["a", "b"])
def test_only_the_clubs_organisers_and_token_see_its_hooks(client_as, hooks, persona, club):
    hook = hooks[club]
    response = client_as(persona).get(f"/api/v1/clubs/{hook.club_id}/webhooks/")
    assert response.status_code == LIST[club][persona]
    if response.status_code == 200:
        assert [row["url"] for row in response.json()] == [hook.url]
        assert "secret" not in response.json()[0]
    detail = client_as(persona).get(f"/api/v1/clubs/{hook.club_id}/webhooks/{hook.pk}/")
    assert detail.status_code == LIST[club][persona]


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("club", ["a", "b"])
def test_only_the_clubs_organisers_and_token_register_hooks(client_as, hooks, persona, club):
    client = client_as(persona)
    before = row_counts()
    response = client.post(f"/api/v1/clubs/{hooks[club].club_id}/webhooks/",
                                       _body(), format="json")
    assert response.status_code == CREATE[club][persona], response.content
    if response.status_code == 201:
        assert response.json()["events"] == ["result.stored"]
        assert "secret" not in response.json()
    else:
        assert row_counts() == before


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("club", ["a", "b"])
def test_only_the_clubs_organisers_and_token_remove_hooks(client_as, hooks, persona, club):
    hook = hooks[club]
    response = client_as(persona).delete(f"/api/v1/clubs/{hook.club_id}/webhooks/{hook.pk}/")
    assert response.status_code == DELETE[club][persona]
    assert Webhook.objects.filter(pk=hook.pk).exists() == (response.status_code != 200)


def test_a_hook_of_club_a_is_not_found_under_club_b(client_as, hooks):
    response = client_as("bob").delete(f"/api/v1/clubs/{hooks['b'].club_id}/webhooks/"
                                       f"{hooks['a'].pk}/")
    assert response.status_code == 404
    assert Webhook.objects.filter(pk=hooks["a"].pk).exists()


@pytest.mark.parametrize("changes, field", [
    ({"events": ["result.lost"]}, "events"), ({"events": []}, "events"),
    ({"secret": "short"}, "secret"), ({"url": "http://10.0.0.7/hook"}, "url"),
    ({"url": "not a url"}, "url")])
def test_bad_input_is_refused_naming_the_field(client_as, hooks, settings, changes, field):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = False
    response = client_as("bob").post(f"/api/v1/clubs/{hooks['b'].club_id}/webhooks/",
                                     _body(**changes), format="json")
    assert response.status_code == 400
    assert field in response.json()


def test_the_schema_lists_the_event_types_as_an_enum(client):
    schema = client.get("/api/schema/", {"format": "json"},
                        HTTP_X_FORWARDED_PROTO="https").json()
    post = schema["paths"]["/api/v1/clubs/{id}/webhooks/"]["post"]
    ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
    items = schema["components"]["schemas"][ref]["properties"]["events"]["items"]
    if "$ref" in items:
        items = schema["components"]["schemas"][items["$ref"].split("/")[-1]]
    assert set(items["enum"]) == {"*", "result.stored", "result.corrected", "result.removed",
                                  "seating.published", "night.closed", "night.created",
                                  "season.created"}
