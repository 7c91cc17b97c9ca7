from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    """`?page=2&page_size=100`: 50 items a page by default, at most 200. A value that is not a
    number in range is a 400 naming the parameter (DRF would quietly use the default); a page past
    the last is a 404."""

    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= self.max_page_size):
            raise _invalid(self.page_size_query_param, _("A whole number from 1 to %(max)s.") % {"max": self.max_page_size})
        return int(raw)

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and raw != "last" and not (raw.isascii() and raw.isdigit() and len(raw) <= 18 and int(raw) >= 1):
            raise _invalid(self.page_query_param, _("A whole number from 1."))
        return super().paginate_queryset(queryset, request, view)


def _invalid(name: str, message: str) -> exceptions.ValidationError:
    return exceptions.ValidationError({name: [exceptions.ErrorDetail(message, code="invalid")]})
