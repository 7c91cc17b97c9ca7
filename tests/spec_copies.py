"""The example files of the specification that the tests run against, kept as copies in tests/.

The specification (``spec/`` of the steering repository) sits beside a developer's checkout as
``../shared/spec/`` but not beside a fresh clone, so the tests read the copies here and never skip
for want of the originals. ``tests/test_spec_copies.py`` holds the copies to the originals where
``../shared/spec/`` exists, and to ``tests/spec-copies.sha256`` (the digests of the originals they
were last taken from) everywhere: a copy edited by hand fails either way. To take a changed
original: copy it over, then ``python -m tests.spec_copies`` rewrites the digests.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC_BESIDE = ROOT.parent / "shared" / "spec"
DIGESTS = Path(__file__).resolve().parent / "spec-copies.sha256"

# copy in tests/ (relative to ROOT) -> its original, relative to spec/
FOLDERS = {
    "tests/engines/scoring/data": ("", ("example-tournament.json", "example-standings.json")),
    "tests/engines/console/data/game-log-examples": ("game-log-examples", None),  # every file of the folder
}


def copies() -> dict[str, str]:
    """Each copy's path (relative to the repository) -> its original's path (relative to spec/)."""
    pairs = {}
    for folder, (spec_folder, names) in FOLDERS.items():
        found = names or sorted(p.name for p in (ROOT / folder).iterdir() if p.is_file())
        for name in found:
            pairs[f"{folder}/{name}"] = f"{spec_folder}/{name}".lstrip("/")
    return pairs


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def recorded_digests() -> dict[str, str]:
    """The original's path -> its sha256, as tests/spec-copies.sha256 records it (sha256sum's form)."""
    lines = DIGESTS.read_text(encoding="utf-8").splitlines()
    return {name: value for value, name in (line.split("  ", 1) for line in lines if line.strip())}


def write_digests() -> None:
    lines = [f"{digest(ROOT / copy)}  {original}" for copy, original in sorted(copies().items(), key=lambda kv: kv[1])]
    DIGESTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_digests()
