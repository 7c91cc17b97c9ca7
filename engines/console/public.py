"""The game as the hall sees it before sign-off: the one public projection of a console game.

``public_state(state)`` is everything a spectator, a stream or the projector may be shown while
the game runs (the live views serve it, console/live.py stores it per event): the seats in the
game, who left and how, who is removed, the fouls, the standing nominations, the running vote, the
speaker and his turn. It is built field by field from the state, never by filtering the judge's
view, and it holds nothing about roles, shots, checks or the best move.

The night is one phase, ``night``, from the moment it falls (the start of the game for night 0;
the event that ends day N for night N) until the morning, whatever the judge's log goes through
in it (the mafia's agreement and the sheriff's look on night 0; the shooting, the don's and the
sheriff's checks, each held or skipped, the best move of ``mafclub``; undos). For the whole night
the projection is the same dict: the facts as the night fell (``State.dusk``), no speaker, no
timer. So neither its content nor how many times it changes in a night can tell who the sheriff
or the don is, whether they are still in the game, whether there was a best move, or how many
events the judge entered. What the night did shows in the morning:

- the kill (7.9.2), as "killed on Nn";
- a removal at night (7.12.3: "the table view shows it only after the sheriff's check, so the
  table learns nothing"; read here as the end of the night, since ``mafclub``'s best move follows
  the check and showing it there would mark where the checks end);
- a foul given at night (7.11.1 lets the judge give one in any phase). Decision: like a removal,
  it shows in the morning. The judge gives it silently while the players' eyes are closed, and its
  moment would tell who was awake then (a foul during the checks points at the don or the sheriff).

When the game is over (7.14.1; also a game that ends at night, by the kill, a removal, the three
misses or an award) the projection shows the facts as they are: the game ends in the open.

The output is plain JSON (string keys, lists, ints); it contains no count of events, so a marker
of its version must be taken from its content (the live views hash it into their ETag).
"""
from __future__ import annotations

from .state import NIGHT0_PHASES, NIGHT_PHASES, State

# the phases whose speaker and turn the hall sees (a vote has none: the counts are its news)
SPEAKER_PHASES = ("day_speech", "tie_speech", "last_words", "night_last_words")
NIGHT = "night"


def _facts(in_game, left: dict, removed, fouls: dict) -> dict:
    return {
        "in_game": sorted(in_game),
        "left": {str(seat): {"how": how, "on": label} for seat, (how, label) in sorted(left.items())},
        "removed": sorted(removed),
        "fouls": {str(seat): count for seat, count in sorted(fouls.items())},
    }


def _turn(s: State) -> tuple[int | None, dict | None]:
    """(the speaker, his turn's timer) in a day phase: the kind, the seconds, and ``turn``, the
    turn's name the stored timer is kept under (console/timer.py ``turn_key``)."""
    turn = s.turn
    if turn is None or s.phase not in SPEAKER_PHASES:
        return None, None
    label = s.label
    timer = {"kind": turn.kind, "seconds": turn.seconds, "seat": turn.seat,
             "turn": f"{label}#{len(s.speeches.get(label, []))}"}
    return turn.seat, timer


def _vote(s: State) -> dict | None:
    r = s.round
    if r is None or s.phase != "voting":
        return None
    return {"kind": r.kind, "seats": list(r.seats), "voters": r.voters,
            "counts": {str(seat): n for seat, n in r.counts.items()}, "uncast": r.uncast, "called": r.called}


def is_night(s: State) -> bool:
    """Night 0 or night N, from the moment it falls to the morning (the hall sees one phase)."""
    return s.phase in NIGHT0_PHASES or s.phase in NIGHT_PHASES


def public_state(s: State) -> dict:
    """The hall's view of the game in state ``s`` before sign-off (see the module's docstring):
    ``phase`` (a day phase, ``night``, ``over`` or ``ended``), ``label`` (``N0``, ``D1``, ``N1`` …;
    ``None`` once over), ``speaker``, ``timer``, ``nominees``, ``vote``, ``in_game``, ``left``
    (seat -> how and when), ``removed``, ``fouls`` (seat -> count), ``over``."""
    if is_night(s):
        dusk = s.dusk
        return {"phase": NIGHT, "label": s.label, "speaker": None, "timer": None, "nominees": [], "vote": None,
                **_facts(dusk["in_game"], dusk["left"], dusk["removed"], dusk["fouls"]), "over": False}
    speaker, timer = _turn(s)
    return {"phase": s.phase, "label": s.label, "speaker": speaker, "timer": timer,
            "nominees": [seat for _by, seat in s.standing], "vote": _vote(s),
            **_facts(s.in_game, s.left, s.removed, s.fouls), "over": s.phase in ("over", "ended")}
