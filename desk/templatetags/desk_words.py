"""The desk's words for people: a user as the sheets name him (protocols.presentation.person_name:
the judge's name, else the account's full name, else its login), never a bare username."""
from django import template

from protocols.presentation import person_name

register = template.Library()


@register.filter
def person(user) -> str:
    return person_name(user) or "—"
