"""Protocol services: save, sign off, amend, approve an extra, decide a protest.

The judge's entry page and the admin call these; each checks who may do it (permissions.py),
validates through the entry pipeline's storable and rule checks (entry/), refuses a stale save (optimistic lock on
`Game.version`), stores the protocol, keeps a `ProtocolVersion` with who, when, what and why,
and, at a change of a signed-off protocol, announces it (`GameSignedOff` or `GameAmended`, domain
events the standings and the rating listen to).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from engines.scoring.problems import Problem
from tournaments.action_log import log_action
from tournaments.domain_events import GameAmended, GameSignedOff, publish
from tournaments.models import Player
from tournaments.permissions import PermissionRefused, can_approve_extra, check_edit_protocol, is_chief_judge

from . import action_types
from .entry import ProtocolEntry, check_entry, diff_data, entry_from_game, game_code, storable_problems
from .models import Game, GameStatus, Nomination, ProtocolVersion, Seat, SeatPenalty, VoteCount

__all__ = [
    "PermissionRefused", "ProtocolConflict", "ProtocolInvalid",
    "approve_extra", "save_protocol", "sign_off",
]


class ProtocolInvalid(Exception):
    """The entry breaks the rules; `problems` lists every one (seat, field, message)."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class ProtocolConflict(Exception):
    """Someone saved the protocol after the page was loaded: nothing was overwritten."""

    expected_version: int
    current_version: int
    saved_by: str
    saved_at: object
    changes: list  # entry.Change

    def __str__(self):
        return f"protocol is at version {self.current_version}, the page had {self.expected_version}"


def save_protocol(*, game: Game, user, entry: ProtocolEntry, expected_version: int, reason: str = "") -> Game:
    """Save the judge's entry (a draft, or an amendment of a signed-off protocol)."""
    return _store(game=game, user=user, entry=entry, expected_version=expected_version, reason=reason, sign=False)


def sign_off(*, game: Game, user, entry: ProtocolEntry | None = None, expected_version: int | None = None,
             reason: str = "") -> Game:
    """Validate the complete protocol and sign it off (9.11). Without `entry`, the stored one."""
    if entry is None:
        entry = entry_from_game(game)
    if expected_version is None:
        expected_version = game.version
    return _store(game=game, user=user, entry=entry, expected_version=expected_version, reason=reason, sign=True)


def approve_extra(*, game: Game, user, seat: int, expected_version: int | None = None) -> Game:
    """The chief judge approves the extra points above 0.5 of one seat (8.4)."""
    if not can_approve_extra(user, game):
        raise PermissionRefused(_("Only the chief judge approves extra points above 0.5."))
    entry = entry_from_game(game)
    target = entry.seat(seat)
    if target is None or not target.extra:
        raise ProtocolInvalid([Problem(None, seat, "extra", "nothing_to_approve", "this seat has no extra points")])
    target.extra_approved = True
    return _store(game=game, user=user, entry=entry, expected_version=game.version if expected_version is None else expected_version,
                  reason="", sign=False, action="approve")


def _unknown_players(entry: ProtocolEntry, game: Game) -> list[Problem]:
    """A seat's player that is no player at all is refused (one query): the doors' parse offers
    only the tournament's players, but a service is handed an entry, and a seat pointing at no row
    was stored until the commit's foreign-key check failed it."""
    ids = {s.player_id for s in entry.seats if s.player_id is not None}
    known = set(Player.objects.filter(pk__in=ids).values_list("pk", flat=True)) if ids else set()
    return [Problem(game_code(game), s.number, "player", "player_not_registered")
            for s in entry.seats if s.player_id is not None and s.player_id not in known]


