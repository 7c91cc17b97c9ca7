"""The console's log as the record of a game (spec/game-log.md "Storing a log").

``append_event`` is the only way an event is stored: under a row lock on the game's log, only at
the index equal to the log's length (else ``EventConflict`` with the current state), only if the
core accepts it (else ``EventRefused`` with its code and clause, nothing stored). When the log
reaches ``ended`` the protocol's rows are derived by the core's mapping and saved as a draft through
``protocols.services.save_protocol``, the entry page's own service; sign-off stays on that page.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from console import core
from console.models import ConsoleEvent, ConsoleLog
from protocols.entry import NominationEntry, VoteEntry, entry_from_game
from protocols.models import Game
from protocols.presentation import problem_text
from protocols.services import ProtocolConflict, ProtocolInvalid, save_protocol
from tournaments.permissions import PermissionRefused, may_run_console

LOG_FORMAT = "mafia-game-log/1"


class ConsoleRefused(Exception):
    """The log's header (the seats and roles of the protocol) is not one the core accepts."""

    def __init__(self, refused: dict):
        super().__init__(refused["code"])
        self.refused = refused


class EventConflict(Exception):
    """The index sent is not the log's length: another tab (or an offline queue) got there first."""

    def __init__(self, view: dict):
        super().__init__("conflict")
        self.view = view


class EventRefused(Exception):
    """The core refused the event; nothing was stored."""

    def __init__(self, refused: dict, view: dict):
        super().__init__(refused["code"])
        self.refused = refused
        self.view = view


@dataclass
class Appended:
    view: dict
    protocol_problems: list = field(default_factory=list)


def header_of(game: Game) -> dict:
    """The log's header from the protocol: the tournament's ruleset, the seats and their roles."""
    seats = [{"seat": s.number, "player": str(s.player_id), "role": s.role} for s in game.seats.order_by("number")]
    return {"format": LOG_FORMAT, "ruleset": game.tournament.ruleset, "settings": {},
            "game": {"id": game.code or f"game-{game.pk}"}, "seats": seats}


def check_access(user, game: Game) -> None:
    if not may_run_console(user, game):
        raise PermissionRefused("Only the judge of this game's table or the chief judge may run its console.")


def _log_for(game: Game, *, lock: bool) -> ConsoleLog:
    log = ConsoleLog.objects.filter(game=game).first()
    if log is None:
        log, _created = ConsoleLog.objects.get_or_create(game=game, defaults={"header": header_of(game)})
    if lock:
        log = ConsoleLog.objects.select_for_update().get(pk=log.pk)
    return log


def _replayed(log: ConsoleLog) -> core.Game:
    doc = log.document()
    game, refused = core.replay_game(doc)
    if game is None:
        raise ConsoleRefused(refused["refused"])
    if refused is not None:  # a stored event the core no longer accepts: say so, never 500
        raise ConsoleRefused(refused["refused"])
    return game


def view_of(log: ConsoleLog, game: core.Game) -> dict:
    """What the console shows: the log's length, the replay's state and trace, the legal next events."""
    s = game.state
    return {"index": log.length, "state": core.state_json(s), "trace": core.trace_json(s),
            "timer": core.timer_json(s), "legal": game.legal_events(), "mapped": core.mapped(s)}


def console_view(*, game: Game, user) -> dict:
    check_access(user, game)
    log = _log_for(game, lock=False)
    return view_of(log, _replayed(log))


def append_event(*, game: Game, index, event, user) -> Appended:
    """Store ``event`` at ``index`` if that is the log's length and the core accepts it."""
    with transaction.atomic():
        locked_game = Game.objects.select_related("tournament").get(pk=game.pk)
        check_access(user, locked_game)
        log = _log_for(locked_game, lock=True)
        played = _replayed(log)
        if index != log.length:
            raise EventConflict(view_of(log, played))
        try:
            played.push(event)
        except core.Refused as exc:
            kind = event.get("type") if isinstance(event, dict) else None
            refused = {"index": index, "type": kind, "code": exc.code, "rule": exc.rule}
            raise EventRefused(refused, view_of(log, played)) from None
        try:
            with transaction.atomic():  # the unique (log, index) is the lock where FOR UPDATE is not
                ConsoleEvent.objects.create(log=log, index=index, payload=event, author=user)
        except IntegrityError:
            fresh = ConsoleLog.objects.get(pk=log.pk)
            raise EventConflict(view_of(fresh, _replayed(fresh))) from None
        log.length = index + 1
        log.save(update_fields=["length"])
        problems = []
        record = core.mapped(played.state)
        if record is not None:
            problems = _store_protocol(locked_game, record, user)
        return Appended(view_of(log, played), problems)


def protocol_entry(game: Game, record: dict):
    """The stored protocol with the log's part replaced (roles and players stay as seated; the
    judge's extra points, reasons and penalties stay as entered)."""
    entry = entry_from_game(game)
    mapped_game, protocol = record["game"], record["protocol"]
    seats = {s["seat"]: s for s in mapped_game["seats"]}
    left = {x["seat"]: x for x in protocol["left"]}
    for s in entry.seats:
        m = seats.get(s.number, {})
        s.role = m.get("role", s.role)
        s.fouls = m.get("fouls", 0)
        s.removed = m.get("removed") or ""
        s.gross_violation = bool(m.get("gross_violation"))
        s.left_how = left.get(s.number, {}).get("left_how", "")
        s.left_on = left.get(s.number, {}).get("left_on")
    entry.nominations = [NominationEntry(n["day"], n["by_seat"], n["nominee_seat"], bool(n["withdrawn"]))
                         for n in protocol["nominations"]]
    entry.votes = [VoteEntry(v["day"], v["ballot"], v["nominee_seat"], v["votes"]) for v in protocol["votes"]]
    first_killed = mapped_game.get("first_killed")
    entry.first_killed_seat = first_killed["seat"] if first_killed else None
    entry.best_move = list(first_killed["named"]) if first_killed else []
    entry.result = mapped_game["result"]
    entry.result_kind = protocol["result_kind"]
    entry.awarded_reason = protocol["awarded_reason"]
    return entry


def _store_protocol(game: Game, record: dict, user) -> list:
    """Save the derived protocol as a draft; its problems (if the entry page's checks find any)
    are returned and the event stays stored: the judge sees them on the entry page."""
    entry = protocol_entry(game, record)
    try:
        with transaction.atomic():
            save_protocol(game=game, user=user, entry=entry, expected_version=Game.objects.get(pk=game.pk).version)
    except ProtocolInvalid as exc:
        return [problem_text(p) for p in exc.problems]
    except (ProtocolConflict, PermissionRefused) as exc:
        return [str(exc)]
    return []
