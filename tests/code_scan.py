"""The message keys a module writes, read from its source: the string literal in the code's place of
each call that makes a problem (add, problem, _problem, Problem, Finding), with the "form" its params name.

The catalogue tests enumerate the codes this way, from the code itself, not from a hand list."""
from __future__ import annotations

import ast
from pathlib import Path

# call name -> index of the code among the positional arguments (seat and field come before it)
CODE_PLACE = {"Problem": 3, "problem": 3, "add": 2, "_problem": 2, "Finding": 2}


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def written_keys(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        place = CODE_PLACE.get(name)
        if place is None:
            continue
        args = node.args
        if name == "add" and len(args) > 3 and _literal(args[3]) is not None:
            place = 3  # check_tournament's add(game, seat, field, code, ...)
        code = _literal(args[place]) if len(args) > place else None
        if code is None:
            continue
        forms = set()
        for extra in [*args[place + 1:], *(k.value for k in node.keywords)]:
            for d in ast.walk(extra):
                if isinstance(d, ast.Dict):
                    forms |= {_literal(v) for k, v in zip(d.keys, d.values) if k is not None and _literal(k) == "form"}
        found |= {f"{code}:{form}" for form in forms if form} or {code}
    return found
