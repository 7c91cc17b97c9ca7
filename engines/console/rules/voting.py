"""7.7 Voting: the rounds, the tie speeches, the revote, "all leave?", and when a vote is determined."""
from __future__ import annotations

from ..codes import Refused
from ..state import Round, State
from . import game_end, last_words, night


def single_nominee(s: State, seat: int) -> None:
    """7.6.3: day ≥ 2 with one nominee: he leaves with all the votes (001 "все голоса
    автоматически отходят ей"), recorded as ballot 1 with the players in the game."""
    s.day_record["rounds"].append({"kind": "single", "counts": [[seat, len(s.in_game)]]})
    vote_out(s, [seat])


def start_round(s: State, kind: str, seats: list) -> None:
    """7.7.1–7.7.2: every player in the game votes once; the nominees are called in vote order."""
    record = {"kind": kind, "counts": [[seat, None] for seat in seats]}
    s.day_record["rounds"].append(record)
    s.round = Round(kind=kind, seats=list(seats), voters=len(s.in_game), record=record)
    s.phase = "voting"
    s.turn = None


def check_vote(s: State, ev: dict) -> None:
    """7.7.2 a count only in a round, for the called nominee (``VOTE_NOT_NOW``, ``VOTE_ORDER``);
    7.7.3 0 ≤ count ≤ the votes still uncast (``VOTE_COUNT``)."""
    if s.phase != "voting" or s.round is None:
        raise Refused("VOTE_NOT_NOW")
    if ev["seat"] != s.round.called:
        raise Refused("VOTE_ORDER", seat=ev["seat"], called=s.round.called)
    if not 0 <= ev["count"] <= s.round.uncast:
        raise Refused("VOTE_COUNT", seat=ev["seat"], count=ev["count"], uncast=s.round.uncast)


def vote(s: State, ev: dict) -> None:
    """7.7.2: the count is entered; after the last-but-one the last nominee gets the votes not yet
    counted (a vote not cast goes to the last nominee, 7.7.1) and the round closes."""
    r = s.round
    _enter(r, ev["seat"], ev["count"])
    if len(r.counts) == len(r.seats) - 1:
        _enter(r, r.seats[-1], r.uncast)
        close_round(s)


def _enter(r: Round, seat: int, count: int) -> None:
    r.counts[seat] = count
    for pair in r.record["counts"]:
        if pair[0] == seat:
            pair[1] = count


def _day1_no_elimination(s: State) -> bool:
    return s.day == 1 and not s.setting("day1_vote_eliminates")


def close_round(s: State) -> None:
    """7.7.4 one nominee with the most leaves (``day1_vote_eliminates: false``: on day 1 nobody
    leaves by the vote, no tie speeches, night); 7.7.5 a tie in the vote → tie speeches and the
    revote; 7.7.6 a tie in the revote → "all leave?" (7.7.7), unless 7.7.8 sends the game to
    night: 3 players in the game, 4 unless ``all_leave_at_four``, or the tied are everyone."""
    r, s.round = s.round, None
    top = max(r.counts.values())
    leaders = [seat for seat in r.seats if r.counts[seat] == top]
    if _day1_no_elimination(s):
        s.day_record["no_vote"] = "7.7.4"
        night.begin_night(s)
    elif len(leaders) == 1:
        vote_out(s, leaders)
    elif r.kind == "vote":
        s.tied = leaders
        s.tie_queue = list(leaders)
        next_tie_speech(s)
    else:
        n = len(s.in_game)
        if n == 3 or (n == 4 and not s.setting("all_leave_at_four")) or len(leaders) == n:
            s.day_record["no_vote"] = "7.7.8"
            night.begin_night(s)
        else:
            s.all_leave_seats = leaders
            s.phase = "all_leave_vote"
            s.turn = None


def next_tie_speech(s: State) -> None:
    """7.7.5: each tied player speaks 30 s in vote order (a player with 3 fouls too, 7.11.3),
    then the revote among them."""
    if s.tie_queue:
        seat = s.tie_queue.pop(0)
        s.phase = "tie_speech"
        s.set_turn(seat, "tie", s.timer("tie_speech"))
        return
    start_round(s, "revote", s.tied)


def check_vote_all(s: State, ev: dict) -> None:
    """7.7.7 only in this phase (``VOTE_ALL_NOT_NOW``); 7.7.9 0 ≤ for ≤ players in the game."""
    if s.phase != "all_leave_vote":
        raise Refused("VOTE_ALL_NOT_NOW")
    if not 0 <= ev["for"] <= len(s.in_game):
        raise Refused("VOTE_ALL_COUNT", voters=len(s.in_game), **{"for": ev["for"]})


def vote_all(s: State, ev: dict) -> None:
    """7.7.9: more than half for → all the tied players leave together; otherwise (exactly half
    included) all stay and night falls."""
    n = len(s.in_game)
    leave = 2 * ev["for"] > n
    s.day_record["rounds"].append({"kind": "all_leave", "seats": list(s.all_leave_seats), "for": ev["for"],
                                   "voters": n, "leave": leave})
    seats, s.all_leave_seats = s.all_leave_seats, []
    if leave:
        vote_out(s, seats, group=True)
    else:
        s.day_record["no_vote"] = "7.7.9"
        night.begin_night(s)


def vote_out(s: State, seats: list, *, group: bool = False, silent: tuple = ()) -> None:
    """The players leave the game together, voted out on this day; then the end check (7.14.1)
    and their last words (7.8.1), except for those in ``silent`` (7.13.5: removed as well)."""
    for seat in seats:
        s.in_game.discard(seat)
        s.left[seat] = ("voted", s.label)
        s.day_record["left"].append(seat)
    s.voted_today = True
    if game_end.check(s):
        return
    last_words.begin(s, [seat for seat in seats if seat not in silent], group=group)


def certain_winner(s: State) -> int | None:
    """7.7.10: the nominee whose vote-out is decided in the running round: his count is above
    every other count entered and above the votes still uncast. A tie is never determined;
    nobody is on day 1 under ``day1_vote_eliminates: false`` (nobody leaves by that vote)."""
    r = s.round
    if s.phase != "voting" or r is None or not r.counts or _day1_no_elimination(s):
        return None
    top = max(r.counts.values())
    leaders = [seat for seat, c in r.counts.items() if c == top]
    if len(leaders) == 1 and top > r.uncast:
        return leaders[0]
    return None


def day_vote_determined(s: State) -> bool:
    """7.7.10: a player was voted out today, or the running round is determined."""
    return s.voted_today or certain_winner(s) is not None


def stop(s: State, clause: str) -> None:
    """A running vote stops (7.13.5, 7.16.1): nobody leaves by it, the counts entered stay on
    record, night falls."""
    if s.round is not None:
        if len(s.round.counts) < len(s.round.seats):
            s.round.record["closed_early"] = True
        s.round = None
    s.tie_queue, s.tied, s.all_leave_seats = [], [], []
    s.day_record["no_vote"] = clause
    s.day_record["vote_cancelled"] = True
    night.begin_night(s)
