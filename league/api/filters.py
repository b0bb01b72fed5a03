"""The list endpoints' filters: a related object is named by its id, and filtering by it
never looks the id up.

django-filter's default for a relation checks the id against every row of the related
table: a missing id answered 400 while a private club's id answered an empty 200, so the
filter told which ids exist. Here an id is just a number the rows are filtered by, inside
the queryset the policy already narrowed: an unknown id and an invisible one both find
nothing (200, empty list). Only a value that is not a whole number is refused (400).
"""

from django import forms
from django.db.models import ForeignKey, ManyToManyField, OneToOneField
from django.db.models.fields.reverse_related import ManyToManyRel, ManyToOneRel, OneToOneRel
from django_filters import NumberFilter
from django_filters.filterset import FILTER_FOR_DBFIELD_DEFAULTS
from django_filters.rest_framework import DjangoFilterBackend, FilterSet

RELATIONS = (ForeignKey, OneToOneField, ManyToManyField, OneToOneRel, ManyToOneRel,
             ManyToManyRel)


class IdField(forms.IntegerField):
    """A whole number that fits the database's 64-bit ids: a longer one is a 400, not an
    overflow inside the database driver (a 500)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", -(2**63))
        kwargs.setdefault("max_value", 2**63 - 1)
        super().__init__(*args, **kwargs)


class IdFilter(NumberFilter):
    """A related object's id: a whole number (no decimals, which the database would round)."""

    field_class = IdField


class IdFilterSet(FilterSet):
    FILTER_DEFAULTS = {**FILTER_FOR_DBFIELD_DEFAULTS,
                       **{relation: {"filter_class": IdFilter} for relation in RELATIONS}}


class IdFilterBackend(DjangoFilterBackend):
    filterset_base = IdFilterSet
