"""The stream overlay's delayed layer (/t/<slug>/tables/<n>/overlay.json): the roles, the nights'
shots and checks and the best move of a game as they stood ``delay`` ago, never sooner.

A stream is watched at the table too: a player must not learn from it what the game has not told
him. So the organiser switches this on per tournament (``Tournament.overlay_reveal``, off by
default) with a delay of at least three minutes (``overlay_delay_minutes``), and what it shows is
the replay of the events stored at or before now minus the delay (each event's ``created_at``): a
role appears only once the game's first event is that old, a check only once it is. Before the
delay, or with the reveal off, it says nothing but that. A signed-off game's protocol is public
anyway (console/live.py adds its roles and nights to every live view).
"""
from __future__ import annotations

import datetime

from django.utils import timezone

from console.models import ConsoleEvent, ConsoleLog
from engines import console as core


def delayed_layer(game, *, now: datetime.datetime | None = None) -> dict:
    """``{"reveal": False}``, or ``{"reveal": True, "delay_minutes", "as_of", "events", "roles",
    "nights", "first_killed"}`` as of ``now`` minus the tournament's delay (``roles`` None while no
    event is that old)."""
    tournament = game.tournament
    if not tournament.overlay_reveal:
        return {"reveal": False}
    now = now or timezone.now()
    cutoff = now - datetime.timedelta(minutes=max(3, tournament.overlay_delay_minutes))
    layer = {"reveal": True, "delay_minutes": tournament.overlay_delay_minutes, "as_of": cutoff.isoformat(),
             "events": 0, "roles": None, "nights": [], "first_killed": None}
    log = ConsoleLog.objects.filter(game=game).first()
    if log is None:
        return layer
    events = list(ConsoleEvent.objects.filter(log=log, created_at__lte=cutoff).order_by("index")
                  .values_list("payload", flat=True))
    if not events:
        return layer
    played, refused = core.replay_game({**log.header, "events": events})
    if refused is not None or played is None:
        return layer
    state = core.state_json(played.state)
    layer.update(events=len(events), roles={str(s["seat"]): s["role"] for s in log.header.get("seats", [])},
                 nights=[{key: night.get(key) for key in ("night", "shots", "killed", "don_check", "sheriff_check")}
                         for night in played.state.nights],
                 first_killed=state.get("first_killed"))
    return layer
