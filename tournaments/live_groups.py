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

import json
import logging

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


def push(group: str, kind: str, data: dict) -> bool:
    """Send ``data`` to every socket of ``group`` as a message of ``kind`` (the consumer's handler
    ``live_<kind>``). A push that fails (Redis down) is logged and forgotten: the change is stored,
    and every page catches up by its poll. False when it failed."""
    layer = get_channel_layer()
    if layer is None:
        return False
    # encoded once here, not once per socket: a hall of a thousand sockets shares one text
    text = json.dumps({"kind": kind, "data": data}, ensure_ascii=False, separators=(",", ":"), cls=DjangoJSONEncoder)
    try:
        async_to_sync(layer.group_send)(group, {"type": "live.message", "text": text})
    except Exception:  # a layer's connection error of any kind: the push is a courtesy, never the record
        log.warning("live push to %s failed", group, exc_info=True)
        return False
    return True
