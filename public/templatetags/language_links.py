"""`{% language_url code %}`: the current page in another language, keeping what the reader chose
on it ("find me" and the stage tab), so switching RU/EN does not lose the player or the stage."""
from urllib.parse import urlencode

from django import template

register = template.Library()

# Only these survive the switch: anything else would end up in a cached page (public/views.py).
KEPT_PARAMS = ("me", "stage")


@register.simple_tag(takes_context=True)
def language_url(context, code: str) -> str:
    """`?lang=<code>` plus the page's kept parameters. A view that caches its page sets
    `language_params` in the context to the parameters its cache key holds."""
    params = context.get("language_params")
    if params is None:
        request = context.get("request")
        query = request.GET if request is not None else {}
        params = {key: query.get(key) for key in KEPT_PARAMS if query.get(key)}
    return "?" + urlencode({**params, "lang": code})
