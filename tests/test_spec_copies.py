"""The tests' copies of the specification's examples are the originals (tests/spec_copies.py)."""
from __future__ import annotations

import pytest

from tests.spec_copies import ROOT, SPEC_BESIDE, copies, digest, recorded_digests

PAIRS = sorted(copies().items())


@pytest.mark.parametrize("copy,original", PAIRS, ids=[o for _, o in PAIRS])
def test_the_copy_is_the_original(copy, original):
    assert digest(ROOT / copy) == recorded_digests()[original], f"{copy} differs from the digest its original had"
    if SPEC_BESIDE.is_dir():
        assert (ROOT / copy).read_bytes() == (SPEC_BESIDE / original).read_bytes(), f"{copy} differs from spec/{original}"


def test_every_example_of_the_specification_has_its_copy():
    originals = set(recorded_digests())
    assert originals == {o for _, o in PAIRS}
    if SPEC_BESIDE.is_dir():
        beside = {p.relative_to(SPEC_BESIDE).as_posix() for p in SPEC_BESIDE.rglob("*.json")}
        assert beside == originals, "an example of the specification has no copy in tests/ (or a copy no original)"


def test_a_changed_copy_is_caught(tmp_path, monkeypatch):
    """The check itself: a copy that differs by one byte is not the original."""
    copy, original = PAIRS[0]
    changed = tmp_path / "changed.json"
    changed.write_bytes((ROOT / copy).read_bytes() + b" ")
    assert digest(changed) != recorded_digests()[original]
