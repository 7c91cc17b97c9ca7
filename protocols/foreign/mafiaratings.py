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

from django.utils.translation import gettext as _

from .records import ForeignGame, ForeignSeat, RecordRefused, check_table, game_day, is_int, need, nickname, seats_named, shown

ROLES = {"civ": "red", "sheriff": "sheriff", "maf": "black", "don": "don"}
RESULTS = {"civ": "red", "maf": "black", "tie": "draw"}
REMOVED = {"warnings": "fourth_foul", "techFouls": "disqualifying_foul", "kickOut": "disqualifying_foul",
           "teamKickOut": "disqualifying_foul", "giveUp": "disqualifying_foul"}
DEATHS = ("night", "day", *REMOVED)


def _seat(p: dict, seat: int) -> ForeignSeat:
    where = f"players[{seat - 1}]."
    name = nickname(p.get("name"), f"{where}name")
    role = p.get("role", "civ")
    if not isinstance(role, str) or role not in ROLES:
        raise RecordRefused(f"{where}role", _("%(value)s is not civ, sheriff, maf or don") % {"value": shown(role)})
    warnings = p.get("warnings", 0)
    fouls = len(warnings) if isinstance(warnings, list) else warnings
    if not is_int(fouls) or fouls < 0:
        raise RecordRefused(f"{where}warnings", _("%(value)s is not a count of fouls") % {"value": shown(warnings)})
    death = _death(p, where)
    removed = REMOVED.get(death["type"]) if death else None
    if removed == "fourth_foul" and fouls < 4:
        fouls = 4  # removed for warnings: the fourth is the one that removed him
    player_id = p.get("id")
    if player_id is not None and not is_int(player_id):
        raise RecordRefused(f"{where}id", _("%(value)s is not a user id") % {"value": shown(player_id)})
    key = f"mafiaratings:{player_id}" if player_id is not None else f"mafiaratings-name:{name}"
    return ForeignSeat(seat, key, name, ROLES[role], min(fouls, 4), removed)


def _death(p: dict, where: str) -> dict | None:
    """The player's ``death``: None, or {type: one of DEATHS, round: an int when given}."""
    death = p.get("death")
    if death is None:
        return None
    if not isinstance(death, dict):
        raise RecordRefused(f"{where}death", _("%(value)s is not an object") % {"value": shown(death)})
    kind = death.get("type")
    if not isinstance(kind, str) or kind not in DEATHS:
        raise RecordRefused(f"{where}death.type",
                            _("%(value)s is not one of %(kinds)s") % {"value": shown(kind), "kinds": ", ".join(DEATHS)})
    number = death.get("round")
    if number is not None and (not is_int(number) or number < 0):
        raise RecordRefused(f"{where}death.round", _("%(value)s is not a round") % {"value": shown(number)})
    if kind == "night" and number is None:
        raise RecordRefused(f"{where}death.round", _("missing: a night's kill needs its round"))
    return death


def _where(record: dict) -> tuple[str, str]:
    """The tournament key and name: its tournament, else its event, else its club (ids only)."""
    for key, kind in (("tournamentId", "tournament"), ("eventId", "event"), ("clubId", "club")):
        value = record.get(key)
        if value is None:
            continue
        if not is_int(value):
            raise RecordRefused(key, _("%(value)s is not an id") % {"value": shown(value)})
        return f"mafiaratings:{key}:{value}", f"mafiaratings, {kind} {value}"
    return "mafiaratings", "mafiaratings"


def read(record: dict) -> ForeignGame:
    if not isinstance(record, dict):
        raise RecordRefused("record", _("not an object"))
    game_id = str(need(record, "id", int))
    winner = record.get("winner")
    if not isinstance(winner, str) or winner not in RESULTS:
        raise RecordRefused("winner", _("%(value)s is not civ, maf or tie") % {"value": shown(winner)})
    start = need(record, "startTime", int)
    try:
        played_on = datetime.datetime.fromtimestamp(start, datetime.UTC).date()
    except (OverflowError, OSError, ValueError):
        raise RecordRefused("startTime", _("%(value)s is not a time") % {"value": shown(start)}) from None
    played_on = game_day(played_on, "startTime")
    players = need(record, "players", list)
    if len(players) != 10 or not all(isinstance(p, dict) for p in players):
        raise RecordRefused("players", _("%(n)s players, not ten") % {"n": len(players)})
    seats = [_seat(p, i) for i, p in enumerate(players, 1)]
    check_table(seats)
    # the first killed is killed on the first night (RULES.md 7.10.1); mafiaratings numbers it
    # round 1 (its own converters write first blood so); a miss that night leaves none
    killed, named = None, []
    for seat, p in enumerate(players, 1):
        death = p.get("death")
        if death and death["type"] == "night" and death["round"] == 1:
            killed = seat
    if killed is not None:
        legacy = players[killed - 1].get("legacy")
        if isinstance(legacy, list):
            named = seats_named(legacy, f"players[{killed - 1}].legacy")
        elif legacy is not None and not is_int(legacy):  # feature i: a count, no seats
            raise RecordRefused(f"players[{killed - 1}].legacy", _("%(value)s is not a list of seats") % {"value": shown(legacy)})
    tournament_key, name = _where(record)
    return ForeignGame(game_id, played_on, RESULTS[winner], seats, killed, named, tournament_key, name)
