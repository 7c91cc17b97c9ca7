"""``{% console_log game %}``: a console game's events on a page of an app below the console
(the judge's entry page, in protocols): the template asks, so protocols imports nothing of ours."""
from django import template

from console.history import visible_lines

register = template.Library()


@register.inclusion_tag("console/_log.html", takes_context=True)
def console_log(context, game):
    request = context.get("request")
    return {"console_log": visible_lines(getattr(request, "user", None), game)}
