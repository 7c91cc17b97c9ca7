"""7.6 The end of the day's speeches: no vote, a single nominee, or the vote."""
from __future__ import annotations

from ..state import State
from . import night, removals, voting
from .nominations import nominees


def end_of_speeches(s: State) -> None:
    """With n = the standing nominees still in the game when the last turn ends:

    7.6.1 n = 0: no vote, night (a ``next_vote`` cancellation is not taken, 7.13.4);
    7.6.2 day 1 and n = 1: no vote, night (001; known bug: a console hung here) — it takes a
    ``next_vote`` cancellation (003 "нулевого круга");
    7.6.5 the day's vote is cancelled (7.13, 7.16.1): night, nobody leaves;
    7.6.3 day ≥ 2 and n = 1: he leaves with all the votes (ballot 1 = the players in the game);
    7.6.4 n ≥ 2: the vote (7.7)."""
    rec = s.day_record
    candidates = nominees(s)
    if not candidates:
        rec["no_vote"] = "7.6.1"
        rec["vote_cancelled"] = removals.vote_cancelled_today(s, takes_cancellation=False)
        night.begin_night(s)
        return
    if s.day == 1 and len(candidates) == 1:
        rec["no_vote"] = "7.6.2"
        rec["vote_cancelled"] = removals.vote_cancelled_today(s, takes_cancellation=True)
        night.begin_night(s)
        return
    if removals.vote_cancelled_today(s, takes_cancellation=True):
        rec["no_vote"] = "7.6.5"
        rec["vote_cancelled"] = True
        night.begin_night(s)
        return
    if len(candidates) == 1:
        voting.single_nominee(s, candidates[0])
    else:
        voting.start_round(s, "vote", candidates)
