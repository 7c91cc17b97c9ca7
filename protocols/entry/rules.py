"""The rule checks of a protocol entry before it is saved or signed off (after storable.py's).

Two sources: the scoring core's `check_game` (the one statement of the rules: roles, fouls,
removals, best move, extra points, penalties) and the game-flow checks that only the entry's
day/night record allows (who left when, whether that agrees with the result and the
first-killed). Every problem names the seat (or None) and the field of the entry page, and says
what is wrong as a code with parameters (problem_texts.py words them in the page's language).
"""
from __future__ import annotations

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
    """The day/night record against itself, the result and the first-killed."""
    out: list[Problem] = []

    def add(seat, field, code, params=None):
        out.append(Problem(gid, seat, field, code, params=params))

    # When each seat stops taking part: voted out on day d -> gone from night d;
    # killed on night n -> gone from day n + 1; removed on day/night n -> gone after it.
    gone_from_day: dict[int, int] = {}
    killed_on_night: dict[int, int] = {}
    kills: dict[int, list[int]] = {}
    for s in entry.seats:
        if not s.left_how or s.left_on is None:
            continue
        if s.left_how == "killed":
            if s.left_on < 1:
                add(s.number, "left_on", "killed_on_night_zero")
            else:
                kills.setdefault(s.left_on, []).append(s.number)
                killed_on_night.setdefault(s.left_on, s.number)
            gone_from_day[s.number] = s.left_on + 1
        else:
            if s.left_on < 1:
                add(s.number, "left_on", "left_on_day_zero")
            gone_from_day[s.number] = s.left_on + 1
        if s.left_how == "removed" and not s.removed:
            add(s.number, "removed", "left_removed_without_removal")
    for night, seats in sorted(kills.items()):
        for seat in seats if len(seats) > 1 else ():
            add(seat, "left_on", "killed_twice_in_night", {"seats": [x for x in seats if x != seat], "night": night})
    for s in entry.seats:
        if s.removed and s.left_how != "removed":
            add(s.number, "left_how", "removal_not_left")

    def alive_on_day(seat: int, day: int) -> bool:
        return seat not in gone_from_day or day < gone_from_day[seat]

    # A seat voted out or killed after it had already left ("voted or killed twice").
    for s in entry.seats:
        if s.left_how == "voted" and s.left_on is not None:
            nominated = {n.nominee_seat for n in entry.nominations if n.day == s.left_on and not n.withdrawn}
            days_with_nominations = {n.day for n in entry.nominations}
            if s.left_on in days_with_nominations and s.number not in nominated:
                add(s.number, "left_how", "voted_out_not_nominated", {"day": s.left_on})
    for n in entry.nominations:
        if not alive_on_day(n.by_seat, n.day):
            add(n.by_seat, "nominations", "nominated_after_leaving", {"day": n.day})
        if not alive_on_day(n.nominee_seat, n.day):
            add(n.nominee_seat, "nominations", "nominee_not_alive", {"day": n.day, "by_seat": n.by_seat})
    for v in entry.votes:
        if v.nominee_seat is None:
            continue
        if not alive_on_day(v.nominee_seat, v.day):
            add(v.nominee_seat, "votes", "votes_for_gone_player", {"day": v.day})
        elif not any(n.day == v.day and n.nominee_seat == v.nominee_seat and not n.withdrawn for n in entry.nominations):
            add(v.nominee_seat, "votes", "votes_not_nominated", {"day": v.day})
    for day in {v.day for v in entry.votes}:
        alive = sum(1 for s in entry.seats if alive_on_day(s.number, day))
        for ballot in (1, 2):
            total = sum(v.votes for v in entry.votes if v.day == day and v.ballot == ballot and v.nominee_seat is not None)
            if total > alive:
                add(None, "votes", "too_many_votes", {"day": day, "ballot": ballot, "votes": total, "alive": alive})

    # The result against the eliminations (a loss awarded to a team ends the game early).
    if entry.result in ("red", "black") and entry.result_kind != "awarded" and all(s.role for s in entry.seats):
        alive_red = [s.number for s in entry.seats if s.role in TEAM_RED_ROLES and not s.left_how]
        alive_black = [s.number for s in entry.seats if s.role in TEAM_BLACK_ROLES and not s.left_how]
        if entry.result == "red" and alive_black:
            add(alive_black[0], "result", "red_wins_black_alive", {"seats": alive_black})
        if entry.result == "black" and len(alive_black) < len(alive_red):
            add(None, "result", "black_wins_without_parity", {"red": len(alive_red), "black": len(alive_black)})
        if entry.result == "black" and not alive_black:
            add(None, "result", "black_wins_no_black_alive")

    # The first-killed is whoever was killed on night 1; nobody killed -> a miss ("—").
    killed_first = killed_on_night.get(1)
    if entry.first_killed_seat is not None and killed_first != entry.first_killed_seat:
        if killed_first is None:
            add(None, "first_killed", "first_killed_not_killed", {"seat": entry.first_killed_seat})
        else:
            add(None, "first_killed", "first_killed_mismatch", {"killed": killed_first, "seat": entry.first_killed_seat})
    if entry.first_killed_seat is None and killed_first is not None:
        add(None, "first_killed", "first_killed_missing", {"seat": killed_first})
    if entry.first_killed_seat is None and entry.best_move:
        add(None, "best_move", "best_move_without_first_killed")
    return out
