"""The turn's timer as a stored deadline (RULES.md 7.15, 7.3.3).

The timer is no event: it changes no rule and never moves the game on (7.3.3: "the judge may
pause, restart or extend a timer"). It is kept on the game's ``ConsoleLog`` so that a reload, a
screen rotation, a second tab or a tablet that slept finds it where it was:

``timer_turn``          the turn it belongs to: ``"<label>#<n>"``, the label and the number of turns
                        the trace's ``speeches`` list under that label (every turn given, 7.4, adds
                        one), so the next turn, or an undone one, starts again from its full length;
``timer_running``       running or stopped;
``timer_deadline``      when a running timer reaches zero;
``timer_remaining_ms``  what a stopped timer has left (negative once it ran over).

``timer_json(log, view)`` is what the screens read (the judge's console, the public live view);
``change_timer`` is the judge's start / stop / add / reset.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from console.models import ConsoleLog
from tournaments.domain_events import ConsoleTimerChanged, publish

ACTIONS = ("start", "stop", "add", "reset")
ADD_LIMIT_S = 600  # one press adds or takes at most ten minutes: a typo never sets an absurd timer


class TimerStale(Exception):
    """The request named another turn than the game's current one (a tab behind the game)."""


def turn_key(view: dict) -> str:
    """The current turn's name, ``""`` when nothing is timed (shooting, checks, a vote, the end)."""
    if not view.get("timer"):
        return ""
    label = view["state"].get("label") or ""
    return f"{label}#{len(view['trace']['speeches'].get(label, []))}"


def _remaining_ms(log: ConsoleLog, now: datetime.datetime) -> int:
    if log.timer_running and log.timer_deadline is not None:
        return int((log.timer_deadline - now).total_seconds() * 1000)
    return int(log.timer_remaining_ms or 0)


def timer_json(log: ConsoleLog, view: dict, *, now: datetime.datetime | None = None) -> dict | None:
    """The timer of the view's turn: ``{turn, seconds, running, remaining_ms, deadline, now}``, or
    ``None`` when the turn is not timed. A stored timer of another turn reads as this turn's timer,
    stopped at its full length (``seconds`` from §7.15 as the core gives them)."""
    key = turn_key(view)
    if not key:
        return None
    return clock(log, key, view["timer"]["seconds"], now=now)


def clock(log: ConsoleLog, key: str, seconds: int, *, now: datetime.datetime | None = None) -> dict:
    """The stored timer of the turn named ``key`` (``seconds`` long): what ``timer_json`` gives,
    for a caller that has the turn's name but not the view (the live views' stored projection)."""
    now = now or timezone.now()
    if log.timer_turn != key:
        running, remaining, deadline = False, seconds * 1000, None
    else:
        running, remaining = log.timer_running, _remaining_ms(log, now)
        deadline = log.timer_deadline.isoformat() if running and log.timer_deadline else None
    return {"turn": key, "seconds": seconds, "running": running, "remaining_ms": remaining,
            "deadline": deadline, "now": now.isoformat()}


def change_timer(*, log: ConsoleLog, view: dict, action: str, turn: str, seconds: int = 0,
                 now: datetime.datetime | None = None) -> dict:
    """Start, stop, add ``seconds`` (±) or reset the current turn's timer; returns ``timer_json``.
    ``turn`` must be the current turn's key (else ``TimerStale``): a stale tab cannot move the
    timer of a turn it does not show. Raises ``ValueError`` for an unknown action."""
    if action not in ACTIONS:
        raise ValueError("action")
    key = turn_key(view)
    if not key or turn != key:
        raise TimerStale(key)
    now = now or timezone.now()
    with transaction.atomic():
        log = ConsoleLog.objects.select_for_update().get(pk=log.pk)
        full_ms = view["timer"]["seconds"] * 1000
        if log.timer_turn != key or action == "reset":
            log.timer_turn, log.timer_running, log.timer_deadline, log.timer_remaining_ms = key, False, None, full_ms
        remaining = _remaining_ms(log, now)
        if action == "start":
            log.timer_running, log.timer_deadline = True, now + datetime.timedelta(milliseconds=max(remaining, 0))
        elif action == "stop":
            log.timer_running, log.timer_deadline, log.timer_remaining_ms = False, None, remaining
        elif action == "add":
            step = max(-ADD_LIMIT_S, min(ADD_LIMIT_S, int(seconds))) * 1000
            remaining = max(0, remaining + step)
            if log.timer_running:
                log.timer_deadline = now + datetime.timedelta(milliseconds=remaining)
            else:
                log.timer_remaining_ms = remaining
        log.save(update_fields=["timer_turn", "timer_running", "timer_deadline", "timer_remaining_ms"])
        game = log.game
        publish(ConsoleTimerChanged(game.tournament_id, game.pk))  # the hall's clock follows the judge's
    return timer_json(log, view, now=now)
