"""The live layer's groups and the one way to push to them (Django Channels).

A page that follows something live holds a socket (``public/consumers.py``, ``desk/consumers.py``,
``console/consumers.py``) that joins one of these groups; a service that stored a change pushes
to the group after its transaction commits. What a group receives is decided by who may join it:

    table(t, n)      a table of tournament t: its game's public projection (no role, shot or check
                     before sign-off: engines/console/public.py), for the live page and the overlay
    tables(t)        every table of t: the same projections, for the projector
    standings(t)     t's standings moved to a new version: the page fetches the new block
    desk(t)          something the chief judge acts on changed: a table, a protest
    console(g)       game g's console log moved: the judge's screen (during a take-over) reloads
                     its own view through its door, so no role travels on this group

The names are here, in the base app, because the apps that push (console, scoring, protocols)
sit below the apps whose pages listen (public, desk).
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder

log = logging.getLogger(__name__)


def table(tournament_id: int, number: int) -> str:
    return f"table.{tournament_id}.{number}"


def tables(tournament_id: int) -> str:
    return f"tables.{tournament_id}"


def standings(tournament_id: int) -> str:
    return f"standings.{tournament_id}"


def desk(tournament_id: int) -> str:
    return f"desk.{tournament_id}"


def console(game_id: int) -> str:
    return f"console.{game_id}"


# A push waits at most this long for the layer, and after a failure the process sends none for
# PAUSE_SECONDS: a hung Redis (a port that accepts and never answers) would otherwise hold every
# sign-off for the layer's read timeout once per group it pushes to (4 groups x 30 s, seen).
# The same shape as the cache's pause after a fault (config/cache.py).
PUSH_SECONDS = 1.0
PAUSE_SECONDS = 30.0
_paused_until = 0.0


async def _send(layer, group: str, message: dict) -> None:
    await asyncio.wait_for(layer.group_send(group, message), timeout=PUSH_SECONDS)


def _send_now(layer, group: str, message: dict) -> None:
    """``_send`` from sync code. A caller whose thread runs an event loop (sync code called from
    async code, or a process that drives a browser through Playwright's sync API) cannot use
    async_to_sync there: the send then goes from a thread of its own, and is waited for."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(_send)(layer, group, message)
        return
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(async_to_sync(_send), layer, group, message).result()


def push(group: str, kind: str, data: dict) -> bool:
    """Send ``data`` to every socket of ``group`` as a message of ``kind`` (the consumer's handler
    ``live_<kind>``). A push that fails or takes longer than PUSH_SECONDS (Redis down or hung) is
    logged and forgotten, and pushes pause for PAUSE_SECONDS: the change is stored, and every page
    catches up by its poll. False when it failed or was paused."""
    global _paused_until
    layer = get_channel_layer()
    if layer is None or time.monotonic() < _paused_until:
        return False
    # encoded once here, not once per socket: a hall of a thousand sockets shares one text
    text = json.dumps({"kind": kind, "data": data}, ensure_ascii=False, separators=(",", ":"), cls=DjangoJSONEncoder)
    try:
        _send_now(layer, group, {"type": "live.message", "text": text})
    except Exception:  # a layer's connection error or our timeout: the push is a courtesy, never the record
        log.warning("live push to %s failed; pushes pause for %s s", group, PAUSE_SECONDS, exc_info=True)
        _paused_until = time.monotonic() + PAUSE_SECONDS
        return False
    return True
