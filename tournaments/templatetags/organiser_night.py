"""The organiser's tools on a night's page, without widening the page's own view: the
plan's state is read where it is shown."""

from django import template

from tournaments import selectors_formats, selectors_plan

register = template.Library()


@register.simple_tag
def plan_state_of(event):
    return selectors_plan.plan_state(event)


@register.simple_tag
def next_round_of(event):
    return selectors_formats.next_round_state(event)


@register.simple_tag
def comparisons_of(event):
    """A duplicate night's stored comparison report, players named (None otherwise)."""
    from tournaments.services.duplicate import comparison_report_named

    return comparison_report_named(event)
