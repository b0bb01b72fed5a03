"""The site's 404: the API's address space answers in JSON, as its schema documents.

A path under /api/ that no route matches (an import id that is no UUID, a letter where an
id goes) would otherwise get the HTML page, which a client generated from the schema cannot
read; every other path gets the site's page.
"""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

API_PREFIX = "/api/"


def page_not_found(request, exception):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)
