from django.conf import settings


class QueryLanguageMiddleware:
    """`?lang=ru|en` picks the language and remembers it in a cookie (the public pages' switcher).

    Runs before LocaleMiddleware, which then reads the cookie value we put on the request."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.codes = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        lang = request.GET.get("lang")
        if lang in self.codes:
            request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = lang
        response = self.get_response(request)
        if lang in self.codes:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, lang, max_age=365 * 24 * 3600, samesite="Lax")
        return response
