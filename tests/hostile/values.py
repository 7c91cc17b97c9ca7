"""Hostile values and hostile mutations of a tournament file, for the tests of every door."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

HUGE = 10**30
WORDS = [
    "²", "٣", "１２", "3²", "\x00", "a\x00b", "<script>alert(1)</script>", "<b>", "'; DROP TABLE tournaments_player; --",
    "1 OR 1=1", "1e30", "NaN", "Infinity", "-0", "0x10", "\ud800", "\u202e", "", " ", "x" * 3000, "я" * 100_000,
]
NUMBERS = [HUGE, -HUGE, -1, 0, -5, 32767, 32768, 2**31, 2**63, 100_000]

hostile_text = st.one_of(st.sampled_from(WORDS), st.text(max_size=40))
hostile_number = st.one_of(st.sampled_from(NUMBERS), st.integers(min_value=-HUGE, max_value=HUGE))
hostile_value = st.one_of(
    hostile_text, hostile_number, st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.lists(st.integers(-3, 12), max_size=4), st.dictionaries(st.sampled_from(["a", "seat", "id"]), st.integers(), max_size=2),
)


def places(doc) -> list[tuple]:
    """Every (path of keys) to a value in the document, the root's fields included."""
    found = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                found.append(path + (key,))
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                found.append(path + (i,))
                walk(value, path + (i,))

    walk(doc, ())
    return found


def _parent(doc, path):
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def hostile_documents(draw, base: dict):
    """``base`` with one to three hostile changes: a value replaced, a field removed, or a field added."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = places(doc)
        path = draw(st.sampled_from(paths))
        parent = _parent(doc, path)
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(hostile_value)
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "id", "settings", "x" * 50, "\x00"]))] = draw(hostile_value)
        else:
            parent.append(draw(hostile_value))
    return doc
