"""What every API view shares: no NUL character in the query string (PostgreSQL cannot compare
text with one: a 400 naming the parameter, not a 500), no parameter given twice or empty (but
`search`), and the tournament by its slug."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import exceptions

from tournaments.models import Tournament
from tournaments.permissions import readable_tournaments

BLANK_ALLOWED = {"search"}


class ApiMixin:
    def initial(self, request, *args, **kwargs):
        for name, values in request.query_params.lists():
            if "\x00" in name or any("\x00" in v for v in values):
                raise exceptions.ValidationError({name.replace("\x00", ""): [exceptions.ErrorDetail(
                    _("Text may not contain NUL characters."), code="null_characters_not_allowed")]})
            if name not in BLANK_ALLOWED and "" in values:
                raise exceptions.ValidationError({name: [exceptions.ErrorDetail(
                    _("Give a value, or leave the parameter out."), code="blank")]})
            if len(values) > 1:
                raise exceptions.ValidationError({name: [exceptions.ErrorDetail(
                    _("Give this parameter once."), code="repeated")]})
        super().initial(request, *args, **kwargs)

    def tournament(self) -> Tournament:
        if not hasattr(self, "_tournament"):
            readable = readable_tournaments(self.request.user, Tournament.objects.select_related("chief_judge"))
            self._tournament = get_object_or_404(readable, slug=self.kwargs["slug"])
        return self._tournament
