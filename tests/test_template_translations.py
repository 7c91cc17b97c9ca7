"""Every template string with parameters or a percent sign has Russian, as the page looks it up.

``{% translate "… %(n)s …" %}`` is looked up with its ``%`` doubled (Django escapes it before
gettext), so such a string is never translated, whatever the catalogue holds: it must be a
``{% blocktranslate %}`` or come from Python; a bare "50 %" is looked up as "50 %%", which the
catalogue must hold so (as makemessages writes it). A ``{% blocktranslate %}`` with variables is looked
up as ``… %(n)s …``. This test parses every template under templates/ with Django's own parser,
takes each translate and blocktranslate node with parameters, looks up exactly the msgid the page
looks up, and asks the Russian catalogue for a non-empty translation with the same parameters."""
from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.utils import translation

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def lookups(source: str):
    """(what the page looks up, its context, its parameters) of each string with parameters."""
    template = engines["django"].from_string(source).template
    for node in template.nodelist.get_nodes_by_type(TranslateNode):
        literal = getattr(node.filter_expression.var, "literal", None)
        if isinstance(literal, str) and "%" in literal and not node.noop:
            yield literal.replace("%", "%%"), node.message_context, set(PLACEHOLDER.findall(literal))
    for node in template.nodelist.get_nodes_by_type(BlockTranslateNode):
        msgid, names = node.render_token_list(node.singular)
        if node.trimmed:
            msgid = translation.trim_whitespace(msgid)
        if names or "%" in msgid:
            context = node.message_context.resolve({}) if node.message_context else None
            yield msgid, context, set(names)


def russian(msgid: str, context) -> str:
    with translation.override("ru"):
        return translation.pgettext(context, msgid) if context else translation.gettext(msgid)


def untranslated() -> list[str]:
    missing = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for msgid, context, names in lookups(path.read_text(encoding="utf-8")):
            text = russian(msgid, context)
            if not text.strip() or text == msgid or set(PLACEHOLDER.findall(text)) != names:
                missing.append(f"{path.relative_to(TEMPLATES)}: {msgid!r} → {text!r}")
    return missing


def test_every_template_string_with_parameters_has_russian_with_the_same_parameters():
    assert untranslated() == []


def test_a_translate_tag_with_a_parameter_is_caught_even_when_the_catalogue_has_it():
    # the catalogue has "places %(first)s–%(last)s of %(count)s", but the tag looks it up with %%
    source = "{% load i18n %}<span data-label=\"{% translate 'places %(first)s–%(last)s of %(count)s' %}\"></span>"
    [(msgid, context, names)] = list(lookups(source))
    assert russian(msgid, context) == msgid and names == {"first", "last", "count"}
    with translation.override("ru"):
        shown = engines["django"].from_string(source).render({})
    assert "places" in shown  # what the projector showed in Russian: the English


def test_a_blocktranslate_with_a_parameter_is_looked_up_as_the_catalogue_has_it():
    source = ('{% load i18n %}{% blocktranslate asvar label with first="%(first)s" last="%(last)s" total="%(count)s" %}'
              "places {{ first }}–{{ last }} of {{ total }}{% endblocktranslate %}{{ label }}")
    [(msgid, context, names)] = list(lookups(source))
    assert msgid == "places %(first)s–%(last)s of %(total)s"
    assert russian(msgid, context).startswith("места")
    with translation.override("ru"):
        assert engines["django"].from_string(source).render({}) == "места %(first)s–%(last)s из %(count)s"
