"""Federations: one rating pool per game across the clubs that opt in, and who a player is there.

A federation is site-wide or a named group of clubs. A club opts in per game
(`FederationClub`); the federation's staff accept the request (a site-wide federation
accepts every club at once). A person who plays in several clubs may have one `Player`
row per club; only that person links them (`PlayerLink`, made through the claim flow),
so the federation rates them as one.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Club, Player


class Federation(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    site_wide = models.BooleanField(
        default=False,
        help_text=_("Every club may join at once; a named federation's staff accept each "
                    "club's request."))
    description = models.TextField(blank=True)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="federations_staffed",
        help_text=_("They accept and refuse clubs' requests to join."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class FederationState(models.TextChoices):
    REQUESTED = "requested", _("Requested")
    MEMBER = "member", _("Member")
    REFUSED = "refused", _("Refused")
    LEFT = "left", _("Left")


class FederationClub(models.Model):
    """One club's place in a federation for one game: requested, member, refused or left."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="clubs")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="federations")
    game = models.CharField(max_length=40)
    state = models.CharField(max_length=10, choices=FederationState.choices)
    requested_at = models.DateTimeField()
    joined_at = models.DateTimeField(null=True, blank=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["federation", "club", "game"]
        constraints = [models.UniqueConstraint(fields=["federation", "club", "game"],
                                               name="federation_club_game_unique")]

    def __str__(self) -> str:
        return f"{self.club} in {self.federation} ({self.game}, {self.state})"


class PlayerLink(models.Model):
    """``player`` (another club's row, never claimed) is the same person as ``person``.

    Made only by the person: logged in as the owner of ``person``, they opened ``player``'s
    claim link and confirmed "this is also me" (`league.services.federations.player_link`).
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="link")
    person = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="linked_players")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["person", "player"]

    def __str__(self) -> str:
        return f"{self.player} is {self.person}"
