"""The OpenAPI schema documents every endpoint's refusals with their bodies, and the bodies
the API really answers with fit what it documents (a client generated from the schema reads
them)."""

import jsonschema
import pytest

from league.permissions import SYSTEM
from rankings.archive.export import club_export

pytestmark = pytest.mark.django_db
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture
def schema(client_as):
    return client_as("anonymous").get("/api/schema/?format=json").json()


def _operations(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_documents_its_refusals_with_a_body(schema):
    for name, operation in _operations(schema):
        refusals = {code: answer for code, answer in operation["responses"].items()
                    if code.startswith("4")}
        assert {"401", "404"} <= set(refusals) or {"400", "404"} <= set(refusals), name
        for code, answer in refusals.items():
            assert "application/json" in answer.get("content", {}), (name, code)


def _documented(schema, path, method, code):
    body = schema["paths"][path][method]["responses"][str(code)]["content"]["application/json"]
    found = body["schema"]
    if "$ref" in found:
        found = schema["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]]
    return found


REFUSALS = [
    # (documented path, method, url, body, status)
    ("/api/v1/clubs/import/", "post", "/api/v1/clubs/import/",
     {"archive": "everything", "slug": "a b"}, 400),
    ("/api/v1/clubs/import/", "post", "/api/v1/clubs/import/", b"{", 400),
    ("/api/v1/clubs/import/{id}/", "get", "/api/v1/clubs/import/not-an-id/", None, 404),
    ("/api/v1/events/{id}/boards/", "get", "/api/v1/events/abc/boards/", None, 404),
    ("/api/v1/clubs/", "post", "/api/v1/clubs/", {"name": ["x"]}, 400),
    ("/api/v1/events/", "post", "/api/v1/events/", {"club": "x", "date": 3}, 400),
]


@pytest.mark.parametrize(("path", "method", "url", "body", "status"), REFUSALS)
def test_a_refusal_fits_its_documented_body(schema, club_a, alice, client_as, path, method,
                                            url, body, status):
    client = client_as("alice")
    if isinstance(body, bytes):
        answer = client.post(url, body, content_type="application/json")
    elif method == "post":
        answer = client.post(url, body, format="json")
    else:
        answer = client.get(url)
    assert answer.status_code == status, answer.content[:300]
    jsonschema.validate(answer.json(), _documented(schema, path, method, status))


def test_an_accepted_import_fits_its_documented_body(schema, club_b, bob, client_as,
                                                     django_capture_on_commit_callbacks):
    archive = club_export(club=club_b, user=SYSTEM)
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_as("bob").post("/api/v1/clubs/import/",
                                       {"archive": archive, "slug": "copy"}, format="json")
    assert answer.status_code == 202
    documented = _documented(schema, "/api/v1/clubs/import/", "post", 202)
    assert set(answer.json()) == set(documented["properties"])
    status = client_as("bob").get(answer.json()["status_url"]).json()
    documented = schema["components"]["schemas"]["ImportStatus"]
    assert set(documented["required"]) <= set(status)


def test_a_path_no_route_matches_answers_json_under_the_api_and_a_page_elsewhere(
        alice, client_as):
    client = client_as("alice")
    api = client.get("/api/v1/no-such-thing/")
    assert api.status_code == 404 and api.json() == {"detail": "Not found."}
    page = client.get("/events/abc/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
