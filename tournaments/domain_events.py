"""Domain events: the one way an app tells the apps above it that something happened.

A lower app's service publishes what it changed; the apps above subscribe to the event types they
care about in their `AppConfig.ready()`. The publisher never imports a listener, so the arrows of
the layers keep pointing down, and no model signal receiver is needed (a plain `Model.save()` of a
test factory or a data migration announces nothing; the services and the admin's save paths do).

    publish(event)                        inside the transaction that made the change
    subscribe(EventType, listener)        called once after that transaction commits, once per
                                          (event type, event.key) and transaction
    subscribe(EventType, listener, in_transaction=True)
                                          called at each publish, inside the change's transaction
    subscribe(EventType, listener, off_request=True)
                                          after the commit, in the process's after-response
                                          thread (tournaments/after_response.py): the live
                                          layer's pushes, which the request need not wait for

A listener subscribed to a class hears its subclasses too (`GameRecordChanged` hears a sign-off,
an amendment, a rejected protest and a file import).

Two moments, for two kinds of work:
- after commit: whatever looks at the committed rows or leaves the database (a cache forgotten,
  a message to a live page). Events of one key published in one transaction are merged into one
  (`DomainEvent.merged_with`); a transaction rolled back sends nothing. An event names what
  changed; a listener reads the rows themselves, so a merge that still carries what a rolled-back
  savepoint (or an earlier transaction rolled back) said costs a look, never a wrong result.
- in the transaction: marking derived data stale in the very commit of the change (the standings'
  and the rating's requested version), so the two commit or roll back together and the beat's
  sweep finds the work even when the process dies at the commit. Such a listener writes to the
  same database only; anything sent outside waits for the commit.

A listener's failure is logged and stops neither the other listeners nor the request: an
in-transaction listener runs in a savepoint of its own, so its failed write is rolled back alone.

Celery work: a listener that wants a job sends it itself. An after-commit listener runs once the
rows exist and sends with `background.send_or_run` (a broker that is down gets the work done
in-process). The standings and the rating raise their version in the transaction and send their
job with `background.once_after_commit` (one job per transaction: scoring.services,
ratings.services), as their own recompute requests from above do.

The events, who sends them and who listens (s = scoring, r = ratings; "tx" = in the transaction):

    TournamentSettingsChanged   tournament_changes.save_tournament (the admin's tournament form,
                                protocols.judge_accounts, the tournament file's import)
                                s tx: a new tournament or a changed scoring setting -> recompute;
                                s after commit: forget the memo of current snapshots
    TournamentPublicationChanged  the same saves, when `publication` changed
                                r tx: draft <-> published or finished -> full rating recompute
    TournamentDeleted           the admin's delete (one tournament, or the superuser's action)
                                s after commit: forget the memo of current snapshots
    RegistrationsChanged        the admin (registration pages, the tournament's inline), the
                                registration import, seating's reseat (withdrawn, substitutes)
                                s tx: recompute
    StagesChanged               the tournament's stage inline, the stage's page and its
                                "reveal the standings" action in the admin
                                s tx: recompute; r tx: rating recompute (a hidden stage's games
                                are not rated until it is revealed)
    RoundsChanged               the admin's rounds, seating's writes when the round rows changed
                                s tx: recompute if games before the final follow the plan (8.6)
    PlayerChanged               the admin's player page (the standings show nickname and club)
                                s tx: recompute each tournament the player is registered in
    GameRecordChanged           (base of the four below: the signed-off record others read)
                                s tx: recompute; r tx: rating recompute
      GameSignedOff             protocols.services (sign-off)
      GameAmended               protocols.services (a signed-off protocol saved again: an
                                amendment, an approval of extra points, a protest's decision)
      ProtestRejected           protocols.protests (a protest on a signed-off game rejected)
      TournamentFileImported    protocols.tournament_file.import_tournament
    ConsoleEventStored          console.services.append_event
                                after commit: the live layer pushes the table's public view
                                (public), a notice to the desk (desk) and to the judge's screen
                                (console)
    ConsoleControlChanged       console.control: take over, hand back
                                after commit: the judge's screen (console) and the desk (desk)
    StandingsRecomputed         scoring.recompute, a new snapshot stored
                                after commit: the standings page and the projector (public)
    ProtestFiled                protocols.protests.file_protest
                                after commit: the chief judge's desk (desk)
    SeatingSaved                seating.services: save, swap, reseat
    SignUpChanged               tournaments.signups (sign up, withdraw, approve, decline, promote)
                                after commit: the player's e-mail (tournaments.signup_mail)
"""
from __future__ import annotations

