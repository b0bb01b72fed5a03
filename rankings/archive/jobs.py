"""A club archive imported in the background: queued by the API, run by a Celery task.

`club_import_request` checks everything that can be checked without writing (the schema,
the references, the address) and queues the import; `club_import_run` (the task's one
call) runs `club_import`, all of it in one transaction with the import's own record, so an
import either leaves a whole club and a "done" record or nothing but a "failed" one.

Sending the same request again is harmless: while an import of the same archive, address
and name by the same person is pending or has made its club, that import is the answer.
A redelivered task, or two workers given the same import, run it once: a worker claims
it with a conditional update, and only the claim that is still current may finish it.
A worker that died mid-import leaves a claim that runs out after `STALE` (its transaction
was rolled back with it); `club_imports_resume` queues such imports again.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import uuid

from celery import states
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from rankings.archive.importing import club_import, club_import_check, import_slug, results_in
from rankings.models import ClubImport, ImportState

log = logging.getLogger(__name__)

# Longer than any import's run (a result takes about 0.1 s to check and store): a running
# import older than this belongs to a worker that died.
STALE = datetime.timedelta(hours=2)
# Queued this long without a worker taking it: its message was lost (broker down).
UNCLAIMED = datetime.timedelta(minutes=5)
PROGRESS_STEPS = 100  # progress is written about this many times per import

CELERY_STATE = {ImportState.QUEUED: states.PENDING, ImportState.RUNNING: states.STARTED,
                ImportState.DONE: states.SUCCESS, ImportState.FAILED: states.FAILURE}


def _digest(archive: dict, slug: str, name: str) -> str:
    text = json.dumps([archive, slug, name], sort_keys=True, separators=(",", ":"),
                      default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _same_request(user, digest: str) -> ClubImport | None:
    """The import this request already started: pending, or done with its club still here."""
    return ClubImport.objects.filter(user=user, digest=digest).filter(
        Q(state__in=[ImportState.QUEUED, ImportState.RUNNING])
        | Q(state=ImportState.DONE, club__isnull=False)).first()


def club_import_request(*, archive, user, slug: str = "", name: str = "") -> ClubImport:
    """Check `archive` and queue its import into a new club that `user` will own.

    Raises ValidationError naming the places (nothing is queued then) or PermissionDenied.
    """
    part = club_import_check(archive=archive, user=user)
    digest = _digest(archive, slug, name)
    if (known := _same_request(user, digest)) is not None:
        return known
    slug = import_slug(part, slug)
    try:
        with transaction.atomic():
            job = ClubImport.objects.create(
                id=uuid.uuid4(), user=user, digest=digest, slug=slug, name=name,
                archive=archive, total=results_in(part))
    except IntegrityError:
        # Another request holds the address: the same one sent twice at once, or another.
        if (known := _same_request(user, digest)) is not None:
            return known
        raise ValidationError({"slug": _("The address %(slug)r is being imported already: "
                                         "choose another.") % {"slug": slug}}) from None
    _queue(job)
    return job


def _queue(job: ClubImport) -> None:
    from rankings.tasks import import_club

    transaction.on_commit(lambda: import_club.apply_async((str(job.pk),), task_id=str(job.pk)))


# --- the task's work -------------------------------------------------------------------------


def _claim(import_id) -> ClubImport | None:
    """This worker's claim on the import (None: done, failed, or another worker's)."""
    now = timezone.now()
    claimable = Q(state=ImportState.QUEUED) | Q(state=ImportState.RUNNING,
                                                started_at__lt=now - STALE)
    if not ClubImport.objects.filter(claimable, pk=import_id).update(
            state=ImportState.RUNNING, started_at=now):
        return None
    return ClubImport.objects.select_related("user").get(pk=import_id)


def club_import_run(*, import_id) -> ClubImport:
    """Run the queued import `import_id`, once; safe to call again at any time."""
    job = _claim(import_id)
    if job is None:
        return ClubImport.objects.get(pk=import_id)
    mine = ClubImport.objects.filter(pk=job.pk, state=ImportState.RUNNING,
                                     started_at=job.started_at)
    try:
        with transaction.atomic():
            report = club_import(archive=job.archive, user=job.user, slug=job.slug,
                                 name=job.name, progress=_Progress(job))
            body = {"club": report.club.pk, "slug": report.club.slug,
                    "players": report.players, "nights": report.nights,
                    "results": report.results, "renamed_ids": report.renamed_ids,
                    "differences": report.differences}
            if not mine.update(state=ImportState.DONE, club=report.club, report=body,
                               archive={}, finished_at=timezone.now()):
                raise _Superseded
    except _Superseded:
        log.warning("club import %s: another worker took it over", job.pk)
    except (ValidationError, PermissionDenied) as problem:
        mine.update(state=ImportState.FAILED, errors=_errors(problem), archive={},
                    finished_at=timezone.now())
    except Exception:
        # A database or worker failure: nothing was written; the task's retry claims it
        # again (a failure of this update too leaves it to run out, see STALE).
        mine.update(state=ImportState.QUEUED, started_at=None)
        raise
    finally:
        _Progress.forget(job.pk)
    return ClubImport.objects.get(pk=job.pk)


class _Superseded(Exception):
    """The claim ran out and another worker took the import: roll this run back."""


def _errors(problem: Exception) -> dict[str, list[str]]:
    if isinstance(problem, ValidationError) and hasattr(problem, "error_dict"):
        return problem.message_dict
    if isinstance(problem, ValidationError):
        return {"archive": problem.messages}
    return {"detail": [str(problem)]}


class _Progress:
    """Results stored so far, kept in the cache: the import's transaction hides its rows
    (and would hide a counter in the database) until it commits. Lost with the cache, it
    only makes the progress unknown, never the outcome."""

    def __init__(self, job: ClubImport) -> None:
        self.key, self.done, self.total = self._key(job.pk), 0, job.total
        self.every = max(1, job.total // PROGRESS_STEPS)

    def __call__(self, count: int) -> None:
        self.done += count
        if self.done % self.every == 0 or self.done == self.total:
            cache.set(self.key, self.done, int(STALE.total_seconds()))

    @staticmethod
    def _key(import_id) -> str:
        return f"archive:import:{import_id}:done"

    @classmethod
    def read(cls, import_id) -> int | None:
        return cache.get(cls._key(import_id))

    @classmethod
    def forget(cls, import_id) -> None:
        cache.delete(cls._key(import_id))


# --- reads and the resumption -----------------------------------------------------------------


def club_import_status(job: ClubImport) -> dict:
    """{id, state (Celery's names), ready, progress, result, error, errors, updated}."""
    state = CELERY_STATE[job.state]
    done = {ImportState.QUEUED: 0, ImportState.DONE: job.total}.get(job.state)
    if job.state == ImportState.RUNNING:
        done = _Progress.read(job.pk) or 0
    elif job.state == ImportState.FAILED:
        done = None
    errors = job.errors if job.state == ImportState.FAILED else {}
    return {
        "id": str(job.pk), "state": state, "ready": state in states.READY_STATES,
        "progress": {"done": done, "total": job.total},
        "result": job.report if job.state == ImportState.DONE else None,
        "error": " ".join(m for messages in errors.values() for m in messages),
        "errors": errors,
        "updated": job.finished_at or job.started_at or job.created_at,
    }


def club_import_of(*, import_id, user) -> ClubImport | None:
    """The import `import_id` if `user` asked for it (nobody else sees it exists)."""
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        return ClubImport.objects.filter(pk=uuid.UUID(str(import_id)), user=user).first()
    except ValueError:
        return None


def club_imports_resume(*, now=None) -> int:
    """Queue again the imports no worker is running: left queued when their message was
    lost, or claimed by a worker that died. Returns how many."""
    now = now or timezone.now()
    lost = ClubImport.objects.filter(
        Q(state=ImportState.QUEUED, created_at__lt=now - UNCLAIMED)
        | Q(state=ImportState.RUNNING, started_at__lt=now - STALE))
    jobs = list(lost.only("pk"))
    for job in jobs:
        _queue(job)
    return len(jobs)
