"""A URLconf with one view that fails, to see the 500 page (tests only)."""

from django.urls import path


def fail(request):
    raise RuntimeError("a failure the 500 page must cover")


urlpatterns = [path("fail/", fail)]
