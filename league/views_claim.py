"""Claiming a player profile: the organiser's claim link, and the page the link opens."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from league import permissions
from league.forms_accounts import ClaimLinkEmailForm, ClaimSignupForm
from league.models import Club, Player
from league.services.claims import (
    claim_token,
    player_claim,
    player_claim_with_new_login,
    player_from_claim_token,
)


def _managed_player(user, pk) -> Player:
    """The player, if `user` organises one of the player's clubs."""
    player = get_object_or_404(Player, pk=pk)
    clubs = Club.objects.filter(memberships__player=player)
    if not any(permissions.can(user, permissions.MANAGE, club) for club in clubs):
        raise Http404("No such player in your clubs.")
    return player


@login_required
def player_claim_link(request, pk):
    """Organisers: the player's claim link, to copy or to send by e-mail."""
    player = _managed_player(request.user, pk)
    if player.user_id is not None or player.is_bot:
        raise Http404("This player cannot be claimed.")
    link = request.build_absolute_uri(reverse("claim", args=[claim_token(player)]))
    form = ClaimLinkEmailForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        send_mail(f"Your player profile {player}", _claim_mail(player, link),
                  None, [form.cleaned_data["email"]])
        messages.success(request, f"Claim link for {player} sent to {form.cleaned_data['email']}.")
        return redirect("claim-link", pk=player.pk)
    return render(request, "registration/claim_link.html",
                  {"player": player, "link": link, "form": form})


def _claim_mail(player, link) -> str:
    return (f"Hello {player},\n\nYour club keeps your results as the player {player}. "
            f"Open this link to sign up (or log in) and make that profile yours:\n\n{link}\n\n"
            "The link works once and expires in two weeks.\n")


def claim(request, token):
    """The page a claim link opens: sign up, or confirm with the login you have."""
    try:
        player = player_from_claim_token(token)
    except ValidationError as error:
        return render(request, "registration/claim.html", {"problem": " ".join(error.messages)},
                      status=400)
    if request.user.is_authenticated:
        return _claim_as_logged_in(request, player)
    form = ClaimSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = player_claim_with_new_login(
            player=player, username=form.cleaned_data["username"],
            email=form.cleaned_data["email"], password=form.cleaned_data["password1"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {player}: the profile is yours.")
        return redirect("tournaments:my-nights")
    return render(request, "registration/claim.html", {"player": player, "form": form})


def _claim_as_logged_in(request, player):
    problem = None
    if request.method == "POST":
        try:
            player_claim(player=player, user=request.user)
        except (ValidationError, PermissionDenied) as error:
            problem = " ".join(getattr(error, "messages", [str(error)]))
        else:
            messages.success(request, f"{player} is now your player profile.")
            return redirect("tournaments:my-nights")
    return render(request, "registration/claim.html", {"player": player, "problem": problem},
                  status=400 if problem else 200)
