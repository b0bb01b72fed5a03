"""`/api/v1/clubs/{id}/webhooks/`: a club's webhooks, for its organisers and its API tokens.

Thin: the club is looked up among those the caller may see (404 otherwise), the selector and
the services decide the rest (403 for a visible club the caller may not manage hooks of).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from league import selectors
from league.api.auth import ReadOrCredentials, subject_of
from league.api.errors import ERRORS
from league.models import Webhook
from league.services.webhooks import EVENT_CHOICES, MAX_SECRET, webhook_create, webhook_delete


class WebhookSerializer(serializers.ModelSerializer):
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_CHOICES), allow_empty=False,
        help_text='The event types to send, or ["*"] for all.')
    secret = serializers.CharField(
        write_only=True, max_length=MAX_SECRET,
        help_text="Signs every delivery: X-Bluke-Signature is sha256=<HMAC-SHA256 of the body "
                  "under this secret, in hex>. Never shown again.")

    class Meta:
        model = Webhook
        fields = ["id", "club", "url", "secret", "events", "created_at"]
        read_only_fields = ["id", "club", "created_at"]


class WebhookRemovedSerializer(serializers.Serializer):
    detail = serializers.CharField()
    id = serializers.IntegerField()


def _club(request, pk):
    return get_object_or_404(selectors.club_list(subject=subject_of(request)), pk=pk)


class WebhookListView(GenericAPIView):
    """The club's webhooks; register one with a URL, a secret and event types."""

    serializer_class = WebhookSerializer
    permission_classes = [ReadOrCredentials]
    pagination_class = None
    filter_backends: list = []

    @extend_schema(responses={200: WebhookSerializer(many=True), **ERRORS})
    def get(self, request, pk):
        hooks = selectors.webhook_list(subject=subject_of(request), club=_club(request, pk))
        return Response(WebhookSerializer(hooks, many=True).data)

    @extend_schema(responses={201: WebhookSerializer, **ERRORS})
    def post(self, request, pk):
        club = _club(request, pk)
        data = WebhookSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hook = webhook_create(club=club, subject=subject_of(request), **data.validated_data)
        return Response(WebhookSerializer(hook).data, status=status.HTTP_201_CREATED)


class WebhookDetailView(GenericAPIView):
    """One of the club's webhooks; DELETE removes it and drops its queued deliveries."""

    serializer_class = WebhookSerializer
    permission_classes = [ReadOrCredentials]
    filter_backends: list = []

    def _hook(self, request, pk, hook):
        hooks = selectors.webhook_list(subject=subject_of(request), club=_club(request, pk))
        return get_object_or_404(hooks, pk=hook)

    @extend_schema(responses={200: WebhookSerializer, **ERRORS})
    def get(self, request, pk, hook):
        return Response(WebhookSerializer(self._hook(request, pk, hook)).data)

    @extend_schema(responses={200: WebhookRemovedSerializer, **ERRORS})
    def delete(self, request, pk, hook):
        """Remove the hook (like removing a result, the answer says what was done)."""
        found = self._hook(request, pk, hook)
        webhook_delete(webhook=found, subject=subject_of(request))
        return Response({"detail": _("Webhook removed; its queued deliveries are dropped."),
                         "id": hook})
