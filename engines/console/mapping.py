"""A finished log mapped to the game object of ``mafia-tournament/1`` and to the protocol's
day/night record (game-log.md "Mapping a finished log to the protocol")."""
from __future__ import annotations

from .header import GAME_KEYS
from .state import State


def game_object(s: State) -> dict:
    """The game object scoring reads: the header's ``game`` keys, the confirmed result, the
    first-killed (``null`` after a night-1 miss or a game that ended before night 1 closed), and
    each seat's player, role, fouls (0–4), removal and gross violation. The judge's extra points
    and penalties are entered at sign-off, not here."""
    game = {key: s.header.game[key] for key in GAME_KEYS if key in s.header.game}
    game["result"] = s.result
    game["first_killed"] = None if s.first_killed is None else {
        "seat": s.first_killed, "named": list(s.first_killed_named or [])}
    seats = []
    for seat in range(1, 11):
        row = {"seat": seat, "player": s.header.players[seat], "role": s.header.roles[seat],
               "fouls": s.fouls.get(seat, 0)}
        if seat in s.removed:
            row["removed"] = s.removed[seat]
        if s.violation is not None and s.violation["kind"] == "gross_violation" and s.violation["seat"] == seat:
            row["gross_violation"] = True
        seats.append(row)
    game["seats"] = seats
    return game


def _number(label: str) -> int:
    return int(label[1:])


def protocol_record(s: State) -> dict:
    """How and when each player left, the nominations (his last act per day), the ballots
    (1 the vote or a single nominee, 2 the revote, 3 "all leave?"; only counts entered for a
    stopped round), and how the result came (``awarded`` with its reason, or ``normal``)."""
    left = [{"seat": seat, "left_how": how, "left_on": _number(label)}
            for seat, (how, label) in sorted(s.left.items())]
    votes = []
    for day in s.days:
        for r in day["rounds"]:
            if r["kind"] == "all_leave":
                votes.append({"day": day["day"], "ballot": 3, "nominee_seat": None, "votes": r["for"]})
                continue
            ballot = 2 if r["kind"] == "revote" else 1
            votes.extend({"day": day["day"], "ballot": ballot, "nominee_seat": seat, "votes": count}
                         for seat, count in r["counts"] if count is not None)
    awarded = s.result_how in ("team_loss", "three_misses") or (s.result_how == "judge" and s.result in ("red", "black"))
    return {
        "left": left,
        "nominations": [dict(a) for a in s.acts],
        "votes": votes,
        "result_kind": "awarded" if awarded else "normal",
        "awarded_reason": s.awarded_reason if awarded else "",
    }


def mapped(s: State) -> dict | None:
    """Both, for a log that is ``ended``; ``None`` otherwise."""
    if s.phase != "ended":
        return None
    return {"game": game_object(s), "protocol": protocol_record(s)}
