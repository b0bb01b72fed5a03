"""`GET /api/v1/tasks/{id}/`: the status of background work the API started.

Only the seating plan runs as an API-started task; its record lives on the event, so a
task is found through the event that owns it and shown only to that club's members and
tokens (404 otherwise: a task id of another club is not confirmed to exist).
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.auth import subject_of
from league.api.errors import ERRORS
from tournaments.api.serializers import TaskStatusSerializer
from tournaments.selectors_tasks import seating_task_status, task_event


class SignedIn(permissions.BasePermission):
    """A logged-in person or a club token."""

    def has_permission(self, request, view):
        return request.auth is not None or request.user.is_authenticated


class TaskStatusView(APIView):
    permission_classes = [SignedIn]

    @extend_schema(responses={200: TaskStatusSerializer, 401: ERRORS[401], 403: ERRORS[403],
                              404: ERRORS[404]},
                   description="A task's state (Celery names), its JSON result or error, and "
                               "whether it is ready. Tasks of your own clubs only.")
    def get(self, request, task_id: str):
        event = task_event(task_id=task_id, subject=subject_of(request))
        if event is None:
            raise Http404("No such task.")
        return Response(TaskStatusSerializer(seating_task_status(event)).data)
