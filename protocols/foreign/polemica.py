"""Polemica's game records (the JSON of app.polemicagame.com's matches, ``version`` 4, as in the
public polemica-library's test resources): one record, or a list of them, a file.

    players[]   position (seat), username, player {id} | id | null, role 0 don / 1 mafia /
                2 civilian / 3 sheriff, fouls[] (one entry a foul), disqual (a stage: removed)
    shots[]     {night, shooter, victim}: one row a shooter
    guess       on a player: {mafs: [seats], civs: [seats]}; the first killed's mafs are his best move
    result      0 red won, 1 black won (null: not finished)
    started     "2025-04-05T13:00:00.000", the game's start (no time zone)

The record names no tournament: the importer groups a run's Polemica games as one tournament."""
from __future__ import annotations

import datetime

from django.utils.translation import gettext as _

from .records import ForeignGame, ForeignSeat, RecordRefused, check_table, game_day, is_int, need, nickname, seats_named, shown

ROLES = {0: "don", 1: "black", 2: "red", 3: "sheriff"}
RESULTS = {0: "red", 1: "black"}


def _player(p: dict, where: str) -> ForeignSeat:
    seat = need(p, "position", int, where)
    name = p.get("username")
    account = p.get("player")
    if isinstance(account, dict):
        name = name or account.get("username")
        account = account.get("id")
    name = nickname(name, f"{where}username")
    if account is not None and not is_int(account):
        raise RecordRefused(f"{where}player.id", _("%(value)s is not an account id") % {"value": shown(account)})
    role = need(p, "role", int, where)
    if role not in ROLES:
        raise RecordRefused(f"{where}role", _("%(value)s is not 0 (don), 1 (mafia), 2 (civilian) or 3 (sheriff)") % {"value": shown(role)})
    fouls = p.get("fouls") or []
    if not isinstance(fouls, list):
        raise RecordRefused(f"{where}fouls", _("not a list"))
    removed = None
    if p.get("disqual"):
        removed = "fourth_foul" if len(fouls) >= 4 else "disqualifying_foul"
    key = f"polemica:{account}" if account is not None else f"polemica-name:{name}"
    return ForeignSeat(seat, key, name, ROLES[role], min(len(fouls), 4), removed)


def first_killed(record: dict, seats: list[ForeignSeat]) -> int | None:
    """The victim of the first night (RULES.md 7.10.1: a miss that night leaves no first killed),
    when every black player in the game that night shot him. Who was voted out is not worked out
    from the votes, so a black player is in the game that night when he was not removed by a foul
    on day 1 and shows himself later: he shoots on some night, votes on a later day, or is
    removed by a foul on a later day (one voted out on day 1 does none of these). Records without
    shooters count the shots instead."""
    shots = record.get("shots") or []
    if not isinstance(shots, list):
        raise RecordRefused("shots", _("not a list"))
    first: list[tuple[int | None, int]] = []  # (shooter, victim) of night 1
    shooters_ever: set[int] = set()
    for i, shot in enumerate(shots):
        night, victim = need(shot, "night", int, f"shots[{i}]."), need(shot, "victim", int, f"shots[{i}].")
        if not 1 <= victim <= 10:
            raise RecordRefused(f"shots[{i}].victim", _("%(value)s is not a seat 1-10") % {"value": shown(victim)})
        shooter = shot.get("shooter")
        if shooter is not None and not (is_int(shooter) and 1 <= shooter <= 10):
            raise RecordRefused(f"shots[{i}].shooter", _("%(value)s is not a seat 1-10") % {"value": shown(shooter)})
        if shooter is not None:
            shooters_ever.add(shooter)
        if night == 1:
            first.append((shooter, victim))
    if not first or len({victim for _shooter, victim in first}) != 1:
        return None
    removed_on = {}
    for p in record.get("players") or []:
        if isinstance(p, dict) and isinstance(p.get("disqual"), dict) and isinstance(p["disqual"].get("day"), int):
            removed_on[p.get("position")] = p["disqual"]["day"]
    blacks = {s.seat for s in seats if s.role in ("black", "don") and removed_on.get(s.seat, 2) > 1}
    if all(shooter is not None for shooter, _victim in first):
        # in the game on night 1: he shoots on some night, votes on a later day, or is removed by
        # a foul on a later day (one who skipped night 1 and left on day 2 voted that day)
        later = {v.get("voter") for v in record.get("votes") or [] if isinstance(v, dict)
                 and is_int(v.get("day")) and v["day"] >= 2}
        later |= {seat for seat, day in removed_on.items() if day >= 2}
        in_game = blacks & (shooters_ever | later)
        return first[0][1] if in_game <= {shooter for shooter, _victim in first} else None
    return first[0][1] if len(first) >= len(blacks) else None


def read(record: dict) -> ForeignGame:
    if not isinstance(record, dict):
        raise RecordRefused("record", _("not an object"))
    game_id = str(need(record, "id", int))
    result = record.get("result")
    if not is_int(result) or result not in RESULTS:
        raise RecordRefused("result", _("%(value)s: not a finished game (0 red won, 1 black won)") % {"value": shown(result)})
    started = need(record, "started", str)
    try:
        played_on = datetime.datetime.fromisoformat(started[:26]).date()
    except ValueError:
        raise RecordRefused("started", _("%(value)s is not a date and time") % {"value": shown(started)}) from None
    played_on = game_day(played_on, "started")
    players = need(record, "players", list)
    seats = [_player(p, f"players[{i}].") for i, p in enumerate(players)]
    check_table(seats)
    killed = first_killed(record, seats)
    named: list[int] = []
    if killed is not None:
        index = next(i for i, p in enumerate(players) if p.get("position") == killed)
        guess = players[index].get("guess")
        if guess is not None and not isinstance(guess, dict):
            raise RecordRefused(f"players[{index}].guess", _("%(value)s is not an object") % {"value": shown(guess)})
        mafs = (guess or {}).get("mafs")
        if mafs is not None:
            named = seats_named(mafs, f"players[{index}].guess.mafs")
    return ForeignGame(game_id, played_on, RESULTS[result], seats, killed, named)
