"""The replayed games of this process, so an append does not replay the whole log each time.

``append_event`` used to replay every stored event on each append (300 events loaded and
folded for the 300th). Here each log's replayed ``core.Game`` is kept with the length it was
replayed to (a per-process LRU of ``SIZE`` logs). A log is append-only, so a game replayed to
length ``k`` of a committed log is the replay of that log's first ``k`` events forever: to use
it at length ``n >= k`` only the events ``k..n-1`` are loaded and pushed. Why this is correct
under concurrency:

- an entry is stored only after the transaction that stored its events commits
  (``transaction.on_commit``), so a rolled-back append never leaves a game the database lacks;
- ``take`` removes the entry while a request uses it (the core's ``Game`` is mutable), so two
  threads never push on one object; the other one misses and replays from the database;
- the row lock on the log and the index check (``index == log.length``) still decide which
  event is stored; the cache only saves the replay of events already committed;
- the key carries the log's ``created_at`` too: a deleted log whose id is reused is another key;
  and its header: an empty log whose roles were dealt since is another key.

A process restart, or another worker process, starts empty and replays once (the bench's
"cold" figure).
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict

SIZE = 256

_lock = threading.Lock()
_games: OrderedDict = OrderedDict()  # (log id, created_at) -> (length, core.Game)


def _key(log) -> tuple:
    # the header too: an empty log takes the protocol's roles dealt after it was opened
    # (services._log_for), and a game replayed under the old header must never serve the new one
    return (log.pk, log.created_at, json.dumps(log.header, sort_keys=True))


def take(log, length: int):
    """(k, game) replayed to ``k <= length`` events of ``log``, removed from the cache; or None."""
    with _lock:
        entry = _games.pop(_key(log), None)
    if entry is None or entry[0] > length:
        return None
    return entry


def put(log, length: int, game) -> None:
    """Keep ``game`` as the replay of the first ``length`` events (call only once they are committed)."""
    with _lock:
        key = _key(log)
        held = _games.get(key)
        if held is not None and held[0] >= length:
            return
        _games[key] = (length, game)
        _games.move_to_end(key)
        while len(_games) > SIZE:
            _games.popitem(last=False)


def clear() -> None:
    with _lock:
        _games.clear()
