"""The types of the action log's entries, registered by the app that owns each (pretix's log
entry types): the tournaments app keeps the registry and lists none of the others' actions.

    ActionType(code, label, describe=None)   one kind of entry: the code stored in the log, its
                                             label (lazy: it reads in the reader's language), and
                                             how its `data` reads as lines
    register(*types)                         an app's AppConfig.ready() registers its types
    action_type(code)                        the registered type (an unknown code reads as itself)
    registered()                             every registered type, in the order registered

An entry is rendered when it is shown (the desk's log page, its CSV, the admin), never when it
is written, so a Russian reader and an English one each read it in their own language.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def _changes_as_stored(data: dict) -> list[str]:
    """The lines an entry keeps in its `changes`, as they were written."""
    return [str(line) for line in (data.get("changes") or [])]


@dataclass(frozen=True)
class ActionType:
    code: str
    label: object  # a lazy translation
    describe: Callable[[dict], list[str]] = _changes_as_stored

    def __str__(self):
        return self.code  # what the log stores

    def lines(self, data: dict | None) -> list[str]:
        """What the entry's data says, a line per change, in the active language."""
        return self.describe(data or {})


_types: dict[str, ActionType] = {}


def register(*types: ActionType) -> None:
    for action in types:
        known = _types.get(action.code)
        if known is not None and known != action:
            raise ValueError(f"action type {action.code!r} is registered twice")
        _types[action.code] = action


def action_type(code: str) -> ActionType:
    return _types.get(code) or ActionType(code, code)


def registered() -> list[ActionType]:
    return list(_types.values())
