"""What every API view shares: no NUL character in the query string (PostgreSQL cannot compare
text with one: a 400 naming the parameter, not a 500), no parameter given twice or empty (but
`search`), no parameter the view does not read (a misspelt filter would otherwise be ignored and
answer with everything), and the tournament by its slug."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.filters import OrderingFilter, SearchFilter
from rest_framework.mixins import ListModelMixin
from rest_framework.settings import api_settings

from tournaments.models import Tournament
from tournaments.permissions import readable_tournaments

BLANK_ALLOWED = {"search"}


# ?lang=ru|en picks the language of the messages on every request (public.middleware); ?format=
# is DRF's own choice of renderer.
EVERY_VIEW_READS = {"lang", api_settings.URL_FORMAT_OVERRIDE}


class ApiMixin:
    # the query parameters a view reads itself (a query serializer's fields), beside those of its
    # filters and pages
    query_parameters_read: tuple[str, ...] = ()

    def query_parameters(self) -> set[str]:
        """Every query parameter this view reads: its filter set's, search, ordering, the pages' (a
        list's), its own, and those every view reads."""
        known = {*EVERY_VIEW_READS, *self.query_parameters_read}
        filterset = getattr(self, "filterset_class", None)
        if filterset is not None:
            known.update(filterset.base_filters)
        for backend in getattr(self, "filter_backends", ()):
            if issubclass(backend, SearchFilter):
                known.add(backend.search_param)
            if issubclass(backend, OrderingFilter):
                known.add(backend.ordering_param)
        paginator = getattr(self, "paginator", None) if isinstance(self, ListModelMixin) else None
        if paginator is not None:
            known.update(filter(None, (paginator.page_query_param, getattr(paginator, "page_size_query_param", None))))
        return known

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
        if request.query_params:
            self._refuse_unknown_parameters(request.query_params)
        super().initial(request, *args, **kwargs)

    def _refuse_unknown_parameters(self, params) -> None:
        known = self.query_parameters()
        unknown = sorted(set(params) - known)
        if not unknown:
            return
        names = ", ".join(sorted(known - EVERY_VIEW_READS))
        message = (_("This request has no such parameter; it takes: %(names)s.") % {"names": names} if names
                   else _("This request takes no query parameters."))
        raise exceptions.ValidationError({
            name: [exceptions.ErrorDetail(message, code="unknown_parameter")] for name in unknown})

    def tournament(self) -> Tournament:
        if not hasattr(self, "_tournament"):
            readable = readable_tournaments(self.request.user, Tournament.objects.select_related("chief_judge"))
            self._tournament = get_object_or_404(readable, slug=self.kwargs["slug"])
        return self._tournament
