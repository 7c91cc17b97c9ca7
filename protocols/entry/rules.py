"""The rule checks of a protocol entry before it is saved or signed off (after storable.py's).

Two sources: the scoring core's `check_game` (the one statement of the rules: roles, fouls,
removals, best move, extra points, penalties) and the game-flow checks that only the entry's
day/night record allows (FLOW_CHECKS, one function a rule: who left when, whether that agrees
with the nominations, the votes, the result and the first-killed). Every problem names the seat
(or None) and the field of the entry page, and says what is wrong as a code with parameters
(problem_texts.py words them in the page's language).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from engines.scoring.model import TEAM_BLACK_ROLES, TEAM_RED_ROLES
from engines.scoring.problems import Problem
from engines.scoring.validation import check_game

from ..scoring_records import core_settings, derived_game_id
from .model import ProtocolEntry, to_core_game

# Core field names -> the entry page's field names.
CORE_FIELDS = {
    "first_killed.seat": "first_killed",
    "first_killed.named": "best_move",
    "penalties.clause": "penalties",
    "penalties.reason": "penalties",
    "seats": "player",
    "seat": "player",
}


def game_code(game) -> str:
    return game.code or derived_game_id(game.stage.kind, game.round.number, game.table.number, game.replay_of_id is not None)


def check_entry(entry: ProtocolEntry, game, *, complete: bool, stored: ProtocolEntry | None = None,
                imported: bool = False) -> list[Problem]:
    """Problems of `entry` for `game`. `complete=False` (a draft save) only checks what must
    hold at every save: the values themselves. `complete=True` (sign-off) checks everything.

    `stored` is the protocol as it is now: the written reasons of 9.10 are asked for the extra
    points and penalties that are entered or changed, so a protocol imported from a tournament
    file (which carries no reasons) can still be amended. The day record is checked against the
    result only where there is one: an `imported` protocol without one is amended without it."""
    problems = shape_problems(entry, game, stored=stored)
    if not complete:
        return problems
    gid = game_code(game)
    if not entry.result:
        problems.append(Problem(gid, None, "result", "result_missing"))
    for s in entry.seats:
        if not s.role:
            problems.append(Problem(gid, s.number, "role", "role_missing"))
        if s.fouls >= 4 and not s.removed:
            # RULES.md §1 "Fouls" (000, disciplinary regulation): the 4th foul removes the player.
            problems.append(Problem(gid, s.number, "removed", "fourth_foul_without_removal", params={"fouls": s.fouls}))
    core_game = to_core_game(
        entry, game_id=gid, stage=game.stage.kind, round_number=game.round.number, table=game.table.number,
        replay_of=game_code(game.replay_of) if game.replay_of_id else None,
    )
    known_roles = all(s.role for s in entry.seats)
    for p in check_game(core_game, game.tournament.ruleset, core_settings(game.tournament)):
        if p.code in ("unknown_role", "role_counts") and not known_roles:
            continue
        if p.code == "unknown_result" and not entry.result:
            continue
        if p.code == "player_repeated":  # shape_problems names the other seat
            continue
        p.field = CORE_FIELDS.get(p.field, p.field)
        if p.field in ("first_killed", "best_move"):
            p.seat = None
        problems.append(p)
    if not (imported and not has_day_record(entry)):
        problems += flow_problems(entry, gid)
    return problems


def has_day_record(entry: ProtocolEntry) -> bool:
    """Does the entry record the days and nights (nominations, votes, who left when)?"""
    return bool(entry.nominations or entry.votes or any(s.left_how for s in entry.seats))


def shape_problems(entry: ProtocolEntry, game, *, stored: ProtocolEntry | None = None) -> list[Problem]:
    """What must hold at every save: every seat has a player, once, and the written reason of
    every extra point and penalty that is entered or changed (those of `stored` are kept)."""
    gid = game_code(game)

    def unchanged_extra(s) -> bool:
        old = stored.seat(s.number) if stored is not None else None
        return old is not None and old.player_id == s.player_id and old.extra == s.extra and old.extra_reason == s.extra_reason

    kept_penalties = {(p.seat, p.clause, p.reason) for p in stored.penalties} if stored is not None else set()
    out: list[Problem] = []
    seen: dict[int, int] = {}
    for s in entry.seats:
        if s.player_id is None:
            out.append(Problem(gid, s.number, "player", "player_missing"))
        elif s.player_id in seen:
            out.append(Problem(gid, s.number, "player", "player_seated_twice", params={"seat": seen[s.player_id]}))
        else:
            seen[s.player_id] = s.number
        if s.extra and not s.extra_reason.strip() and not unchanged_extra(s):
            out.append(Problem(gid, s.number, "extra_reason", "extra_without_reason", clause="9.10"))
        if s.left_how and s.left_on is None:
            out.append(Problem(gid, s.number, "left_on", "left_without_when"))
    for p in entry.penalties:
        if not p.reason.strip() and (p.seat, p.clause, p.reason) not in kept_penalties:
            out.append(Problem(gid, p.seat, "penalties", "penalty_without_reason", clause="9.10"))
    if entry.result_kind == "awarded" and not entry.awarded_reason.strip():
        out.append(Problem(gid, None, "awarded_reason", "awarded_without_reason"))
    return out


def flow_problems(entry: ProtocolEntry, gid: str) -> list[Problem]:
    """The day/night record against itself, the result and the first-killed: each check of
    FLOW_CHECKS in its order, the problems of one check after those of the one before."""
    departures = Departures(entry)
    return [Problem(gid, f.seat, f.field, f.code, params=f.params) for check in FLOW_CHECKS for f in check(entry, departures)]


class Finding(NamedTuple):
    """A problem of the day/night record before it is given its game: seat (or None), the entry
    page's field, the code and its parameters."""
    seat: int | None
    field: str
    code: str
    params: dict | None = None


