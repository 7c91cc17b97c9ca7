"""The hall's polls of one table's live.json share one answer for up to a second.

Thirty phones a table poll every 1.5 s; each answer cost three queries and the wording of the
view (bench/live.py: about 200 answers/s at 50 connections). The view of a public tournament's
table is the same for everyone (no user, no role before sign-off: console/live.py), so it is kept
per table and language (settings.LIVE_JSON_KEEP_SECONDS), and forgotten after the commit that
stores a console event, moves the judge's clock or changes a game's record (the listeners below:
after the commit, so that an append pays no query for it; a poll in the milliseconds between the
commit and the forget may still get the old view).
A draft's preview is never kept (only its organisers may see it). A running clock is stamped
with the time of each answer (``stamped``), as if the view had been read then.

Each web process also keeps the answer it last read for a quarter of a second
(settings.LIVE_JSON_LOCAL_SECONDS), in its memory: at fifty connections the shared cache's round
trip was a third of a poll's time (bench/live.py). The process that stores an event forgets its
own copy with the shared one; another process may answer from its copy for up to that quarter of
a second after the commit (the hall polls every 1.5 s and is pushed the event at once anyway).
"""
from __future__ import annotations

import copy
import datetime
import time

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from protocols.models import Game
from tournaments.domain_events import ConsoleEventStored, ConsoleTimerChanged, GameRecordChanged, subscribe


def keep_seconds() -> int:
    return settings.LIVE_JSON_KEEP_SECONDS


def key(slug: str, number: int, language: str) -> str:
    return f"live-json:{slug}:{number}:{language}"


_LOCAL: dict[str, tuple[float, dict]] = {}  # key -> (monotonic time it expires, the view)
_LOCAL_MOST = 2000  # entries (a table and a language each) before the process's copies are dropped


def _local_seconds() -> float:
    return min(settings.LIVE_JSON_LOCAL_SECONDS, keep_seconds())


def get(kept: str) -> dict | None:
    """The kept view under ``kept``: this process's copy while it is fresh, else the shared one."""
    now = time.monotonic()
    local = _LOCAL.get(kept) if _local_seconds() > 0 else None
    if local is not None and local[0] > now:
        return local[1]
    view = cache.get(kept)
    if view is not None:
        _keep_locally(kept, view, now)
    return view


def put(kept: str, view: dict) -> None:
    if keep_seconds():
        cache.set(kept, view, keep_seconds())
        _keep_locally(kept, view, time.monotonic())


def _keep_locally(kept: str, view: dict, now: float) -> None:
    seconds = _local_seconds()
    if seconds <= 0:
        return
    if len(_LOCAL) >= _LOCAL_MOST:
        _LOCAL.clear()
    _LOCAL[kept] = (now + seconds, view)


def forget(slug: str, number: int) -> None:
    keys = [key(slug, number, code) for code, _name in settings.LANGUAGES]
    for kept in keys:
        _LOCAL.pop(kept, None)
    cache.delete_many(keys)


def stamped(view: dict, now: datetime.datetime | None = None) -> dict:
    """``view`` with its running clock (if any) as of ``now``: the time left and the server's time."""
    clock = ((view.get("state") or {}).get("timer") or {}).get("clock")
    if not clock or not clock.get("running") or not clock.get("deadline"):
        return view
    now = now or timezone.now()
    deadline = datetime.datetime.fromisoformat(clock["deadline"])
    out = copy.deepcopy(view)
    out["state"]["timer"]["clock"].update(now=now.isoformat(),
                                           remaining_ms=int((deadline - now).total_seconds() * 1000))  # as console/timer.py
    return out


def _game_moved(event) -> None:
    game_id = getattr(event, "game_id", None)
    if game_id is None:
        return
    found = Game.objects.filter(pk=game_id).values_list("tournament__slug", "table__number").first()
    if found is not None:
        forget(*found)


def connect() -> None:
    subscribe(ConsoleEventStored, _game_moved)
    subscribe(GameRecordChanged, _game_moved)
    subscribe(ConsoleTimerChanged, _game_moved)
