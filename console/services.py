"""The console's log as the record of a game (spec/game-log.md "Storing a log").

``append_event`` is the only way an event is stored: under a row lock on the game's log, only at
the index equal to the log's length (else ``EventConflict`` with the current state), only if the
core accepts it (else ``EventRefused`` with its code and clause, nothing stored). When the log
reaches ``ended`` the protocol's rows are derived by the core's mapping, handed as a plain mapping
to the one entry pipeline (``protocols.entry.read_entry``: parse, storable, rule checks, review, as
the entry page and the API) and saved as a draft through ``protocols.services.save_protocol``, the
entry page's own service; sign-off stays on that page.

The replay is not redone from the first event on each append: ``replay_cache`` keeps this
process's replayed game of each log with its length, and only the events stored since are
loaded and pushed (the lock and the index check still decide; see that module). While the chief
judge has taken the console over (``control``) only the chief appends (``ConsoleTakenOver``).
Each stored event is announced (``ConsoleEventStored``, tournaments.domain_events) for the apps
above that follow a table live.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from console import control, replay_cache, timer
from console.models import ConsoleEvent, ConsoleLog
from engines import console as core
from engines.console.replay import refusal
from protocols.entry import ProtocolEntry, Reading, entry_from_game, players_for, read_entry
from protocols.models import Game
from protocols.presentation import problem_text
from protocols.services import ProtocolConflict, ProtocolInvalid, save_protocol
from tournaments.domain_events import ConsoleEventStored, publish
from tournaments.permissions import PermissionRefused, can_approve_extra, may_append_console, may_run_console

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


class ConsoleClosed(Exception):
    """The game is signed off: its log is closed for everyone (an amendment goes through the
    protocol, with a reason; RULES.md §5 and 7.16.3)."""

    def __init__(self, view: dict):
        super().__init__("signed_off")
        self.view = view


class ConsoleTakenOver(Exception):
    """The chief judge holds this game's console: the table's judge watches and enters nothing."""

    def __init__(self, view: dict):
        super().__init__("taken_over")
        self.view = view


@dataclass
class Appended:
    view: dict
    protocol_problems: list = field(default_factory=list)


def header_of(game: Game) -> dict:
    """The log's header from the protocol: the tournament's ruleset and the rules of play it
    changed (RULES.md §7.1.3, ``Tournament.game_settings``), the seats and their roles."""
    seats = [{"seat": s.number, "player": str(s.player_id), "role": s.role} for s in game.seats.order_by("number")]
    return {"format": LOG_FORMAT, "ruleset": game.tournament.ruleset, "settings": dict(game.tournament.game_settings or {}),
            "game": {"id": game.code or f"game-{game.pk}"}, "seats": seats}


def check_access(user, game: Game) -> None:
    if not may_run_console(user, game):
        raise PermissionRefused("Only the judge of this game's table or the chief judge may run its console.")


def _log_for(game: Game, *, lock: bool) -> ConsoleLog:
    """The game's log (made from the protocol the first time), locked if ``lock``: one query
    when it exists."""
    logs = ConsoleLog.objects.select_for_update() if lock else ConsoleLog.objects
    return _made_or_current(game, logs.filter(game=game).first(), lock=lock)


def _locked_log_and_game(game: Game) -> tuple[ConsoleLog | None, Game]:
    """The game's log locked, if it has one, and the game with its tournament as they are now,
    read in the same query (only the log's row is locked); the game alone when there is no log yet."""
    log = (ConsoleLog.objects.select_for_update(of=("self",)).select_related("game__tournament", "game__table")
           .filter(game_id=game.pk).first())
    if log is None:
        return None, Game.objects.select_related("tournament", "table").get(pk=game.pk)
    return log, log.game


def _made_or_current(game: Game, log: ConsoleLog | None, *, lock: bool) -> ConsoleLog:
    """``log`` as read for ``game``: made from the protocol if there is none yet, its header
    brought up to date while it has no event."""
    if log is None:
        log, _created = ConsoleLog.objects.get_or_create(game=game, defaults={"header": header_of(game)})
        if lock:
            log = ConsoleLog.objects.select_for_update().get(pk=log.pk)
    elif log.length == 0:
        # opened before the roles were dealt: until its first event the log takes the protocol's
        # seats and roles as they are now; a log with events never changes its header (7.16.3)
        header = header_of(game)
        if log.header != header:
            log.header = header
            log.save(update_fields=["header"])
    return log


def _replay_to(log: ConsoleLog, length: int) -> core.Game:
    """The game after the first ``length`` stored events: the cached replay brought up to date
    with the events stored since, or a replay of the whole log (``ConsoleRefused`` for a header
    or a stored event the core does not accept: said, never a 500). The caller owns the game
    (it was taken out of the cache) and puts it back once its events are committed."""
    cached = replay_cache.take(log, length)
    if cached is None:
        start, game = 0, None
    else:
        start, game = cached
    if game is not None and start == length:
        return game  # up to date: no query
    events = list(log.events.filter(index__gte=start, index__lt=length).order_by("index").values_list("payload", flat=True))
    if game is None:
        game, refused = core.replay_game({**log.header, "events": events})
        if refused is not None:
            raise ConsoleRefused(refused["refused"])
        return game
    for offset, event in enumerate(events):
        try:
            game.push(event)
        except core.Refused as exc:
            raise ConsoleRefused(refusal(start + offset, event, exc)["refused"]) from None
    return game


def _replayed(log: ConsoleLog) -> core.Game:
    return _replay_to(log, log.length)


def view_of(log: ConsoleLog, game: core.Game, *, taken_over_by=None, may_append=None) -> dict:
    """What the console shows: the log's length and the core's own screen of the game
    (``core.game_view``: the same function the browser runs offline), who holds the console
    (``taken_over_by``: None, or the chief judge who took it over) and whether this user may enter
    the next event (``may_append``)."""
    return {"index": log.length, **core.game_view(game), "taken_over_by": taken_over_by, "may_append": may_append}


def console_view(*, game: Game, user) -> dict:
    """The console as ``user`` sees it (the table's judge or the chief judge; the chief may
    watch any game of the tournament)."""
    return console_state(game=game, user=user)[1]


def with_clock(log: ConsoleLog, view: dict) -> dict:
    """``view`` with ``clock``, the stored timer of the turn it shows (console/timer.py): an undo
    back to a running speech shows that speech's timer, not a fresh one."""
    return {**view, "clock": timer.timer_json(log, view)}


def console_state(*, game: Game, user) -> tuple[ConsoleLog, dict]:
    """``console_view`` with the log row it was read from, so a caller never reads the row again."""
    check_access(user, game)
    log = _log_for(game, lock=False)
    played = _replayed(log)
    holder = control.taken_over_by(game)
    may_append = not game.is_signed_off and may_append_console(user, game, taken_over=holder is not None)
    view = view_of(log, played, taken_over_by=holder, may_append=may_append)
    replay_cache.put(log, log.length, played)  # read committed events only: safe to keep now
    return log, view


def console_document(*, game: Game, user) -> tuple[ConsoleLog, dict, dict]:
    """The stored log document and the view of it from one read and one replay, for the browser's
    copy (console/offline.py): the view's index is the document's own length, so an event stored
    meanwhile is in both or in neither. Same access rule and refusals as ``console_view``."""
    check_access(user, game)
    log = _log_for(game, lock=False)
    doc = log.document()
    played, refused = core.replay_game(doc)
    if refused is not None:
        raise ConsoleRefused(refused["refused"])
    holder = control.taken_over_by(game)  # the screen that reloads through here sees a take-over too
    return log, doc, {**view_of(log, played, taken_over_by=holder,
                                may_append=may_append_console(user, game, taken_over=holder is not None)),
                      "index": len(doc["events"])}


def append_event(*, game: Game, index, event, user) -> Appended:
    """Store ``event`` at ``index`` if that is the log's length and the core accepts it."""
    try:
        return _append(game=game, index=index, event=event, user=user)
    except IntegrityError:
        # another request stored this index first (the unique (log, index) is the last guard; the
        # row lock, or SQLite's write lock, normally orders them before): the loser gets the game now
        log = ConsoleLog.objects.get(game=game)
        raise EventConflict(view_of(log, _replayed(log), taken_over_by=control.taken_over_by(game), may_append=True)) from None


def _append(*, game: Game, index, event, user) -> Appended:
    with transaction.atomic():
        log, locked_game = _locked_log_and_game(game)
        check_access(user, locked_game)
        log = _made_or_current(locked_game, log, lock=True)
        played = _replayed(log)
        holder = control.taken_over_by(locked_game)

        def view(**extra):
            return with_clock(log, view_of(log, played, taken_over_by=holder, **extra))

        if locked_game.is_signed_off:
            replay_cache.put(log, log.length, played)
            raise ConsoleClosed(view(may_append=False))
        if not may_append_console(user, locked_game, taken_over=holder is not None):
            raise ConsoleTakenOver(view(may_append=False))
        if index != log.length:
            replay_cache.put(log, log.length, played)
            raise EventConflict(view(may_append=True))
        try:
            core.check_stored_form(event)  # the closed form: a stored log becomes public with its protocol
            played.push(event)
        except core.Refused as exc:
            replay_cache.put(log, log.length, played)  # a refused event changes nothing (machine.check)
            refused = refusal(index, event, exc)["refused"]  # with the field and params of the refusal
            raise EventRefused(refused, view(may_append=True)) from None
        ConsoleEvent.objects.create(log=log, index=index, payload=event, author=user)  # IntegrityError: see above
        log.length = index + 1
        ConsoleLog.objects.filter(pk=log.pk).update(length=log.length)
        # kept only once committed: a rolled-back append must not leave a game the database lacks
        transaction.on_commit(lambda: replay_cache.put(log, log.length, played))
        publish(ConsoleEventStored(locked_game.tournament_id, locked_game.pk, index, locked_game.table.number,
                                   locked_game.number))
        problems = []
        record = core.mapped(played.state)
        if record is not None:
            problems = _store_protocol(locked_game, record, user)
        return Appended(view(may_append=True), problems)


def protocol_mapping(stored: ProtocolEntry, record: dict) -> dict:
    """The plain mapping the entry pipeline reads (protocols/entry/parse.py's shape): the log's
    part from the core's mapping ``record`` (fouls, removals, how and when each player left, the
    day record, first-killed and best move, the result), the rest from ``stored``, the protocol as
    it is now (players and roles as seated; the judge's extra points, reasons, approvals and
    penalties as entered). Nothing is typed here: parse takes or refuses each value."""
    mapped_game, protocol = record["game"], record["protocol"]
    seats = {s["seat"]: s for s in mapped_game["seats"]}
    left = {x["seat"]: x for x in protocol["left"]}
    first_killed = mapped_game.get("first_killed")
    return {
        "seats": [{
            "number": s.number, "player": s.player_id, "role": seats.get(s.number, {}).get("role", s.role),
            "fouls": seats.get(s.number, {}).get("fouls", 0), "removed": seats.get(s.number, {}).get("removed") or "",
            "left_how": left.get(s.number, {}).get("left_how", ""), "left_on": left.get(s.number, {}).get("left_on"),
            "extra": format(s.extra, "f"), "extra_reason": s.extra_reason, "extra_approved": s.extra_approved,
            "gross_violation": bool(seats.get(s.number, {}).get("gross_violation")),
        } for s in stored.seats],
        "nominations": [dict(n) for n in protocol["nominations"]],
        "votes": [dict(v) for v in protocol["votes"]],
        "penalties": [{"seat": p.seat, "clause": p.clause, "reason": p.reason} for p in stored.penalties],
        "first_killed_seat": first_killed["seat"] if first_killed else None,
        "best_move": list(first_killed["named"]) if first_killed else [],
        "result": mapped_game["result"],
        "result_kind": protocol["result_kind"],
        "awarded_reason": protocol["awarded_reason"],
    }


def protocol_entry(game: Game, record: dict, user) -> Reading:
    """The stored protocol with the log's part replaced, read through the one entry pipeline
    (parse -> storable -> rule checks -> review, as the entry page and the API read theirs) as a
    draft: its errors stop the save, its warnings are what the sign-off will ask for."""
    stored = entry_from_game(game)
    return read_entry(protocol_mapping(stored, record), game=game, stored=stored, players=players_for(game, stored),
                      may_approve=can_approve_extra(user, game), signing=False)


def _store_protocol(game: Game, record: dict, user) -> list:
    """Save the derived protocol as a draft; its problems (if the entry pipeline finds any) are
    returned and the event stays stored: the judge sees them on the entry page."""
    reading = protocol_entry(game, record, user)
    if reading.errors:
        return [problem_text(p) for p in reading.errors]
    try:
        with transaction.atomic():
            save_protocol(game=game, user=user, entry=reading.entry, expected_version=Game.objects.get(pk=game.pk).version)
    except ProtocolInvalid as exc:
        return [problem_text(p) for p in exc.problems]
    except (ProtocolConflict, PermissionRefused) as exc:
        return [str(exc)]
    return []
