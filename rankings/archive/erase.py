"""Erasing a player: every trace of the person goes, every result they played stays.

The player row stays (standings, ratings, statistics and the other players' head-to-head
point at it) under a neutral name; the login behind it is deleted. The name, the login and
the e-mail address are then looked for wherever the site keeps text a person wrote or a
result carried: the records' seat labels, results waiting for confirmation, the audit
trail, webhook events, queued mail, stored API answers and the admin's log. The numbers do
not change, so the standings and ratings stay what they were, with no recompute.
"""

from __future__ import annotations

import re

from django.contrib.admin.models import LogEntry
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.models import (
    AuditEntry,
    Club,
    IdempotencyRecord,
    Membership,
    NoticeOptOut,
    PasswordResetRequest,
    Player,
    PushSubscription,
    QueuedMail,
    WebhookEvent,
)
from league.models.clubs import Role
from league.models.push import PushMessage
from league.page_cache import bump_club_versions
from league.permissions import SYSTEM
from league.services.audit import audit_record
from rankings.models import PlayerGameStat, RatingHistory
from rankings.services.ratings.duplicate import night_digest
from tournaments.models import CalendarLink, PendingResult, Seat, TableResult
from tournaments.services.records import record_hash

MIN_LENGTH = 2  # a one-letter name would blank every "a" in the trail


def erased_name(player: Player) -> str:
    """The neutral name an erased player keeps: the same for the same player, nothing else."""
    return f"Erased player {player.uid.hex[:8]}"


def may_erase(*, player: Player, user) -> bool:
    """The player themselves, a site administrator, or trusted code (the command)."""
    if user is SYSTEM:
        return True
    if getattr(user, "is_active", False) and getattr(user, "is_superuser", False):
        return True
    return bool(getattr(user, "is_authenticated", False) and player.user_id == user.pk)


def player_erase_check(*, player: Player, user) -> None:
    """Refuse (PermissionDenied, ValidationError) what `player_erase` would refuse."""
    if not may_erase(player=player, user=user):
        raise PermissionDenied(_("Only the player or a site administrator may erase a "
                                 "player's data."))
    for membership in Membership.objects.filter(player=player, role=Role.OWNER):
        others = Membership.objects.filter(club_id=membership.club_id, role=Role.OWNER)
        if not others.exclude(player=player).exists():
            raise ValidationError({"player": _(
                "%(club)s has no other owner: make another member owner first, or the club "
                "would be left without anyone to run it.") % {"club": membership.club}})


@transaction.atomic
def player_erase(*, player: Player, user, reason: str = "") -> Player:
    """Anonymise `player` everywhere; returns the player under the neutral name."""
    player = Player.objects.select_for_update(of=("self",)).select_related("user").get(
        pk=player.pk)
    player_erase_check(player=player, user=user)
    label = erased_name(player)
    account = player.user
    scrub = _scrubber(_identifiers(player, account), label)
    club_ids = _clubs_of(player)
    _relabel_records(player, label)
    _scrub_pending(player, label, scrub)
    _scrub_trail(club_ids, account, scrub)
    _forget_mail(account, scrub)
    _scrub_stored_answers(scrub)
    CalendarLink.objects.filter(player=player).delete()
    NoticeOptOut.objects.filter(player=player).delete()
    PushMessage.objects.filter(player=player).delete()  # notices' texts about them
    PushSubscription.objects.filter(player=player).delete()  # a browser's address and keys
    # The person's links between their clubs' players stay (the federation's ratings are
    # kept, under the neutral name); their consent to be listed goes with them.
    Player.objects.filter(pk=player.pk).update(display_name=label, language="", user=None,
                                               federation_opt_in=False)
    # Erasing oneself: the trail names the erased player, not the login about to go.
    actor = {"subject": None, "actor_name": label} if (
        account is not None and getattr(user, "pk", None) == account.pk) else {"subject": user}
    if account is not None:
        account.delete()  # the login, its password and its sessions' owner
    player.refresh_from_db()  # the trail names it as it is now
    for club in Club.objects.filter(pk__in=club_ids):
        audit_record(club=club, action="player.erase", target=player,
                     **actor,
                     after={"player": player.pk, "name": label}, reason=scrub(reason))
    transaction.on_commit(lambda: bump_club_versions(club_ids))  # cached pages show names
    return player


