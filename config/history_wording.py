"""The change-history pages' own words (django-simple-history) that its Russian catalogue lacks.

Its catalogue sits under ru_RU and leaves out the newer strings of its templates ("View history",
"Changes", the count of entries), so the history of a protocol, a seat or a protest spoke English
in the Russian admin. Listed here so that makemessages keeps them in the project catalogue
(locale/ru/), which takes precedence; tests/tournaments/test_admin_russian.py checks the pages.
"""
from django.utils.translation import gettext_noop, ngettext_lazy

MESSAGES = (
    gettext_noop("View history: %s"),
    gettext_noop("View %s"),
    gettext_noop("Changes"),
    gettext_noop("Change History"),
    gettext_noop("Revert"),
    gettext_noop("Deleted %(type_name)s"),
    gettext_noop("Press the 'Change History' button below to edit the history."),
)

# "{{ count }} {% blocktranslate count %}entry{% plural %}entries{% endblocktranslate %}"
ENTRIES = ngettext_lazy("entry", "entries", "count")
