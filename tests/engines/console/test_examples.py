"""Every example log of spec/game-log-examples gives its expected replay result, in-process and
through ``python -m console replay`` (the golden copies in data/ are the spec's: tests/spec_copies.py)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.console import replay

DATA = Path(__file__).parent / "data" / "game-log-examples"
ROOT = Path(__file__).resolve().parents[3]
CASES = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))["cases"]
META = ("file", "ruleset", "title", "targets", "outcome")
TRACE_KEYS = {"days": ("days", "day"), "nights": ("nights", "night")}


def differences(case: dict, result: dict) -> list:
    """Every field of the case that the result does not give as expected."""
    if case["outcome"] == "refused":
        if result["accepted"]:
            return ["accepted"]
        return [(k, result["refused"][k], case[k]) for k in ("index", "code", "rule") if result["refused"][k] != case[k]]
    if not result["accepted"]:
        return [("refused", result["refused"])]
    state, trace, found = result["state"], result["trace"], []
    for key, expected in case.items():
        if key in META:
            continue
        if key in TRACE_KEYS:
            name, number = TRACE_KEYS[key]
            for n, fields in expected.items():
                got = next((x for x in trace[name] if x[number] == int(n)), {})
                found += [(key, n, f, got.get(f), v) for f, v in fields.items() if got.get(f) != v]
        elif key == "speeches":
            found += [(key, label, trace["speeches"].get(label), v) for label, v in expected.items()
                      if trace["speeches"].get(label) != v]
        elif state.get(key) != expected:
            found.append((key, state.get(key), expected))
    return found


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_example_gives_its_expected_result(case):
    doc = json.loads((DATA / case["file"]).read_text(encoding="utf-8"))
    assert differences(case, replay(doc)) == []


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_command_line_gives_the_expected_result_and_exit_status(case):
    run = subprocess.run([sys.executable, "-m", "console", "replay", str(DATA / case["file"])],
                         capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == (0 if case["outcome"] == "accepted" else 1), run.stderr
    assert differences(case, json.loads(run.stdout)) == []


def test_every_example_log_is_a_case():
    logs = {p.name for p in DATA.glob("*.json")} - {"expected.json"}
    assert logs == {c["file"] for c in CASES}


