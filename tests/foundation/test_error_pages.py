"""The 404 and 500 pages carry the site's look and a way back, not Django's bare text."""

import pytest
from django.test import Client


@pytest.fixture(autouse=True)
def _production_errors(settings):
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = False


@pytest.mark.django_db
def test_it_answers_an_unknown_page_with_the_branded_404(client):
    response = client.get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert 'class="site-header"' in html and "Back to the clubs" in html
    assert "Log in" in html  # private clubs' pages are 404s to visitors: offer the way in


@pytest.mark.django_db
def test_it_answers_a_server_error_with_the_branded_500(settings):
    settings.ROOT_URLCONF = "tests.foundation.failing_urls"
    response = Client(raise_request_exception=False).get("/fail/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in html and "css/site.css" in html
