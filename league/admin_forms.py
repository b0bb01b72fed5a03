"""Admin forms for memberships: the membership service's checks, shown on the form.

The admin saves through `membership_add`, `membership_set_role` and `membership_remove`
(see `league.admin`); these forms run the same guard (`membership_check_change`) first, so
a refusal is a form error rather than a failed save.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext as _

from league.models import Membership, Role
from league.services.clubs import membership_check_change


def _refusal(refused: Exception) -> ValidationError:
    if isinstance(refused, PermissionDenied):
        return ValidationError(str(refused))
    return refused


class MembershipForm(forms.ModelForm):
    """A member's role (and, when adding, club and player), checked for the admin's user.

    Who a membership is about never changes: an existing row's club and player are fixed.
    """

    user = None  # set per request by the admin (`with_user`)
    owners_checked_by_formset = False

    class Meta:
        model = Membership
        fields = ["club", "player", "role"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            for name in ("club", "player"):
                if name in self.fields:
                    self.fields[name].disabled = True

    def clean(self):
        data = super().clean()
        if self.errors or not self.has_changed():
            return data
        club = data.get("club") or self.instance.club
        old = None if self.instance._state.adding else self.instance.role
        # Without the membership the guard skips its last-owner test (see the formset).
        alone = old is not None and not self.owners_checked_by_formset
        try:
            membership_check_change(user=self.user, club=club, old=old, new=data.get("role"),
                                    membership=self.instance if alone else None)
        except (PermissionDenied, ValidationError) as refused:
            raise _refusal(refused) from refused
        return data


class MembershipInlineForm(MembershipForm):
    # A club page's save may hand ownership over (promote one, demote another): whether an
    # owner is left is decided on the whole formset, not row by row.
    owners_checked_by_formset = True


class MembershipFormSet(BaseInlineFormSet):
    """A club's members on its page: removals are checked here (Django skips the clean of a
    form marked for deletion), and the club must come out of the save with an owner."""

    def clean(self):
        super().clean()
        user = self.form.user
        final_roles = []
        for form in self.forms:
            if not form.has_changed() and form.instance._state.adding:
                continue
            if self._should_delete_form(form):
                if form.instance.pk:
                    try:
                        membership_check_change(user=user, club=self.instance,
                                                old=form.instance.role, new=None)
                    except (PermissionDenied, ValidationError) as refused:
                        raise _refusal(refused) from refused
                continue
            final_roles.append(form.cleaned_data.get("role", form.instance.role))
        had_owner = self.instance.pk and self.instance.memberships.filter(
            role=Role.OWNER).exists()
        if had_owner and Role.OWNER not in final_roles:
            raise ValidationError(_("%(club)s keeps at least one owner: make another member "
                                    "owner before removing or demoting the last one.") % {
                "club": self.instance})


def with_user(form_class, user):
    """The form class bound to the request's user, for the checks in `clean()`."""
    return type(form_class.__name__, (form_class,), {"user": user})
