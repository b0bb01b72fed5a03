"""Request parsers of the API: whatever bytes arrive, the answer is a JSON 4xx or parsed data.

DRF reads a JSON body straight from the stream, past Django's DATA_UPLOAD_MAX_MEMORY_SIZE,
and Python's json module raises RecursionError on deep nesting; both used to end in a 500.
Every parsed body is then checked by `league.safe_json` (NUL, lone surrogates, depth).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from league.safe_json import UnsafeJSON, check_json


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "payload_too_large"


def body_limit() -> int | None:
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def too_large(limit: int | None = None) -> PayloadTooLarge:
    return PayloadTooLarge(_("The request body is larger than %(limit)s bytes.")
                           % {"limit": limit or body_limit()})


def _checked(data):
    try:
        check_json(data)
    except UnsafeJSON as problem:
        raise ParseError(_("Refused request body: %(problem)s.") % {"problem": problem}) from None
    return data


class SafeJSONParser(JSONParser):
    def limit(self) -> int | None:
        """The largest body read; an endpoint that takes whole files may allow more."""
        return body_limit()

    def parse(self, stream, media_type=None, parser_context=None):
        limit = self.limit()
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise too_large(limit)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise ParseError(_("The body is not UTF-8 text (byte %(at)d).")
                             % {"at": problem.start}) from None
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise ParseError(_("Refused request body: JSON nested too deeply.")) from None
        except ValueError as problem:
            raise ParseError(_("JSON parse error: %(problem)s") % {"problem": problem}) from None
        return _checked(data)


def _no_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


class SafeFormParser(FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _checked(dict(data.lists()))
        return data


class SafeMultiPartParser(MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _checked(dict(parsed.data.lists()))
        return parsed
