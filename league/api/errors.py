"""Error bodies of the API, for the OpenAPI schema, and the exception handler.

Services raise Django's ValidationError and PermissionDenied; the handler turns the first
into a 400 with the field messages (DRF only knows its own ValidationError), and a lost
database connection into a 503 with Retry-After.
"""

from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from league.database_errors import DATABASE_ERRORS

log = logging.getLogger(__name__)


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class RecordErrorSerializer(serializers.Serializer):
    hand = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    field = serializers.CharField(allow_blank=True)
    code = serializers.CharField()
    message = serializers.CharField()


class RejectedSerializer(serializers.Serializer):
    detail = serializers.CharField()
    errors = RecordErrorSerializer(many=True)


class ConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    game = serializers.IntegerField(allow_null=True, required=False)


# A refused request: each field (or `non_field_errors`) with its messages, the place inside
# the field named in each message; a body that could not be read is {"detail": "..."}.
FIELD_ERRORS = {
    "type": "object",
    "additionalProperties": {"oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "object"}]}},
        {"type": "object", "description": "A nested field's own errors, the same shape."},
    ]},
    "example": {"slug": ["Enter a valid slug."]},
}

ERRORS = {
    400: OpenApiResponse(FIELD_ERRORS, description="Invalid input: field -> messages, or "
                         "`detail` when the body could not be read."),
    401: OpenApiResponse(ErrorSerializer, description="No or bad credentials."),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed for this club."),
    404: OpenApiResponse(ErrorSerializer, description="Not found (or not visible to you)."),
    413: OpenApiResponse(ErrorSerializer, description="The request body is too large."),
}
IDEMPOTENCY_ERRORS = {
    409: OpenApiResponse(ConflictSerializer, description="A different result is stored, or "
                         "a request with this Idempotency-Key is still running."),
    422: OpenApiResponse(ErrorSerializer, description="Idempotency-Key reused with another "
                         "body."),
}


def database_lost(exc) -> Response:
    """503, not 500: the connection was cut (a database restart or failover), so the
    request is worth repeating in a moment; its transaction was rolled back."""
    log.warning("database connection lost: %s", exc, exc_info=exc)
    set_rollback()
    return Response({"detail": _("The database connection was lost. Try again in a moment; "
                                 "with the same Idempotency-Key a result that was stored "
                                 "is answered, not stored twice.")},
                    status=503, headers={"Retry-After": "1"})


def api_exception_handler(exc, context):
    if isinstance(exc, DATABASE_ERRORS):
        return database_lost(exc)
    if isinstance(exc, RequestDataTooBig):  # a form body past DATA_UPLOAD_MAX_MEMORY_SIZE
        from league.api.parsers import too_large

        exc = too_large()
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = exceptions.ValidationError(detail)
    return exception_handler(exc, context)