class Departures:
    """When each seat stops taking part (RULES.md 7.2.3: night N follows day N): voted out on
    day d -> gone from night d; killed on night n -> gone from day n + 1; removed on day or
    night n -> gone after it. A seat without both "how" and "when" is taken as still in the game
    (shape_problems names a "how" without its "when")."""

    def __init__(self, entry: ProtocolEntry):
        self.gone_from_day: dict[int, int] = {}
        self.kills: dict[int, list[int]] = {}  # night -> the seats killed on it, in seat order
        for s in entry.seats:
            if not s.left_how or s.left_on is None:
                continue
            self.gone_from_day[s.number] = s.left_on + 1
            if s.left_how == "killed" and s.left_on >= 1:
                self.kills.setdefault(s.left_on, []).append(s.number)

    def in_game_on_day(self, seat: int, day: int) -> bool:
        return seat not in self.gone_from_day or day < self.gone_from_day[seat]

    def killed_on_night(self, night: int) -> int | None:
        """The (first, by seat) seat killed on `night`, or None for a miss."""
        seats = self.kills.get(night)
        return seats[0] if seats else None


def departure_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """How and when each seat left (RULES.md §2: "voted out on day N, killed on night N,
    removed"): days and nights are numbered from 1 (7.2.3: D1, N1, ...), nobody is killed on
    night 0 (§1, 001 rule 12: no shooting on night 0), a removal on night 0 is recorded as left
    on night 0 (§2 Decision), and a seat that left as removed has its removal recorded (7.2.4: a
    4th foul or a disqualifying foul)."""
    for s in entry.seats:
        if not s.left_how or s.left_on is None:
            continue
        if s.left_on < 1 and s.left_how == "killed":
            yield Finding(s.number, "left_on", "killed_on_night_zero")
        elif s.left_on < 1 and not (s.left_on == 0 and s.left_how == "removed"):
            yield Finding(s.number, "left_on", "left_on_day_zero")
        if s.left_how == "removed" and not s.removed:
            yield Finding(s.number, "removed", "left_removed_without_removal")


def double_kill_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """At most one seat killed a night (RULES.md §1 "Night N ≥ 1", 7.9.2: a kill needs every
    black's shot on the same seat, otherwise it is a miss): each seat killed on a night with
    another names the others."""
    for night, seats in sorted(departures.kills.items()):
        for seat in seats if len(seats) > 1 else ():
            yield Finding(seat, "left_on", "killed_twice_in_night", {"seats": [x for x in seats if x != seat], "night": night})


def removal_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """A removed player leaves the game (RULES.md 7.12.2: a removal takes effect at once, the player
    leaves the game): as removed, or, killed or voted out and then removed while still at the
    table, as he left (§2 Decision: he keeps ``killed``/``voted`` and is also marked removed)."""
    for s in entry.seats:
        if s.removed and not s.left_how:
            yield Finding(s.number, "left_how", "removal_not_left")


def vote_out_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """Only a nominee is voted out (RULES.md 7.6.3, 7.6.4: the day's vote is among the
    nominations still standing), where the record has that day's nominations."""
    days_with_nominations = {n.day for n in entry.nominations}
    for s in entry.seats:
        if s.left_how == "voted" and s.left_on is not None and s.left_on in days_with_nominations:
            nominated = {n.nominee_seat for n in entry.nominations if n.day == s.left_on and not n.withdrawn}
            if s.number not in nominated:
                yield Finding(s.number, "left_how", "voted_out_not_nominated", {"day": s.left_on})


