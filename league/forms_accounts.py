"""Forms for a person's own login: signing up to claim a player, sending a claim link."""

from django import forms
from django.contrib.auth.forms import UserCreationForm


class ClaimSignupForm(UserCreationForm):
    """A new login for the player being claimed; the e-mail is where password resets go."""

    email = forms.EmailField(help_text="Used only to reset your password.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class ClaimLinkEmailForm(forms.Form):
    email = forms.EmailField(label="Send the link to")
