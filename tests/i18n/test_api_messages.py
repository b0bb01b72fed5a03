"""API refusals speak the caller's language (Accept-Language), their field names and
codes unchanged: a client keys on those."""

import pytest

from tests.i18n import pseudo_locale

pytestmark = pytest.mark.django_db


def _post(api, url, data, **headers):
    return api.post(url, data, format="json", HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE,
                    **headers)


def test_a_service_refusal_comes_in_the_callers_language(in_pseudo_locale, client_as, alice):
    refused = _post(client_as("alice"), "/api/v1/clubs/", {"name": "!!!"})
    assert refused.status_code == 400 and refused["Content-Language"] == pseudo_locale.CODE
    assert refused.json()["slug"] == [pseudo_locale.pseudo(
        "A club needs a name with letters or digits.")]


def test_a_refused_header_comes_in_the_callers_language(in_pseudo_locale, client_as,
                                                        table_b):
    refused = _post(client_as("token_b"), f"/api/v1/tables/{table_b.pk}/result/", {},
                    HTTP_IDEMPOTENCY_KEY="k" * 256)
    assert refused.status_code == 400
    assert refused.json()["detail"] == pseudo_locale.pseudo(
        "Idempotency-Key is at most 255 characters.")


def test_a_refused_body_names_the_place_and_the_problem_in_the_callers_language(
        in_pseudo_locale, client_as):
    client = client_as("anonymous")
    body = '{"game": "bluke", "seats": ["Ann\\u0000"], "hands": []}'
    refused = client.generic("POST", "/api/v1/records/check/", body,
                             content_type="application/json",
                             HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
    assert refused.status_code == 400
    problem = pseudo_locale.pseudo("%(place)s: the text holds %(problem)s") % {
        "place": "seats[0]", "problem": pseudo_locale.pseudo("a NUL character")}
    assert refused.json()["detail"] == pseudo_locale.pseudo(
        "Refused request body: %(problem)s.") % {"problem": problem}
