"""Redoc, the API's reading page, under the site's Content-Security-Policy: its own template (no
web fonts from Google, no inline script), and for this page alone a worker from a blob: (Redoc's
search runs in one) and Redoc's logo from its CDN (the bundle names it, no setting removes it)."""
from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularRedocView

REDOC_CSP = {"worker-src": ["blob:"], "img-src": ["https://cdn.redoc.ly"]}


@method_decorator(csp_update(REDOC_CSP), name="dispatch")
class RedocView(SpectacularRedocView):
    template_name = "api/redoc.html"
