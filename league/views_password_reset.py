"""The password reset page: the form is Django's, the work is the worker's.

A valid address is noted (`password_reset_request`) and the page moves on to "check your
mail" at once, whether the address has logins or not.
"""

from django.contrib.auth import views as auth_views
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpResponseRedirect

from league.services.password_resets import password_reset_request


class PasswordResetView(auth_views.PasswordResetView):
    def form_valid(self, form):
        password_reset_request(email=form.cleaned_data["email"],
                               domain=get_current_site(self.request).domain,
                               use_https=self.request.is_secure())
        return HttpResponseRedirect(self.get_success_url())
