"""Every Russian catalogue gives each plural message all the forms its header promises: Russian
has four (one, few, many, and the fraction's), and a message short of one prints nothing, or the
English, where that form is needed."""
import gettext
import re
from pathlib import Path

from django.conf import settings

CATALOGUES = sorted(Path(settings.BASE_DIR).glob("*/locale/ru/LC_MESSAGES/django.mo"))


def short_plurals(path: Path) -> list[str]:
    with path.open("rb") as f:
        catalogue = gettext.GNUTranslations(f)
    header = catalogue._info.get("plural-forms", "")
    nplurals = int(re.search(r"nplurals\s*=\s*(\d+)", header).group(1))
    forms: dict[str, set[int]] = {}
    for key, text in catalogue._catalog.items():
        if isinstance(key, tuple) and text:
            forms.setdefault(key[0], set()).add(key[1])
    return [f"{path.parts[-5]}: {msgid[:60]!r} has forms {sorted(got)}"
            for msgid, got in forms.items() if got != set(range(nplurals))]


def test_there_are_catalogues():
    assert len(CATALOGUES) >= 10


def test_every_plural_message_has_every_form_of_its_catalogue():
    assert [line for path in CATALOGUES for line in short_plurals(path)] == []
