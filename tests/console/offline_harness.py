"""A bare judge's page with the console's offline pieces (templates/console/_offline.html), served
only in the browser tests (their URLconf: the site's and this page), until the console's own screen
includes them: the tests drive ``ConsoleClient`` on it through the page's script."""
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template import engines
from django.urls import path

from config.urls import urlpatterns as site

PAGE = engines["django"].from_string("""{% extends "base.html" %}{% block content %}
<h1>Console {{ pk }}</h1><p id="console-status" role="status" data-csrf="{{ csrf_token }}"></p>
{% include "console/_offline.html" %}{% endblock %}""")


@login_required(login_url="protocols:login")
def harness(request, pk: int):
    return HttpResponse(PAGE.render({"pk": pk}, request))


urlpatterns = [*site, path("judge/games/<int:pk>/console/test-page/", harness, name="console-test-page")]
