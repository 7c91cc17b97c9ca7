"""7.16.1–7.16.2 The judge's overrides: only these four, each with a reason."""
from __future__ import annotations

from ..codes import Refused
from ..state import VOTE_PHASES, State
from . import fouls, game_end, voting

CANCEL_PHASES = ("night_last_words", "day_speech") + VOTE_PHASES
HOLD_PHASES = ("night_last_words", "day_speech")


def check(s: State, ev: dict) -> None:
    """``OVERRIDE_REASON`` (7.16.2) without a non-empty reason, then the conditions of each
    (``OVERRIDE_NOT_NOW``, 7.16.1):
    ``cancel_vote`` once a day, in a day phase before the day's vote is determined (7.7.10);
    ``hold_vote`` during that day's night last words or speeches, when a removal would cancel its
    vote; ``fouls`` 0–3 for a player at the table (the 4th is only ever a ``foul``);
    ``result`` until ``end``, also while over. In ``over`` only ``result`` gets here."""
    if not (ev.get("reason") or "").strip():
        raise Refused("OVERRIDE_REASON")
    what = ev["what"]
    if what == "cancel_vote":
        ok = s.phase in CANCEL_PHASES and not s.override_cancelled_today and not voting.day_vote_determined(s)
    elif what == "hold_vote":
        if s.setting("vote_cancel") == "same_day":
            would_cancel = s.day in s.cancel_days
        else:
            would_cancel = s.cancel_pending > 0 and not s.hold_today
        ok = s.phase in HOLD_PHASES and would_cancel and not s.override_cancelled_today
    elif what == "fouls":
        ok = ev["seat"] in s.at_table and 0 <= ev["fouls"] <= 3
    else:
        ok = s.phase != "ended"
    if not ok:
        raise Refused("OVERRIDE_NOT_NOW", what=what)


def override(s: State, ev: dict) -> None:
    """``cancel_vote``: the day's vote is not held (a running vote stops, nobody leaves);
    ``hold_vote``: ``same_day`` lifts the day's cancellation, ``next_vote`` spends the one this
    vote would take without effect; ``fouls``: sets the count (7.11.2 for the silence);
    ``result``: the game is over with that result (an awarded red/black, or a draw, 7.14.5)."""
    what, reason = ev["what"], ev["reason"].strip()
    if what == "cancel_vote":
        s.override_cancelled_today = True
        if s.phase in VOTE_PHASES:
            voting.stop(s, "7.6.5")
    elif what == "hold_vote":
        if s.setting("vote_cancel") == "same_day":
            s.cancel_days.discard(s.day)
            s.cancel_by.pop(s.day, None)
        else:
            s.hold_today = True
    elif what == "fouls":
        fouls.set_count(s, ev["seat"], ev["fouls"])
    else:
        result = ev["result"]
        game_end.over(s, result, "judge", "" if result == "draw" else reason)
