"""The console core is pure: every module it has imports the standard library and itself only
(no Django, nothing of ours), so the same core runs in the server, on the command line and in
the browser."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import engines.console

CORE = Path(engines.console.__file__).parent


def imported_roots(path: Path) -> set:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_every_core_module_imports_the_standard_library_only():
    modules = sorted(CORE.rglob("*.py"))
    assert len(modules) > 15
    foreign = {str(p.relative_to(CORE)): sorted(imported_roots(p) - set(sys.stdlib_module_names) - {"__future__"})
               for p in modules}
    assert {k: v for k, v in foreign.items() if v} == {}
