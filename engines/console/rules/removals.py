"""7.12 Removals and 7.13 which vote a removal cancels."""
from __future__ import annotations

from ..codes import Refused
from ..state import VOTE_PHASES, State
from . import best_move, game_end, last_words, night, speeches, voting

KINDS = ("disqualifying", "team_loss", "replay")


def check(s: State, ev: dict) -> None:
    """7.12.1: ``disqualifying`` for a player at the table; ``team_loss`` and ``replay`` (the
    latter only with ``replay_allowed``) name any seat and need a non-empty reason."""
    kind = ev["kind"]
    if kind not in KINDS or (kind == "replay" and not s.setting("replay_allowed")):
        raise Refused("REMOVE_KIND")
    if kind == "disqualifying" and ev["seat"] not in s.at_table:
        raise Refused("REMOVE_NOT_AT_TABLE", seat=ev["seat"])
    if kind != "disqualifying" and not (ev.get("reason") or "").strip():
        raise Refused("REMOVE_REASON")


def remove(s: State, ev: dict) -> None:
    """The disqualifying foul removes (7.12.2); the team loss (7.14.2) and the replay (7.14.4)
    end the game."""
    kind, seat = ev["kind"], ev["seat"]
    if kind == "disqualifying":
        remove_player(s, seat, "disqualifying_foul")
    elif kind == "team_loss":
        game_end.award_team_loss(s, seat, ev["reason"].strip())
    else:
        game_end.annul(s, seat, ev["reason"].strip())


def remove_player(s: State, seat: int, kind: str) -> None:
    """7.12.2: the player leaves the game at once, has no last words (7.8.3), loses his turn if it
    is his, keeps his nominations of the day on record, no longer needs to shoot or check; then
    the end check (7.14.1) and the vote he cancels (7.13). A player killed or voted out and still
    at the table keeps how he left and is also marked removed (7.2.4).

    7.13.5, during a running vote: not determined → the vote stops, only he leaves; determined for
    another player X → he leaves silently, then X is voted out with his last words, and the next
    vote is cancelled; he is X himself → X is voted out and removed, nothing is cancelled."""
    running = s.phase in VOTE_PHASES and seat in s.in_game
    winner = voting.certain_winner(s) if running else None
    exempt = seat not in s.in_game or seat == winner  # 7.13.1 (A) tonight's victim, (B) voted out
    target = None if exempt else ("today" if s.is_day and not voting.day_vote_determined(s) else "next")
    was_speaking = s.turn is not None and s.turn.seat == seat
    phase = s.phase

    s.removed[seat] = kind
    s.at_table.discard(seat)
    if seat in s.in_game:
        s.in_game.discard(seat)
        s.left[seat] = ("voted" if seat == winner else "removed", s.label)
        if s.is_day:
            s.day_record["left"].append(seat)
    if seat == winner:
        s.voted_today = True
    best_move.close_right(s, seat)
    if game_end.check(s):
        return

    if running:
        if winner is None:
            cancel(s, "today", seat)
            voting.stop(s, "7.13")
            return
        s.round.record["closed_early"] = True
        s.round = None
        if winner == seat:
            last_words.begin(s, [], group=False)
        else:
            cancel(s, "next", seat)
            voting.vote_out(s, [winner])
        return
    if target is not None:
        cancel(s, target, seat)
    _resume(s, phase, seat, was_speaking)


def cancel(s: State, target: str, seat: int) -> None:
    """Which vote a removal cancels: ``today`` (on day N before its vote is determined) or
    ``next`` (at night, night 0 included, or on day N after it is determined).

    7.13.3 ``same_day`` (``fiim``, 000 Особые ситуации): that day's vote is not held — day N's,
    or day N+1's; several on one day cancel it once; nothing carries over.
    7.13.4 ``next_vote`` (``mafclub``, 003 item 5): each removal cancels one vote, the nearest one
    held after it; a running vote it stops is that vote."""
    if s.setting("vote_cancel") == "same_day":
        day = s.day if target == "today" else s.day + 1
        s.cancel_days.add(day)
        s.cancel_by.setdefault(day, []).append(seat)
    elif not (target == "today" and s.phase in VOTE_PHASES):
        s.cancel_pending += 1
        s.pending_by.append(seat)


def vote_cancelled_today(s: State, *, takes_cancellation: bool) -> bool:
    """At the end of day N's speeches (7.6): is its vote cancelled? The judge's ``cancel_vote``
    (7.16.1) cancels it; ``same_day``: day N is among the cancelled days; ``next_vote``: the vote
    takes one pending cancellation if ``takes_cancellation`` (a day with no nominee does not,
    7.13.4), which the judge's ``hold_vote`` spends without effect."""
    if s.override_cancelled_today:
        return True
    if s.setting("vote_cancel") == "same_day":
        return s.day in s.cancel_days
    if not takes_cancellation or s.cancel_pending == 0:
        return False
    s.cancel_pending -= 1
    s.pending_by.pop(0)
    return not s.hold_today


# the phases of a day before its vote (7.6): a cancellation found there is this day's
BEFORE_THE_VOTE = ("night_last_words", "day_speech")


def cancelled_vote(s: State) -> dict | None:
    """The nearest day's vote that will not be held, for the screen to say so (7.13, 7.16.1):
    ``None``, or ``{"day", "reason", "clause", "seats"}``. The day is this one during its night
    last words and speeches, else the next (its vote is over or stopped, or it is night).
    ``reason`` is ``removal`` (``clause`` 7.13.3 under ``same_day``, 7.13.4 under ``next_vote``;
    ``seats``: the removed players whose removal cancels it) or ``decision`` (the judge's
    ``cancel_vote``, 7.16.1, ``seats`` empty). Nominations stay legal on such a day (7.5.8).
    Under ``next_vote`` the day is the nearest one whose vote would be held: a day with no nominee
    passes the cancellation on (7.13.4)."""
    if s.phase in ("over", "ended"):
        return None
    today = s.phase in BEFORE_THE_VOTE
    day = s.day if today else s.day + 1
    if s.setting("vote_cancel") == "same_day":
        if day in s.cancel_days:
            return {"day": day, "reason": "removal", "clause": "7.13.3", "seats": list(s.cancel_by[day])}
    elif s.pending_by and not (today and s.hold_today):
        return {"day": day, "reason": "removal", "clause": "7.13.4", "seats": s.pending_by[:1]}
    if today and s.override_cancelled_today:
        return {"day": day, "reason": "decision", "clause": "7.16.1", "seats": []}
    return None


def _resume(s: State, phase: str, seat: int, was_speaking: bool) -> None:
    """What follows a removal outside a running vote: the next turn if it was his (7.4.3, 7.8.3),
    a check skipped if he was the checker (7.9.4), the morning if he had the night's best move."""
    if phase == "day_speech" and was_speaking:
        speeches.next_turn(s)
    elif phase == "last_words" and was_speaking:
        last_words.next_speaker(s)
    elif phase == "night_last_words" and was_speaking:
        night.end_night_last_words(s)
    elif phase == "don_check" and seat == s.seat_of("don"):
        night.begin_check(s, "sheriff_check")
    elif phase == "sheriff_check" and seat == s.seat_of("sheriff"):
        night.after_checks(s)
    elif phase == "best_move" and seat == s.first_killed:
        night.begin_day(s, 2)
