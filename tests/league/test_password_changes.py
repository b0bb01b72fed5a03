"""Passwords (issue 25, point 7): 12 characters at least (ASVS 2.1.1), and a mail to the
owner when one changes, whichever door it came through (ASVS 2.2.3)."""

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from league.forms_accounts import ClaimSignupForm
from league.models import MailKind, QueuedMail
from league.services.logins import login_failed, login_wait
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def rita():
    user = UserFactory(username="rita", email="rita@example.org")
    user.set_password("old-pass-phrase-1")
    user.save()
    return user


def _notices(user):
    return QueuedMail.objects.filter(kind=MailKind.PASSWORD_CHANGED, account=user)


def _signup(password):
    return ClaimSignupForm({"username": "newcomer", "email": "n@example.org",
                            "password1": password, "password2": password})


def test_a_password_of_11_characters_is_refused_and_one_of_12_accepted():
    short = _signup("kq7-vmz-pw3")
    assert not short.is_valid()
    assert "at least 12 characters" in " ".join(short.errors["password2"])
    assert _signup("kq7-vmz-pw3x").is_valid()
    with pytest.raises(ValidationError):
        validate_password("elevenchars")


def test_a_changed_password_queues_a_mail_to_the_owner(rita, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        rita.set_password("new-pass-phrase-2")
        rita.save()
    notice = _notices(rita).get()
    assert notice.to == "rita@example.org"
    assert "was changed" in notice.subject and "/accounts/password-reset/" in notice.body


def test_a_password_changed_in_the_admin_queues_the_mail(client, rita, admin_user, settings):
    settings.SECURE_SSL_REDIRECT = False
    client.force_login(admin_user)
    response = client.post(f"/admin/auth/user/{rita.pk}/password/",
                           {"password1": "admin-set-phrase-3", "password2": "admin-set-phrase-3",
                            "usable_password": "true"})
    assert response.status_code == 302
    assert _notices(rita).count() == 1


def test_a_new_login_or_another_edit_sends_no_such_mail(rita):
    newcomer = UserFactory(username="nia", email="nia@example.org")
    newcomer.set_password("first-pass-phrase")
    newcomer.save()
    rita.first_name = "Rita"
    rita.save()
    assert not QueuedMail.objects.filter(kind=MailKind.PASSWORD_CHANGED).exists()


def test_a_login_without_an_address_changes_its_password_without_a_mail():
    user = UserFactory(username="quiet", email="")
    user.set_password("quiet-pass-phrase")
    user.save()
    assert not QueuedMail.objects.exists()


def test_a_password_change_forgets_the_accounts_failed_logins(
        rita, django_capture_on_commit_callbacks):
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="10.0.0.1")
    for _ in range(10):
        login_failed(request=request, username="rita")
    assert login_wait(request=request, username="rita") > 0
    with django_capture_on_commit_callbacks(execute=True):
        rita.set_password("new-pass-phrase-2")
        rita.save()
    assert login_wait(request=request, username="rita") == 0