import functools
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from django.db import transaction

from . import after_response

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DomainEvent:
    """Something that happened, named by ids (never by model instances: a listener after the
    commit reads the rows itself)."""

    @property
    def key(self) -> tuple:
        """What makes two events of this type the same change for after-commit listeners: every
        field, unless the type says less."""
        return tuple(getattr(self, f.name) for f in fields(self))

    def merged_with(self, later: DomainEvent) -> DomainEvent:
        """The one event that stands for `self` and a `later` one of the same key: the later."""
        return later


# -- the tournament and its rows (this app) -----------------------------------------------------
@dataclass(frozen=True)
class TournamentSettingsChanged(DomainEvent):
    """Fields of a tournament row changed (their names), or the tournament was created."""

    tournament_id: int
    fields: frozenset[str]
    created: bool = False

    @property
    def key(self) -> tuple:
        return (self.tournament_id,)

    def merged_with(self, later: DomainEvent) -> DomainEvent:
        return replace(self, fields=self.fields | later.fields, created=self.created or later.created)


@dataclass(frozen=True)
class TournamentPublicationChanged(DomainEvent):
    """A tournament's publication (draft, published, finished) went from `before` to `after`."""

    tournament_id: int
    before: str
    after: str

    @property
    def key(self) -> tuple:
        return (self.tournament_id,)

    def merged_with(self, later: DomainEvent) -> DomainEvent:
        return replace(self, after=later.after)


@dataclass(frozen=True)
class TournamentDeleted(DomainEvent):
    tournament_id: int


@dataclass(frozen=True)
class RegistrationsChanged(DomainEvent):
    """Who plays in the tournament changed: registrations added, deleted, withdrawn, excluded,
    renumbered, substitutes."""

    tournament_id: int


@dataclass(frozen=True)
class StagesChanged(DomainEvent):
    """A stage of the tournament was added, changed or deleted."""

    tournament_id: int


@dataclass(frozen=True)
class RoundsChanged(DomainEvent):
    """A round of the stage came or went."""

    stage_id: int


@dataclass(frozen=True)
class PlayerChanged(DomainEvent):
    """A player's row (nickname, name, club) changed."""

    player_id: int


# -- protocols ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameRecordChanged(DomainEvent):
    """The signed-off record of the tournament's games changed: what the standings and the rating
    read. Published as one of its subclasses."""

    tournament_id: int


@dataclass(frozen=True)
class GameSignedOff(GameRecordChanged):
    game_id: int


@dataclass(frozen=True)
class GameAmended(GameRecordChanged):
    """A signed-off protocol was saved again."""

    game_id: int


@dataclass(frozen=True)
class ProtestRejected(GameRecordChanged):
    """A protest on a signed-off game was rejected: the decision is on the protocol."""

    game_id: int


@dataclass(frozen=True)
class TournamentFileImported(GameRecordChanged):
    """A tournament file created or updated the tournament, its players and its games."""


# -- the console and the seating ------------------------------------------------------------------
@dataclass(frozen=True)
class ConsoleEventStored(DomainEvent):
    """The console stored the event at `index` of the game's log (one event per game and
    transaction: the last index stored)."""

    tournament_id: int
    game_id: int
    index: int
    table: int = 0  # the game's table number, and the game's number: what the pushes after
    number: int = 0  # each event name, read with the log (0: not given; the listener reads the game)

    @property
    def key(self) -> tuple:
        return (self.game_id,)


@dataclass(frozen=True)
class ConsoleControlChanged(DomainEvent):
    """The chief judge took a game's console over, or handed it back."""

    tournament_id: int
    game_id: int

    @property
    def key(self) -> tuple:
        return (self.game_id,)


@dataclass(frozen=True)
class ConsoleTimerChanged(DomainEvent):
    """The judge started, stopped, added to or reset the clock of a game's current turn."""

    tournament_id: int
    game_id: int

    @property
    def key(self) -> tuple:
        return (self.game_id,)


@dataclass(frozen=True)
class StandingsRecomputed(DomainEvent):
    """A new standings snapshot of the tournament is stored (its version)."""

    tournament_id: int
    version: int


