"""The API's query strings get the same guard as its bodies (`league.safe_json`).

A NUL in a query parameter (say `DELETE …/result/?reason=%00`) reached the audit trail and
failed in PostgreSQL with a 500; it is refused here with a JSON 400 naming the parameter.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _

from league.safe_json import UnsafeJSON, check_json

API_PREFIX = "/api/"


class ApiQueryStringGuard:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(API_PREFIX) and request.META.get("QUERY_STRING"):
            try:
                check_json(dict(request.GET.lists()))
            except UnsafeJSON as problem:
                return JsonResponse({"detail": _("Refused query string: %(problem)s.")
                                               % {"problem": problem}},
                                    status=400)
        return self.get_response(request)