def _identifiers(player: Player, account) -> list[str]:
    names = [player.display_name]
    if account is not None:
        names += [account.get_username(), account.email, account.first_name,
                  account.last_name, f"{account.first_name} {account.last_name}"]
    names = {name.strip() for name in names if name and len(name.strip()) >= MIN_LENGTH}
    return sorted(names, key=len, reverse=True)  # "Ann Lee" before "Ann"


def _scrubber(identifiers: list[str], label: str):
    """A function that replaces each identifier standing as a word, in any JSON value."""
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in identifiers),
                         re.IGNORECASE) if identifiers else None

    def scrub(value):
        if pattern is None:
            return value
        if isinstance(value, str):
            return pattern.sub(label, value)
        if isinstance(value, list):
            return [scrub(item) for item in value]
        if isinstance(value, dict):
            return {scrub(key): scrub(item) for key, item in value.items()}
        return value

    return scrub


def _clubs_of(player: Player) -> set[int]:
    clubs = set(Membership.objects.filter(player=player).values_list("club_id", flat=True))
    return clubs | set(Seat.objects.filter(player=player).values_list(
        "table__round__event__club_id", flat=True))


def _relabel_records(player: Player, label: str) -> None:
    """The seat label a record gave the player, whatever it was (a nickname too), becomes the
    neutral name; the record's hash follows in the rows that keep it, so nothing is re-rated."""
    seats = Seat.objects.filter(player=player, table__result__isnull=False)
    for table_id, position in seats.values_list("table_id", "position"):
        game = TableResult.objects.select_related("table__round").get(table_id=table_id)
        record = dict(game.record)
        labels = list(record.get("seats") or [])
        if position >= len(labels) or labels[position] == label:
            continue
        labels[position] = label
        record["seats"] = labels
        digest = record_hash(record)
        night = game.table.round.event_id
        night_before = night_digest(night)
        TableResult.objects.filter(pk=game.pk).update(record=record, record_hash=digest)
        RatingHistory.objects.filter(game=game, record_hash=game.record_hash).update(
            record_hash=digest)
        # a duplicate night is rated as one game under a digest of all its tables
        RatingHistory.objects.filter(game__table__round__event_id=night,
                                     record_hash=night_before).update(
            record_hash=night_digest(night))
        PlayerGameStat.objects.filter(game=game, record_hash=game.record_hash).update(
            record_hash=digest)


def _scrub_pending(player: Player, label: str, scrub) -> None:
    tables = Seat.objects.filter(player=player).values("table_id")
    for pending in PendingResult.objects.filter(table_id__in=tables):
        record = scrub(pending.record)
        disputed = scrub(pending.disputed_record)
        PendingResult.objects.filter(pk=pending.pk).update(
            record=record, record_hash=record_hash(record), disputed_record=disputed,
            dispute_reason=scrub(pending.dispute_reason))


def _scrub_trail(club_ids: set[int], account, scrub) -> None:
    entries = AuditEntry.objects.filter(Q(club_id__in=club_ids) | Q(club__isnull=True))
    if account is not None:
        entries = entries | AuditEntry.objects.filter(actor=account)
    for entry in entries.iterator(chunk_size=500):
        _update_changed(entry, ["actor_name", "target_name", "before", "after", "reason"], scrub)
    for event in WebhookEvent.objects.filter(club_id__in=club_ids).iterator(chunk_size=500):
        _update_changed(event, ["data", "text"], scrub)
    for entry in LogEntry.objects.iterator(chunk_size=500):
        _update_changed(entry, ["object_repr", "change_message"], scrub)


def _forget_mail(account, scrub) -> None:
    if account is not None:
        QueuedMail.objects.filter(Q(account=account) | Q(to__iexact=account.email or "-")
                                  ).delete()
        if account.email:
            PasswordResetRequest.objects.filter(email__iexact=account.email).delete()
    for mail in QueuedMail.objects.iterator(chunk_size=500):  # mails that name them to others
        _update_changed(mail, ["subject", "body", "headers"], scrub)


def _scrub_stored_answers(scrub) -> None:
    """Replayed API answers (idempotency keys) may list the player's name."""
    for record in IdempotencyRecord.objects.filter(response_body__isnull=False).iterator(chunk_size=500):
        _update_changed(record, ["response_body"], scrub)


def _update_changed(row, fields: list[str], scrub) -> None:
    changed = {name: scrub(getattr(row, name)) for name in fields}
    changed = {name: value for name, value in changed.items() if value != getattr(row, name)}
    if changed:
        type(row).objects.filter(pk=row.pk).update(**changed)
