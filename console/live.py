"""What the live views show of a game run on the console: the public table view (and the
projector's tables of the round), and the desk's line for each table.

The public view is the engine's public projection (``engines.console.public_state``): seats in
the game, who left and how, fouls, the speaker and his turn, the nominees and the vote; the night
is one phase, ``night``, whose kill, fouls and removals show in the morning; no role, shot,
check or best move before sign-off. It is stored on the log row per event (``public_projection``)
so a poll reads it and never replays the log; the words (the phase's, how a player left) and the
judge's stored timer are added when it is served. After sign-off the roles, the result and the
nights' shots and checks are added, as the public game page shows them, unless the game's stage
hides its standings (`Stage.standings_hidden`): then only `sealed` says the game is over.
"""
from __future__ import annotations

from contextlib import contextmanager

from django.utils.translation import gettext_lazy as _

from console.models import ConsoleLog
from console.timer import clock
from engines.console import public_state
from protocols.wording import phase_name

LEFT_NAMES = {"voted": _("voted out"), "killed": _("killed"), "removed": _("removed")}
# what on the console needs the chief judge (the desk's flags): in-force events of these kinds
FLAG_NAMES = {
    "team_loss": _("team-loss award"),
    "replay": _("replay"),
    "override": _("override"),
    "protest": _("protest"),
    "taken_over": _("taken over"),
    "refused": _("log refused"),
}


@contextmanager
def replayed(log: ConsoleLog | None):
    """The log's replayed game, read-only, for the length of the block (None without a log, or
    for a log the core refuses); it goes back to the process's cache afterwards."""
    from console import replay_cache, services

    if log is None:
        yield None
        return
    try:
        game = services._replay_to(log, log.length)
    except services.ConsoleRefused:
        yield None
        return
    try:
        yield game
    finally:
        replay_cache.put(log, log.length, game)


def public_projection(log: ConsoleLog | None) -> dict | None:
    """The log's public projection at its current length (None without events, or for a log the
    core refuses), from the row when it is stored, else computed once and stored.

    Why a column on the log and not a cache: every web process serves live.json, so the stored
    projection must be shared by all of them (a per-process dict is not) and be there after a
    restart; on the row it comes with the query that reads the log anyway and needs no Redis. It
    is keyed by the length: a log is append-only (an undo is an event) and its header never
    changes once it has events (services._log_for), so the projection of its first n events never
    changes. The update names the length it was computed at, so a projection computed while an
    event was being stored never lands on the longer log; two processes computing it at once store
    the same dict."""
    if log is None or log.length == 0:
        return None
    if log.public_length == log.length and log.public_state is not None:
        return log.public_state
    with replayed(log) as played:
        if played is None:
            return None
        projection = public_state(played.state)
    ConsoleLog.objects.filter(pk=log.pk, length=log.length).update(public_state=projection, public_length=log.length)
    log.public_state, log.public_length = projection, log.length
    return projection


def _worded(projection: dict, log: ConsoleLog) -> dict:
    """The projection as served: the phase's and the leaving's words in the request's language,
    and the judge's stored timer of the turn (a day turn's only: the night has none)."""
    view = {**projection, "phase_name": phase_name(projection["phase"]),
            "left": {seat: {**left, "name": str(LEFT_NAMES.get(left["how"], left["how"]))}
                     for seat, left in projection["left"].items()}}
    timer = projection["timer"]
    if timer is not None:
        stored = clock(log, timer["turn"], timer["seconds"])
        if not stored["running"]:
            # a stopped timer shows what it has left: no need of the server's time, which would make
            # every answer differ and no poll a 304 (a running one needs it: live.js counts from it)
            stored["now"] = None
        view["timer"] = {**timer, "clock": stored}
    return view


def _log_of(game) -> ConsoleLog | None:
    """The game's log: from ``select_related("console_log")`` when the caller asked for it."""
    try:
        return game.console_log
    except ConsoleLog.DoesNotExist:
        return None


def table_view(game, *, log: ConsoleLog | None = None) -> dict:
    """The public live view of one game (``game`` with its seats and players prefetched, and its
    log selected with it: then no query replays anything before sign-off)."""
    signed_off = game.is_signed_off
    seats = [{"seat": seat.number, "player": seat.player.nickname if seat.player_id else ""}
             for seat in game.seats.all()]
    if log is None:
        log = _log_of(game)
    view = {"game": game.number, "table": game.table.number, "round": game.round.number,
            "signed_off": signed_off, "console": log is not None and log.length > 0, "seats": seats, "state": None}
    projection = public_projection(log)
    if projection is not None:
        view["state"] = _worded(projection, log)
    if signed_off and game.stage.standings_hidden:
        # a stage whose standings are hidden until the organiser reveals them: its games' roles and
        # results too (the hall would add up the final from them)
        view["sealed"] = True
    elif signed_off:
        if projection is not None:
            with replayed(log) as played:
                if played is not None:
                    view["nights"] = _nights(played.state)
        roles = {seat.number: seat.role for seat in game.seats.all()}
        for row in seats:
            row["role"] = roles.get(row["seat"]) or None
        view["result"] = game.result or None
    return view


def _nights(s) -> list:
    """The nights' shots and checks (the trace's nights), public with the protocol."""
    return [{key: night.get(key) for key in ("night", "shots", "killed", "don_check", "sheriff_check")}
            for night in s.nights]


def in_force_flags(game_core) -> list:
    """The desk's flags from a game's events in force: a team-loss award, a replay, an override."""
    flags = []
    for event in game_core.in_force:
        kind = event.get("type")
        if kind == "remove" and event.get("kind") in ("team_loss", "replay"):
            flag = event["kind"]
        elif kind == "override":
            flag = "override"
        else:
            continue
        if flag not in flags:
            flags.append(flag)
    return flags


def desk_line(log: ConsoleLog | None) -> dict:
    """The desk's line of one game: the console's phase, day, who speaks, and its flags."""
    line = {"phase": None, "phase_name": "", "label": None, "speaker": None, "flags": [], "length": 0}
    if log is None or log.length == 0:
        return line
    line["length"] = log.length
    with replayed(log) as played:
        if played is None:
            line["flags"].append("refused")
            return line
        s = played.state
        turn = s.player_turn()
        line.update(phase=s.phase, phase_name=phase_name(s.phase), label=s.label,
                    speaker=turn.seat if turn is not None else None, flags=in_force_flags(played))
    return line
