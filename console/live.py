"""What the live views show of a game run on the console: the public table view (and the
projector's tables of the round), and the desk's line for each table.

The public view is built here, field by field, from the core's state, never by filtering the
console's own view: seats, who is out, fouls, the speaker and the timer, the nominees and the
vote. Before sign-off it carries no role, no shot and no check, and during the night nothing the
night has decided (tonight's victim stays "in the game", the night's best move has no speaker)
until the morning announces it; after sign-off the roles, the result and the nights' shots and
checks are added, as the public game page shows them.
"""
from __future__ import annotations

from contextlib import contextmanager

from django.utils.translation import gettext_lazy as _

from console.models import ConsoleLog
from console.timer import timer_json
from engines.console import timer_json as timer_json_of
from engines.console.state import NIGHT_PHASES
from protocols.wording import phase_name

LEFT_NAMES = {"voted": _("voted out"), "killed": _("killed"), "removed": _("removed")}
# phases whose speaker and timer the table sees (a night's turns, the best move at night, are not public)
SPEAKER_PHASES = ("day_speech", "tie_speech", "last_words", "night_last_words")
# what on the console needs the chief judge (the desk's flags): in-force events of these kinds
FLAG_NAMES = {
    "team_loss": _("team-loss award"),
    "replay": _("replay"),
    "override": _("override"),
    "protest": _("protest"),
    "taken_over": _("taken over"),
    "refused": _("log refused"),
}


def live_timer(log: ConsoleLog, played) -> dict | None:
    """The running turn's stored timer (console/timer.py: running or stopped, what is left, the
    deadline), as the judge's screen has it, for the live views; None when the turn is not timed."""
    s = played.state
    view = {"timer": timer_json_of(s), "state": {"label": s.label}, "trace": {"speeches": s.speeches}}
    return timer_json(log, view)


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


def _public_state(s, *, signed_off: bool) -> dict:
    """The table's state as the hall sees it (see the module's docstring)."""
    night = s.phase in NIGHT_PHASES and not signed_off
    tonight = f"N{s.day}"
    left = {seat: (how, label) for seat, (how, label) in s.left.items()
            if not (night and how == "killed" and label == tonight)}
    in_game = set(s.in_game) | ({seat for seat in s.left if seat not in left} if night else set())
    turn = s.turn
    speaker = turn.seat if turn is not None and s.phase in SPEAKER_PHASES else None
    timer = None
    if turn is not None and (s.phase in SPEAKER_PHASES or s.phase in ("night0_mafia", "night0_sheriff")):
        timer = {"kind": turn.kind, "seconds": turn.seconds, "seat": speaker}
    vote = None
    if s.round is not None and s.phase == "voting":
        vote = {"kind": s.round.kind, "seats": list(s.round.seats), "voters": s.round.voters,
                "counts": {str(seat): n for seat, n in s.round.counts.items()}, "uncast": s.round.uncast,
                "called": s.round.called}
    over = s.phase in ("over", "ended")
    return {
        "phase": s.phase, "phase_name": phase_name(s.phase), "label": s.label,
        "speaker": speaker, "timer": timer, "nominees": [seat for _by, seat in s.standing],
        "vote": vote, "in_game": sorted(in_game), "fouls": {str(k): v for k, v in sorted(s.fouls.items())},
        "left": {str(seat): {"how": how, "on": label, "name": str(LEFT_NAMES.get(how, how))}
                 for seat, (how, label) in sorted(left.items())},
        "removed": sorted(s.removed), "over": over,
    }


def table_view(game, *, log: ConsoleLog | None = None) -> dict:
    """The public live view of one game (``game`` with its seats and players prefetched)."""
    signed_off = game.is_signed_off
    seats = [{"seat": seat.number, "player": seat.player.nickname if seat.player_id else ""}
             for seat in game.seats.all()]
    if log is None:
        log = ConsoleLog.objects.filter(game=game).first()
    view = {"game": game.number, "table": game.table.number, "round": game.round.number,
            "signed_off": signed_off, "console": log is not None and log.length > 0, "seats": seats, "state": None}
    with replayed(log) as played:
        if played is not None and log.length > 0:
            view["state"] = _public_state(played.state, signed_off=signed_off)
            if view["state"]["timer"] is not None:
                view["state"]["timer"]["clock"] = live_timer(log, played)
            if signed_off:
                view["nights"] = _nights(played.state)
    if signed_off:
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
