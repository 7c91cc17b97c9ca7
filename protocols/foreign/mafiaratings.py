"""mafiaratings' game records (the JSON it stores per game, format 1.3, as in its public
``db/`` sample): one record, or a list of them, a file.

    players[]   ten, seat = index + 1: id, name, role "civ" (or none) / "sheriff" / "maf" / "don",
                warnings (a count, or one entry a foul), death {round, type: night | day |
                warnings | techFouls | kickOut | teamKickOut | giveUp}, legacy [seats] (the best move)
    winner      "civ" | "maf" | "tie"
    startTime   Unix seconds
    tournamentId, eventId, clubId   where it was played (ids only: no names)"""
from __future__ import annotations

import datetime

from .records import ForeignGame, ForeignSeat, RecordRefused, check_table, need

ROLES = {"civ": "red", "sheriff": "sheriff", "maf": "black", "don": "don"}
RESULTS = {"civ": "red", "maf": "black", "tie": "draw"}
REMOVED = {"warnings": "fourth_foul", "techFouls": "disqualifying_foul", "kickOut": "disqualifying_foul",
           "teamKickOut": "disqualifying_foul", "giveUp": "disqualifying_foul"}


def _seat(p: dict, seat: int) -> ForeignSeat:
    where = f"players[{seat - 1}]."
    name = need(p, "name", str, where).strip()
    if not name:
        raise RecordRefused(f"{where}name", "empty")
    role = p.get("role", "civ")
    if role not in ROLES:
        raise RecordRefused(f"{where}role", f"{role!r} is not civ, sheriff, maf or don")
    warnings = p.get("warnings", 0)
    fouls = len(warnings) if isinstance(warnings, list) else warnings
    if not isinstance(fouls, int) or isinstance(fouls, bool) or fouls < 0:
        raise RecordRefused(f"{where}warnings", f"{warnings!r} is not a count of fouls")
    death = p.get("death")
    removed = REMOVED.get(death.get("type")) if isinstance(death, dict) else None
    if removed == "fourth_foul" and fouls < 4:
        fouls = 4  # removed for warnings: the fourth is the one that removed him
    player_id = p.get("id")
    key = f"mafiaratings:{player_id}" if isinstance(player_id, int) and not isinstance(player_id, bool) else f"mafiaratings-name:{name}"
    return ForeignSeat(seat, key, name, ROLES[role], min(fouls, 4), removed)


def read(record: dict) -> ForeignGame:
    if not isinstance(record, dict):
        raise RecordRefused("record", "not an object")
    game_id = str(need(record, "id", int))
    winner = record.get("winner")
    if winner not in RESULTS:
        raise RecordRefused("winner", f"{winner!r} is not civ, maf or tie")
    start = need(record, "startTime", int)
    try:
        played_on = datetime.datetime.fromtimestamp(start, datetime.UTC).date()
    except (OverflowError, OSError, ValueError):
        raise RecordRefused("startTime", f"{start!r} is not a time") from None
    players = need(record, "players", list)
    if len(players) != 10 or not all(isinstance(p, dict) for p in players):
        raise RecordRefused("players", f"{len(players)} players, not ten")
    seats = [_seat(p, i) for i, p in enumerate(players, 1)]
    check_table(seats)
    killed, named, first_night = None, [], None
    for seat, p in enumerate(players, 1):
        death = p.get("death")
        if isinstance(death, dict) and death.get("type") == "night" and isinstance(death.get("round"), int):
            if first_night is None or death["round"] < first_night:
                killed, first_night = seat, death["round"]
    if killed is not None:
        legacy = players[killed - 1].get("legacy")
        if isinstance(legacy, list):
            named = [s for s in legacy if isinstance(s, int) and not isinstance(s, bool)][:3]
    where = [(key, record.get(key)) for key in ("tournamentId", "eventId", "clubId") if isinstance(record.get(key), int)]
    tournament_key = f"mafiaratings:{where[0][0]}:{where[0][1]}" if where else "mafiaratings"
    kinds = {"tournamentId": "tournament", "eventId": "event", "clubId": "club"}
    name = f"mafiaratings, {kinds[where[0][0]]} {where[0][1]}" if where else "mafiaratings"
    return ForeignGame(game_id, played_on, RESULTS[winner], seats, killed, named, tournament_key, name)
