"""Every sentence the history import says (protocols/foreign) has Russian with the same
parameters: the admin page shows its refusals, notes and answer problems in the page's language."""
import ast
from pathlib import Path

import pytest
from django.utils import translation

import protocols.foreign
from tests.languages import ENGLISH, placeholders

FOREIGN = Path(protocols.foreign.__file__).parent


def texts() -> list[tuple[str, str]]:
    found = []
    for path in sorted(FOREIGN.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((path.name, node.args[0].value))
    return found


def test_the_scan_finds_the_imports_sentences():
    assert len(texts()) >= 40


@pytest.mark.parametrize("where, text", texts())
def test_each_has_russian_with_its_parameters(where, text):
    with translation.override("ru"):
        russian = translation.gettext(text)
    assert russian != text, f"{where}: no Russian for {text!r}"
    assert placeholders(russian) == placeholders(text), where
    codes = ("civ", "maf", "tie", "sheriff", "don", "id", "JSON")  # the platforms' words, quoted as they write them
    bare = " ".join(word for word in russian.replace(",", " ").split() if word not in codes)
    assert not ENGLISH.search(bare.replace("%(", " %(")), f"{where}: English in {russian!r}"
