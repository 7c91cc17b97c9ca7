"""7.9 Night: night 0, the shooting, the kill or the miss, the don's and the sheriff's checks, the morning."""
from __future__ import annotations

from ..codes import Refused
from ..state import BLACK_ROLES, State
from . import best_move, game_end, last_words, speeches


def end_night0_turn(s: State) -> None:
    """7.3.2: the mafia's agreement (60 s), then the sheriff looks around (20 s), then day 1.
    No shooting and no checks on night 0 (001 rule 12)."""
    if s.phase == "night0_mafia":
        s.phase = "night0_sheriff"
        s.set_turn(None, "sheriff_look", s.timer("sheriff_look"))
    else:
        begin_day(s, 1)


def begin_night(s: State) -> None:
    """Night N follows day N (7.2.3): the shooting begins."""
    game_end.count_quiet_cycle(s)
    s.phase = "shooting"
    s.turn = None
    s.round = None
    s.standing, s.tied, s.tie_queue, s.all_leave_seats, s.last_words_queue = [], [], [], [], []
    s.shots = {}
    s.in_game_at_night = len(s.in_game)
    s.nights.append({"night": s.day, "shots": [], "killed": None, "don_check": None, "sheriff_check": None})
    s.mark_dusk()


def check_shot(s: State, ev: dict) -> None:
    """7.9.1: only in the shooting (``SHOT_NOT_NOW``, night 0 included), only a black in the
    game (``SHOT_NOT_BLACK``), once a night (``SHOT_TWICE``)."""
    if s.phase != "shooting":
        raise Refused("SHOT_NOT_NOW")
    if ev["by"] not in s.in_game or s.role(ev["by"]) not in BLACK_ROLES:
        raise Refused("SHOT_NOT_BLACK", by=ev["by"])
    if ev["by"] in s.shots:
        raise Refused("SHOT_TWICE", by=ev["by"])


def shot(s: State, ev: dict) -> None:
    """One black's shot: a seat, or ``null`` when he shot at several."""
    s.shots[ev["by"]] = ev["at"]
    s.night_record["shots"].append([ev["by"], ev["at"]])


def kill_target(s: State) -> int | None:
    """7.9.2 a kill: every black in the game has a shot, all the shots (also those of a black
    removed tonight after he shot, 003 item 6) are at one seat, and that seat is in the game.
    7.9.3 otherwise a miss: a black with no shot (known bug: counted as a kill), a ``null`` shot,
    shots at different seats, or a seat not in the game."""
    if any(b not in s.shots for b in s.blacks_in_game()):
        return None
    targets = set(s.shots.values())
    if len(targets) != 1:
        return None
    (target,) = targets
    return target if target in s.in_game else None


def close_shooting(s: State) -> None:
    """``next`` in ``shooting``: the kill or the miss. The victim is out of the game at once and at
    the table until his night last words end (7.9.2); night 1's victim is the first-killed
    (7.10.1). Then the end check (7.14.1) or the three misses (7.14.3), then the checks."""
    target = kill_target(s)
    s.night_record["killed"] = target
    if target is not None:
        s.in_game.discard(target)
        s.left[target] = ("killed", s.label)
        s.victim = target
        s.miss_streak = 0
        if s.day == 1:
            best_move.first_killed(s, target)
        if game_end.check(s):
            return
    elif game_end.count_miss(s):
        return
    begin_check(s, "don_check")


def check_holds(s: State, role: str) -> bool:
    """7.9.4–7.9.5: a check is held if its checker is in the game or is tonight's victim (he does
    not know it), and was not removed; otherwise it is skipped."""
    seat = s.seat_of(role)
    return (seat in s.in_game or seat == s.victim) and seat not in s.removed


def begin_check(s: State, phase: str) -> None:
    """The don's check, then the sheriff's, each skipped when it is not held; then 7.9.7."""
    s.turn = None
    if phase == "don_check" and check_holds(s, "don"):
        s.phase = "don_check"
        return
    if phase in ("don_check", "sheriff_check") and check_holds(s, "sheriff"):
        s.phase = "sheriff_check"
        return
    after_checks(s)


def check_check(s: State, ev: dict, phase: str) -> None:
    """7.9.4/7.9.5 only in its phase; 7.9.6 any seat but the checker's own (a player already out
    may be checked, and the same seat again on another night)."""
    if s.phase != phase:
        raise Refused("DON_CHECK_NOT_NOW" if phase == "don_check" else "SHERIFF_CHECK_NOT_NOW")
    if ev["target"] == s.seat_of("don" if phase == "don_check" else "sheriff"):
        raise Refused("CHECK_TARGET", target=ev["target"])


def don_check(s: State, ev: dict) -> None:
    """The console answers "шериф" iff the target is the sheriff (002 10.4–10.5)."""
    t = ev["target"]
    s.night_record["don_check"] = [t, None if t is None else s.role(t) == "sheriff"]
    begin_check(s, "sheriff_check")


def sheriff_check(s: State, ev: dict) -> None:
    """The answer is "чёрный" iff the target is black or don (002 10.2–10.3)."""
    t = ev["target"]
    s.night_record["sheriff_check"] = [t, None if t is None else ("black" if s.role(t) in BLACK_ROLES else "red")]
    after_checks(s)


def after_checks(s: State) -> None:
    """7.9.7: the best move at night (``mafclub``, 7.10.2), then the morning."""
    if best_move.night_turn_due(s):
        s.phase = "best_move"
        s.set_turn(s.first_killed, "best_move", s.timer("best_move"))
        return
    begin_day(s, s.day + 1)


def begin_day(s: State, day: int) -> None:
    """7.9.8 the morning: day N+1 begins with the victim's night last words (7.8.2) unless he was
    removed or 7.8.4 takes them; then the speeches. After a miss the speeches begin at once."""
    s.day = day
    s.voted_today = s.override_cancelled_today = s.hold_today = False
    s.standing = []
    s.days.append({"day": day, "nominations": [], "withdrawn": [], "rounds": [], "vote_cancelled": False,
                   "no_vote": None, "left": []})
    victim = s.victim
    if victim is not None:
        if victim in s.at_table and last_words.has_last_words(s, victim):
            s.phase = "night_last_words"
            s.set_turn(victim, "night_last_words", s.timer("night_last_words"))
            return
        end_night_last_words(s)
        return
    s.phase = "day_speech"
    speeches.begin_speeches(s)


def end_night_last_words(s: State) -> None:
    """The victim leaves the table (7.2.2); a first-killed who made no best move declined (7.10.4)."""
    victim, s.victim = s.victim, None
    s.at_table.discard(victim)
    best_move.close_right(s, victim)
    s.turn = None
    s.phase = "day_speech"
    speeches.begin_speeches(s)
