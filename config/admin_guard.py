"""The admin's query strings are checked before any admin code, ours or a third party's, reads
them: a NUL in a parameter's name or value is a 400 naming the parameter. (PostgreSQL cannot
compare a text with a NUL; a list's filter or search, the autocomplete's term and the lists of
third-party models (django-axes, the API tokens) answered it with a 500.) A list action's selected
rows that cannot be keys of the list's model are a 400 too, on every admin list, ours or not."""
from django.urls import Resolver404, resolve, reverse

from tournaments.admin_access import refuse_bad_query, refuse_bad_selection


class AdminQueryGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(reverse("admin:index")):
            refuse_bad_query(request)  # BadRequest: Django answers 400
            if request.method == "POST":
                model_admin = _model_admin(request.path_info)
                if model_admin is not None:
                    refuse_bad_selection(request, model_admin.model)
        return self.get_response(request)


def _model_admin(path: str):
    """The ModelAdmin whose page `path` is (Django marks each of its views with it), or None."""
    try:
        return getattr(resolve(path).func, "model_admin", None)
    except Resolver404:
        return None
