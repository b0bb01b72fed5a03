"""Forms for a person's own login: logging in (throttled, on the site and the admin),
signing up to claim a player, sending a claim link."""

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.services.logins import login_failed, login_succeeded, login_wait, wait_message


class ThrottledLoginMixin:
    """Refuses every attempt while the account or the address must wait, without checking
    the password, and counts each failure (`league.services.logins`)."""

    def clean(self):
        username = str(self.data.get("username") or "")
        wait = login_wait(request=self.request, username=username)
        if wait:
            raise ValidationError(wait_message(wait), code="throttled")
        try:
            data = super().clean()
        except ValidationError:
            login_failed(request=self.request, username=username)
            raise
        if self.user_cache is not None:  # not when a field was left empty
            login_succeeded(request=self.request, username=username)
        return data


class LoginForm(ThrottledLoginMixin, AuthenticationForm):
    pass


class AdminLoginForm(ThrottledLoginMixin, AdminAuthenticationForm):
    pass


class ClaimSignupForm(UserCreationForm):
    """A new login for the player being claimed; the e-mail is where password resets go."""

    email = forms.EmailField(help_text=_("Used only to reset your password."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class ClaimLinkEmailForm(forms.Form):
    email = forms.EmailField(label=_("Send the link to"))