def nomination_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """Nominations between players in the game that day (RULES.md 7.5.1 with 7.4.3: only the
    speaker nominates, and a player out of the game never speaks; 7.5.3: the nominee must be
    in the game)."""
    for n in entry.nominations:
        if not departures.in_game_on_day(n.by_seat, n.day):
            yield Finding(n.by_seat, "nominations", "nominated_after_leaving", {"day": n.day})
        if not departures.in_game_on_day(n.nominee_seat, n.day):
            yield Finding(n.nominee_seat, "nominations", "nominee_not_alive", {"day": n.day, "by_seat": n.by_seat})


def vote_target_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """Votes go to a player in the game whom somebody nominated that day and did not withdraw
    (RULES.md 7.7.2: the nominees are called in the vote order; 7.5.6 withdrawal)."""
    for v in entry.votes:
        if v.nominee_seat is None:
            continue
        if not departures.in_game_on_day(v.nominee_seat, v.day):
            yield Finding(v.nominee_seat, "votes", "votes_for_gone_player", {"day": v.day})
        elif not any(n.day == v.day and n.nominee_seat == v.nominee_seat and not n.withdrawn for n in entry.nominations):
            yield Finding(v.nominee_seat, "votes", "votes_not_nominated", {"day": v.day})


def vote_count_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """No ballot counts more votes than players in the game that day (RULES.md 7.7.1: every
    player in the game votes once)."""
    for day in {v.day for v in entry.votes}:
        alive = sum(1 for s in entry.seats if departures.in_game_on_day(s.number, day))
        for ballot in (1, 2):
            total = sum(v.votes for v in entry.votes if v.day == day and v.ballot == ballot and v.nominee_seat is not None)
            if total > alive:
                yield Finding(None, "votes", "too_many_votes", {"day": day, "ballot": ballot, "votes": total, "alive": alive})


def result_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """The result agrees with who is left (RULES.md §2 "the recorded eliminations contradict
    the result"; §1 and 7.14.1: red wins when no black player remains, black when the blacks
    are as many as the reds). A loss awarded to a team ends the game early (7.14.2), and
    without every role there is nothing to count."""
    if entry.result not in ("red", "black") or entry.result_kind == "awarded" or not all(s.role for s in entry.seats):
        return
    alive_red = [s.number for s in entry.seats if s.role in TEAM_RED_ROLES and not s.left_how]
    alive_black = [s.number for s in entry.seats if s.role in TEAM_BLACK_ROLES and not s.left_how]
    if entry.result == "red":
        if alive_black:
            yield Finding(alive_black[0], "result", "red_wins_black_alive", {"seats": alive_black})
        return
    if len(alive_black) < len(alive_red):
        yield Finding(None, "result", "black_wins_without_parity", {"red": len(alive_red), "black": len(alive_black)})
    if not alive_black:
        yield Finding(None, "result", "black_wins_no_black_alive")


def first_killed_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """The first-killed is whoever was killed on night 1, and a miss that night means there is
    none, "—" (RULES.md §1 "First-killed", 7.10.1; 002 9.6)."""
    killed_first = departures.killed_on_night(1)
    if entry.first_killed_seat is not None and killed_first != entry.first_killed_seat:
        if killed_first is None:
            yield Finding(None, "first_killed", "first_killed_not_killed", {"seat": entry.first_killed_seat})
        else:
            yield Finding(None, "first_killed", "first_killed_mismatch", {"killed": killed_first, "seat": entry.first_killed_seat})
    if entry.first_killed_seat is None and killed_first is not None:
        yield Finding(None, "first_killed", "first_killed_missing", {"seat": killed_first})


def best_move_problems(entry: ProtocolEntry, departures: Departures) -> Iterator[Finding]:
    """Only the first-killed makes the best move: none without one (RULES.md 7.10.1; 002 8.3,
    9.6 "В случае «промаха» ... прочерк")."""
    if entry.first_killed_seat is None and entry.best_move:
        yield Finding(None, "best_move", "best_move_without_first_killed")


FlowCheck = Callable[[ProtocolEntry, Departures], Iterable[Finding]]

# The order of the problems on the page and in the API: keep it when adding a check.
FLOW_CHECKS: tuple[FlowCheck, ...] = (
    departure_problems,
    double_kill_problems,
    removal_problems,
    vote_out_problems,
    nomination_problems,
    vote_target_problems,
    vote_count_problems,
    result_problems,
    first_killed_problems,
    best_move_problems,
)
