"""Claiming a player profile: the organiser's claim link, and the page the link opens."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from league.forms_accounts import ClaimLinkEmailForm, ClaimSignupForm
from league.models import Player
from league.services.claims import (
    NotTheirPlayer,
    claim_link_mail,
    claim_public_clubs,
    claim_token,
    player_claim,
    player_claim_with_new_login,
    player_from_claim_token,
)
from league.services.federations import player_link


@login_required
def player_claim_link(request, pk):
    """Organisers: the player's claim link, to copy or to send by e-mail."""
    player = get_object_or_404(Player, pk=pk)
    try:
        token = claim_token(player, issuer=request.user)
    except NotTheirPlayer:
        raise Http404(_("No such player in your clubs.")) from None
    except ValidationError:
        raise Http404(_("This player cannot be claimed.")) from None
    except PermissionDenied as refusal:
        return render(request, "registration/claim_link.html",
                      {"player": player, "refusal": str(refusal)}, status=403)
    link = request.build_absolute_uri(reverse("claim", args=[token]))
    form = ClaimLinkEmailForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        try:
            claim_link_mail(player=player, link=link, to=address, sender=request.user)
        except ValidationError as error:
            form.add_error("email", error.messages)
        else:
            messages.success(request, _("The claim link for %(player)s is on its way to "
                                        "%(address)s.") % {"player": player, "address": address})
            return redirect("claim-link", pk=player.pk)
    return render(request, "registration/claim_link.html",
                  {"player": player, "link": link, "form": form})


def claim(request, token):
    """The page a claim link opens: sign up, or confirm with the login you have."""
    try:
        player = player_from_claim_token(token)
    except ValidationError as error:
        return render(request, "registration/claim.html", {"problem": " ".join(error.messages)},
                      status=400)
    if request.user.is_authenticated:
        return _claim_as_logged_in(request, token, player)
    form = ClaimSignupForm(request.POST or None)
    problem = None
    if request.method == "POST" and form.is_valid():
        try:
            user = player_claim_with_new_login(
                token=token, username=form.cleaned_data["username"],
                email=form.cleaned_data["email"], password=form.cleaned_data["password1"])
        except ValidationError as error:
            problem = " ".join(error.messages)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(player)s: the profile is yours.")
                             % {"player": player})
            return redirect("tournaments:my-nights")
    return _claim_page(request, player, form=form, problem=problem)


def _claim_as_logged_in(request, token, player):
    problem = None
    person = Player.objects.filter(user=request.user).first()
    if person is not None:
        return _link_as_person(request, token, player, person)
    if request.method == "POST":
        try:
            player_claim(token=token, user=request.user)
        except ValidationError as error:
            problem = " ".join(error.messages)
        else:
            messages.success(request, _("%(player)s is now your player profile.")
                             % {"player": player})
            return redirect("tournaments:my-nights")
    return _claim_page(request, player, problem=problem)


def _link_as_person(request, token, player, person):
    """A login that has its player already: "this is also me" links the other club's row."""
    problem = None
    if request.method == "POST":
        try:
            player_link(token=token, user=request.user)
        except ValidationError as error:
            problem = " ".join(error.messages)
        else:
            messages.success(request, _("%(player)s is now linked to you: federations rate "
                                        "you as one player.") % {"player": player})
            return redirect("my-federation")
    return _claim_page(request, player, problem=problem, person=person)


def _claim_page(request, player, *, form=None, problem=None, person=None):
    context = {"player": player, "clubs": claim_public_clubs(player), "form": form,
               "problem": problem, "person": person}
    return render(request, "registration/claim.html", context, status=400 if problem else 200)