@dataclass(frozen=True)
class ProtestFiled(DomainEvent):
    """A protest was filed on a game of the tournament."""

    tournament_id: int
    game_id: int
    protest_id: int

    @property
    def key(self) -> tuple:
        return (self.protest_id,)


@dataclass(frozen=True)
class SeatingSaved(DomainEvent):
    """A stage's stored seating changed: generated, reseated, or two seats swapped."""

    tournament_id: int
    stage_id: int


@dataclass(frozen=True)
class SignUpChanged(DomainEvent):
    """A sign-up from the site changed: `change` is pending, confirmed, waitlisted, approved,
    promoted, declined or withdrawn."""

    signup_id: int
    change: str


# -- the mechanism --------------------------------------------------------------------------------
Listener = Callable[[DomainEvent], None]

_in_transaction: dict[type[DomainEvent], list[Listener]] = {}
_after_commit: dict[type[DomainEvent], list[Listener]] = {}


def subscribe(event_type: type[DomainEvent], listener: Listener, *, in_transaction: bool = False,
              off_request: bool = False) -> None:
    """Call `listener(event)` for each event of `event_type` or a subclass (after the commit, or
    at the publish with `in_transaction`). `off_request`: after the commit in the process's
    after-response thread (tournaments/after_response.py), so the request that made the change
    does not wait for it: a push to live pages. Subscribing the same listener twice changes nothing."""
    listeners = (_in_transaction if in_transaction else _after_commit).setdefault(event_type, [])
    if listener not in listeners:
        listeners.append(listener)
    if off_request:
        _off_request.add(listener)


def unsubscribe(event_type: type[DomainEvent], listener: Listener, *, in_transaction: bool = False) -> None:
    """Undo `subscribe` (a test's temporary listener)."""
    listeners = (_in_transaction if in_transaction else _after_commit).get(event_type, [])
    if listener in listeners:
        listeners.remove(listener)
    if not any(listener in each for each in _after_commit.values()):
        _off_request.discard(listener)  # it may still hear other event types, off the request as before


def _listeners(registry: dict, event: DomainEvent) -> list[Listener]:
    return [listener for kind in type(event).__mro__ for listener in registry.get(kind, ())]


class _Pending:
    """The event of one key waiting for the commit of one connection's transaction."""

    __slots__ = ("event", "sent")

    def __init__(self, event: DomainEvent):
        self.event = event
        self.sent = False


_off_request: set = set()  # after-commit listeners that run in the after-response thread

# connection -> {(event type, key): _Pending}; one connection per thread, so another thread's
# transaction never takes this one's events.
_pending: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def publish(event: DomainEvent) -> None:
    """Announce `event`: its in-transaction listeners are called now, its after-commit listeners
    once the current transaction commits (at once outside a transaction), once per key.

    Each publish registers its own on-commit callback, so a savepoint rolled back drops only its
    own and the rest still send; the callbacks of one key share one `_Pending`, and the first to
    run sends it. A transaction rolled back sends nothing."""
    for listener in _listeners(_in_transaction, event):
        _call_in_savepoint(listener, event)
    if not _listeners(_after_commit, event):
        return
    connection = transaction.get_connection()
    mine = _pending.setdefault(connection, {})
    key = (type(event), event.key)
    pending = mine.get(key)
    if pending is None or pending.sent:
        pending = mine[key] = _Pending(event)
    else:
        pending.event = pending.event.merged_with(event)

    def send():
        if mine.get(key) is pending:
            del mine[key]
        if not pending.sent:
            pending.sent = True
            for listener in _listeners(_after_commit, pending.event):
                _call(listener, pending.event)

    transaction.on_commit(send)


def _call(listener: Listener, event: DomainEvent) -> None:
    if listener in _off_request:
        after_response.submit(functools.partial(_call_now, listener, event))
        return
    _call_now(listener, event)


def _call_now(listener: Listener, event: DomainEvent) -> None:
    try:
        listener(event)
    except Exception:
        log.exception("%r: the listener %s failed", event, _name(listener))


def _call_in_savepoint(listener: Listener, event: DomainEvent) -> None:
    try:
        with transaction.atomic():
            listener(event)
    except Exception:
        log.exception("%r: the listener %s failed in the transaction; its writes were rolled back", event, _name(listener))


def _name(listener: Listener) -> str:
    return f"{getattr(listener, '__module__', '?')}.{getattr(listener, '__qualname__', repr(listener))}"