def _store(*, game, user, entry, expected_version, reason, sign, action: str | None = None) -> Game:
    with transaction.atomic():
        locked = (Game.objects.select_for_update(of=("self",))
                  .select_related("tournament__chief_judge", "judge", "stage", "round", "table", "replay_of__stage",
                                  "replay_of__round", "replay_of__table")
                  .get(pk=game.pk))
        check_edit_protocol(user, locked)
        if locked.version != expected_version:
            raise _conflict(locked, expected_version, entry)
        was_signed = locked.is_signed_off
        stored = entry_from_game(locked)
        _keep_approvals(entry, stored, user, locked)
        imported = ProtocolVersion.objects.filter(game=locked, action="import").exists()
        # What no column holds is refused first: the rules' checks may assume storable values.
        problems = (storable_problems(entry, reason) or _unknown_players(entry, locked)
                    or check_entry(entry, locked, complete=sign or was_signed, stored=stored, imported=imported))
        if was_signed and action != "approve" and not reason.strip():
            problems.append(Problem(None, None, "reason", "amendment_without_reason",
                                    "a signed-off protocol is changed only with a written reason"))
        if problems:
            raise ProtocolInvalid(problems)
        # The conditional bump is the lock on databases without SELECT ... FOR UPDATE.
        if not Game.objects.filter(pk=locked.pk, version=expected_version).update(version=expected_version + 1):
            raise _conflict(Game.objects.get(pk=locked.pk), expected_version, entry)
        if not ProtocolVersion.objects.filter(game=locked, version=expected_version).exists():
            ProtocolVersion.objects.create(game=locked, version=expected_version, action="initial", data=stored.to_data())
        _write(locked, entry, stored, user)
        action = action or ("amend" if was_signed else ("sign_off" if sign else "save"))
        locked.version = expected_version + 1
        if sign and not was_signed:
            locked.status = GameStatus.SIGNED_OFF
            locked.signed_off_at = timezone.now()
            locked.signed_off_by = user
        elif locked.status == GameStatus.SCHEDULED:
            locked.status = GameStatus.IN_PLAY
        locked._history_user = user
        locked._change_reason = reason or action
        locked.save()
        ProtocolVersion.objects.create(game=locked, version=locked.version, saved_by=user, action=action,
                                       reason=reason, data=entry.to_data())
        logged = {"amend": action_types.AMEND, "sign_off": action_types.SIGN_OFF, "approve": action_types.APPROVE_EXTRA}.get(action)
        if logged:
            changes = action_types.stored_changes(diff_data(stored.to_data(), entry.to_data()))
            log_action(tournament=locked.tournament, user=user, action=logged, obj=locked, reason=reason,
                       data={"version": locked.version, "changes": changes})
        if locked.is_signed_off:
            publish((GameAmended if was_signed else GameSignedOff)(locked.tournament_id, locked.pk))
    return locked


def _conflict(current: Game, expected: int, entry: ProtocolEntry) -> ProtocolConflict:
    latest = ProtocolVersion.objects.filter(game=current).select_related("saved_by").first()
    base = ProtocolVersion.objects.filter(game=current, version=expected).first()
    current_data = latest.data if latest else entry_from_game(current).to_data()
    changes = diff_data(base.data if base else entry.to_data(), current_data)
    who = ""
    if latest and latest.saved_by:
        who = latest.saved_by.get_full_name() or latest.saved_by.get_username()
    return ProtocolConflict(expected, current.version, who, latest.saved_at if latest else None, changes)


def _keep_approvals(entry: ProtocolEntry, stored: ProtocolEntry, user, game) -> None:
    """Only the chief judge approves an extra above 0.5; a changed extra needs a new approval."""
    if is_chief_judge(user, game.tournament):
        return
    for s in entry.seats:
        old = stored.seat(s.number)
        s.extra_approved = bool(old and old.extra_approved and old.extra == s.extra)


def _write(game: Game, entry: ProtocolEntry, stored: ProtocolEntry, user) -> None:
    seats = {s.number: s for s in game.seats.all()}
    reseated = False
    for number, seat in list(seats.items()):
        new = entry.seat(number)
        if new is None or new.player_id != seat.player_id:
            seat._history_user = user
            seat.delete()  # (its penalties go with it; they are written again below)
            del seats[number]
            reseated = True
    for s in entry.seats:
        seat = seats.get(s.number) or Seat(game=game, number=s.number, player_id=s.player_id)
        values = dict(role=s.role, fouls=s.fouls, removed=s.removed, left_how=s.left_how, left_on=s.left_on,
                      extra=s.extra, extra_reason=s.extra_reason, extra_approved=s.extra_approved,
                      gross_violation=s.gross_violation)
        if seat.pk and all(getattr(seat, k) == v for k, v in values.items()):
            continue
        for k, v in values.items():
            setattr(seat, k, v)
        seat._history_user = user
        seat.save()
        seats[s.number] = seat
    if entry.penalties != stored.penalties or reseated:
        _replace(SeatPenalty, SeatPenalty.objects.filter(seat__game=game), [
            SeatPenalty(seat=seats[p.seat], clause=p.clause, reason=p.reason) for p in entry.penalties if p.seat in seats
        ], user)
    if entry.nominations != stored.nominations:
        _replace(Nomination, Nomination.objects.filter(game=game), [
            Nomination(game=game, day=n.day, by_seat=n.by_seat, nominee_seat=n.nominee_seat, withdrawn=n.withdrawn)
            for n in entry.nominations
        ], user)
    if entry.votes != stored.votes:
        _replace(VoteCount, VoteCount.objects.filter(game=game), [
            VoteCount(game=game, day=v.day, ballot=v.ballot, nominee_seat=v.nominee_seat, votes=v.votes) for v in entry.votes
        ], user)
    game.first_killed_seat = entry.first_killed_seat
    game.best_move = list(entry.best_move)
    game.result = entry.result
    game.result_kind = entry.result_kind or "normal"
    game.awarded_reason = entry.awarded_reason


def _replace(model, old_rows, new_rows, user) -> None:
    """Replace a protocol's rows, keeping their history (deletions and creations) in simple-history."""
    for row in old_rows:
        row._history_user = user
        row.delete()
    if new_rows:
        bulk_create_with_history(new_rows, model, default_user=user)
