"""The organiser's members page: add a member by name, change roles, remove a member.

Adding goes through `newcomer_add`, roles through `membership_set_role` and removal through
`membership_remove`, whose shared guard decides who may hand out or take which role (owners
alone give or take owner and organiser, and a club keeps an owner)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import access, permissions
from league.forms import MemberAddForm, RoleForm
from league.models import Club, Membership, Role
from league.services.clubs import membership_remove, membership_set_role, roles_to_give
from league.services.newcomers import newcomer_add


def _club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    return club


@login_required
def club_members(request, slug):
    club = _club(request, slug)
    roles = roles_to_give(user=request.user, club=club)
    form = MemberAddForm(request.POST or None, roles=roles)
    if request.method == "POST" and form.is_valid():
        try:
            membership = newcomer_add(club=club, user=request.user, **form.cleaned_data)
        except ValidationError as refused:
            for field, msgs in refused.message_dict.items():
                for message in msgs:
                    form.add_error(field if field in form.fields else None, message)
        except PermissionDenied as refused:
            form.add_error("role", str(refused))
        else:
            messages.success(request, _("%(player)s joined %(club)s as %(role)s.") % {
                "player": membership.player, "club": club,
                "role": membership.get_role_display().lower()})
            return redirect("organiser:club-members", slug=club.slug)
    members = Membership.objects.filter(club=club).select_related("player").order_by(
        "player__display_name", "pk")
    # A member whose role the organiser may not change shows it as text, not a select.
    rows = [(m, RoleForm(initial={"role": m.role}, prefix=f"m{m.pk}", roles=roles,
                         member=m.player.display_name) if m.role in roles else None)
            for m in members]
    return render(request, "league/club_members.html", {
        "club": club, "form": form, "rows": rows,
        "is_owner": permissions.can(request.user, permissions.OWN, club)})


def _member(club: Club, membership: int) -> Membership:
    return get_object_or_404(Membership.objects.select_related("player"), pk=membership,
                             club=club)


def _why(refused: PermissionDenied | ValidationError) -> str:
    """A service's refusal as one sentence for a message."""
    return " ".join(refused.messages) if isinstance(refused, ValidationError) else str(refused)


@login_required
@require_POST
def member_role(request, slug, membership):
    club = _club(request, slug)
    member = _member(club, membership)
    form = RoleForm(request.POST, prefix=f"m{member.pk}",
                    roles=roles_to_give(user=request.user, club=club))
    if not form.is_valid():
        messages.error(request, _("Role for %(player)s: choose one of the listed roles.")
                       % {"player": member.player})
        return redirect("organiser:club-members", slug=club.slug)
    try:
        membership_set_role(membership=member, role=form.cleaned_data["role"],
                            user=request.user)
    except (PermissionDenied, ValidationError) as refused:
        messages.error(request, _("Role for %(player)s: %(why)s")
                       % {"player": member.player, "why": _why(refused)})
    else:
        role = Role(form.cleaned_data["role"]).label.lower()
        messages.success(request, _("%(player)s is now %(role)s of %(club)s.")
                         % {"player": member.player, "role": role, "club": club})
    return redirect("organiser:club-members", slug=club.slug)


@login_required
@require_POST
def member_remove(request, slug, membership):
    """Take a member out of the club; their games, results and ratings stay."""
    club = _club(request, slug)
    member = _member(club, membership)
    if request.POST.get("confirm_removal") != "yes":
        messages.error(request, _("%(player)s was not removed: tick the box to confirm.")
                       % {"player": member.player})
        return redirect("organiser:club-members", slug=club.slug)
    try:
        membership_remove(membership=member, user=request.user)
    except (PermissionDenied, ValidationError) as refused:
        messages.error(request, _("%(player)s was not removed: %(why)s")
                       % {"player": member.player, "why": _why(refused)})
    else:
        messages.success(request, _("%(player)s is no longer a member of %(club)s; their games "
                                    "stay in the records.") % {"player": member.player,
                                                               "club": club})
    return redirect("organiser:club-members", slug=club.slug)
