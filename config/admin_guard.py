"""The admin's query strings are checked before any admin code, ours or a third party's, reads
them: a NUL in a parameter's name or value is a 400 naming the parameter. (PostgreSQL cannot
compare a text with a NUL; a list's filter or search, the autocomplete's term and the lists of
third-party models (django-axes, the API tokens) answered it with a 500.)"""
from django.urls import reverse

from tournaments.admin_access import refuse_bad_query


class AdminQueryGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(reverse("admin:index")):
            refuse_bad_query(request)  # BadRequest: Django answers 400
        return self.get_response(request)
