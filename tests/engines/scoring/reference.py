"""A plain, slow reference implementation of the standings, for cross-checking the scoring core.

Written only from /work/shared/RULES.md §3–§4 and /work/shared/spec/tournament-file.md, without
looking at ``scoring/``. It takes the parsed JSON dict of a *valid* ``mafia-tournament/1`` file
and returns the ``mafia-standings/1`` dict. Everything is ``Decimal``; nothing is clever.

Readings of the texts where they leave room (each marked "Reading:" below):

* Selection. Every count that the texts define "over the tournament" / "over those stages" is
  taken over the *selected* games (the games being ranked), as RULES §3 says for K ("over the
  games being ranked"): K's r/b/N, Ci's B, mafclub's k-th compensated game and the count of a
  player's gross violations.
* K under both rulesets: RULES §4 says the difficulty coefficient applies under ``mafclub``
  exactly as in §3 (003 does not touch it), and the spec's participants comment says "both
  rulesets".
* ``k`` in the output is the coefficient in force (r != b, N > 0, participants <= 20),
  even when n = min(r, b) = 0 and therefore no win is actually multiplied by it.
* Annulled games (mafclub). "The annulled game keeps its protocol but gives no win points":
  no win points, not counted in games/wins/first_killed, no compensation (red did not lose);
  the best move counts (said explicitly); the rest of the protocol (removal of a player other
  than the violator, judge's extra points, penalties) is kept as recorded. The violator gets
  -3 (replay_penalty) instead of the -0.5 removal, and -2 more for the second and every later
  annulled game they caused.
* A player whose only selected games are annulled still has "a game in the selected stages" and
  is listed (with games = 0); their -3 must show somewhere.
* Ci's N = round(0.4 × games_before_final) to the nearest integer; 0.4 × g = 2g/5 is never
  exactly .5 away from an integer, so the tie rule does not matter. When B = 0, Ci is never
  added, so B <= N = 0 does not divide by zero.
"""

from __future__ import annotations

import hashlib
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0")
ONE = Decimal("1")

STAGE_ORDER = {"qualifying": 0, "semifinal": 1, "final": 2}
RED_TEAM = ("red", "sheriff")
BLACK_TEAM = ("black", "don")

DEFAULT_SETTINGS = {
    # K applies where the tournament has at most this many participants (RULES §3, setting).
    "k_max_participants": 20,
    # whether a removal for a 4th foul costs -0.5 (RULES §3 8.2.4, setting).
    "fourth_foul_removal_counts": True,
    # best-move values (RULES §3 8.3, setting).
    "best_move_three": Decimal("0.40"),
    "best_move_two": Decimal("0.25"),
    "removal": Decimal("-0.5"),
    "penalty": Decimal("-0.4"),
    "replay_penalty": Decimal("-3"),
    "second_replay_penalty": Decimal("-2"),
    "compensation_step": Decimal("0.5"),
}

COMPONENTS = (
    "win",
    "compensation",
    "removal",
    "best_move",
    "judge_extra",
    "penalty",
    "replay_penalty",
)


def dec(value) -> Decimal:
    """Read a decimal from a JSON string or number (never through float)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(str(value))


def round2(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def fmt(value: Decimal) -> str:
    text = str(round2(value))
    if text == "-0.00":
        text = "0.00"
    return text


def team_of(role: str) -> str:
    return "red" if role in RED_TEAM else "black"


def playing_order(game: dict):
    return (STAGE_ORDER[game["stage"]], game["round"], game["table"])


def seat_by_number(game: dict, number: int) -> dict:
    for seat in game["seats"]:
        if seat["seat"] == number:
            return seat
    raise ValueError(f"game {game['id']}: no seat {number}")


def first_killed_seat(game: dict):
    """The seat dict of the first-killed player, or None for a miss."""
    fk = game.get("first_killed")
    if fk is None:
        return None
    return seat_by_number(game, fk["seat"])


def first_killed_red_and_red_lost(game: dict, player_id: str) -> bool:
    """True if this player was first-killed as red/sheriff in this game and red lost."""
    fk_seat = first_killed_seat(game)
    if fk_seat is None or fk_seat["player"] != player_id:
        return False
    return fk_seat["role"] in RED_TEAM and game["result"] == "black"


def difficulty_coefficient(doc: dict, games: list[dict], settings: dict):
    """K of 8.7, rounded half-up to 2 decimals, or None where it does not apply."""
    tournament = doc["tournament"]
    if tournament["participants"] > settings["k_max_participants"]:
        return None
    played = [g for g in games if g["result"] != "annulled"]
    n_games = len(played)
    red_wins = len([g for g in played if g["result"] == "red"])
    black_wins = len([g for g in played if g["result"] == "black"])
    if n_games == 0 or red_wins == black_wins:
        return None
    half = Decimal(n_games) / Decimal(2)
    hard = Decimal(min(red_wins, black_wins))
    k = ONE + (half - hard) / half
    return round2(k)


def hard_side(games: list[dict]):
    """The side with fewer wins among the played games ("red"/"black"), None if equal."""
    red_wins = len([g for g in games if g["result"] == "red"])
    black_wins = len([g for g in games if g["result"] == "black"])
    if red_wins < black_wins:
        return "red"
    if black_wins < red_wins:
        return "black"
    return None


def ci_value(doc: dict, games: list[dict], player_id: str) -> Decimal:
    """Ci of 8.6 for one player (fiim), rounded half-up to 2 decimals."""
    before_final = [g for g in games if g["stage"] in ("qualifying", "semifinal")]
    times = 0
    for game in before_final:
        if game["result"] == "annulled":
            continue
        fk_seat = first_killed_seat(game)
        if fk_seat is not None and fk_seat["player"] == player_id and fk_seat["role"] in RED_TEAM:
            times += 1
    big_n = int(
        (Decimal("0.4") * Decimal(doc["tournament"]["games_before_final"])).quantize(
            ONE, rounding=ROUND_HALF_UP
        )
    )
    if times == 0:
        return ZERO
    if times <= big_n:
        return round2(Decimal("0.4") * Decimal(times) / Decimal(big_n))
    return Decimal("0.40")


def best_move_points(game: dict, player_id: str, settings: dict) -> Decimal:
    fk = game.get("first_killed")
    fk_seat = first_killed_seat(game)
    if fk_seat is None or fk_seat["player"] != player_id:
        return ZERO
    if fk_seat["role"] not in RED_TEAM:
        return ZERO
    blacks_named = 0
    for number in fk.get("named", []):
        if seat_by_number(game, number)["role"] in BLACK_TEAM:
            blacks_named += 1
    if blacks_named == 3:
        return settings["best_move_three"]
    if blacks_named == 2:
        return settings["best_move_two"]
    return ZERO


def reference_standings(doc: dict, stages=None, settings: dict | None = None) -> dict:
    """The mafia-standings/1 document for ``doc`` over ``stages`` (None or empty: all stages)."""
    tournament = doc["tournament"]
    opts = dict(DEFAULT_SETTINGS)
    # The spec does not list it, but the file may carry an optional ``tournament.settings``
    # object with these keys (the core's file format; read only for the setting names).
    for key, value in (tournament.get("settings") or {}).items():
        opts[key] = dec(value) if key.startswith("best_move") else value
    if settings:
        opts.update(settings)
    ruleset = tournament["ruleset"]

    if stages:
        games = [g for g in doc["games"] if g["stage"] in set(stages)]
    else:
        games = list(doc["games"])
    games.sort(key=playing_order)
    played = [g for g in games if g["result"] != "annulled"]

    k = difficulty_coefficient(doc, games, opts)
    hard = hard_side(played) if k is not None else None

    nicknames = {p["id"]: p["nickname"] for p in doc["players"]}

    # Which players appear in the selection (annulled games included, see module docstring).
    listed = []
    for game in games:
        for seat in game["seats"]:
            if seat["player"] not in listed:
                listed.append(seat["player"])

    rows = {}
    for pid in listed:
        rows[pid] = {
            "games": 0,
            "wins": 0,
            "wins_as_don_or_sheriff": 0,
            "first_killed": 0,
            "parts": {name: ZERO for name in COMPONENTS},
            "compensated_losses": 0,  # mafclub: how many compensable games so far
            "violations": 0,  # mafclub: annulled games caused so far
        }

    ci_cache = {}

    for game in games:
        annulled = game["result"] == "annulled"
        fk_seat = first_killed_seat(game)
        for seat in game["seats"]:
            pid = seat["player"]
            row = rows[pid]
            parts = row["parts"]
            role = seat["role"]

            # --- counts (non-annulled games only) ---
            if not annulled:
                row["games"] += 1
                if game["result"] == team_of(role):
                    row["wins"] += 1
                    if role in ("don", "sheriff"):
                        row["wins_as_don_or_sheriff"] += 1
                if fk_seat is not None and fk_seat["player"] == pid:
                    row["first_killed"] += 1

            # --- win points (8.2, 8.7) ---
            if not annulled and game["result"] == team_of(role):
                if k is not None and game["result"] == hard:
                    parts["win"] += k
                else:
                    parts["win"] += ONE

            # --- compensation ---
            if not annulled and first_killed_red_and_red_lost(game, pid):
                if ruleset == "fiim":
                    if game["stage"] in ("qualifying", "semifinal"):
                        if pid not in ci_cache:
                            ci_cache[pid] = ci_value(doc, games, pid)
                        parts["compensation"] += ci_cache[pid]
                else:  # mafclub, 003 item 8: the k-th such game gives 0.5 (k - 1)
                    row["compensated_losses"] += 1
                    parts["compensation"] += opts["compensation_step"] * (
                        row["compensated_losses"] - 1
                    )

            # --- gross violation (mafclub, 003 item 10) ---
            violator = annulled and bool(seat.get("gross_violation", False))
            if violator:
                row["violations"] += 1
                parts["replay_penalty"] += opts["replay_penalty"]
                if row["violations"] >= 2:
                    parts["replay_penalty"] += opts["second_replay_penalty"]

            # --- removal (8.2.4) ---
            removed = seat.get("removed")
            if not violator:
                if removed == "disqualifying_foul":
                    parts["removal"] += opts["removal"]
                elif removed == "fourth_foul" and opts["fourth_foul_removal_counts"]:
                    parts["removal"] += opts["removal"]

            # --- best move (8.3), annulled games included ---
            parts["best_move"] += best_move_points(game, pid, opts)

            # --- judge's extra points (8.4) ---
            parts["judge_extra"] += dec(seat.get("extra", "0"))

            # --- penalties (8.5) ---
            parts["penalty"] += opts["penalty"] * len(seat.get("penalties", []) or [])

    # --- totals ---
    table = []
    for pid in listed:
        row = rows[pid]
        parts = row["parts"]
        if ruleset == "fiim":
            main = parts["win"] + parts["compensation"]
        else:
            main = parts["win"]
        extra = sum((parts[name] for name in COMPONENTS), ZERO) - main
        tiebreak_extra = (
            parts["removal"]
            + parts["best_move"]
            + parts["judge_extra"]
            + parts["penalty"]
            + parts["replay_penalty"]
        )
        total = main + extra
        table.append(
            {
                "pid": pid,
                "main": main,
                "extra": extra,
                "total": total,
                "tiebreak_extra": tiebreak_extra,
                "row": row,
            }
        )

    def tie_key(entry):
        row = entry["row"]
        return (
            entry["total"],
            entry["tiebreak_extra"],
            row["wins"],
            row["wins_as_don_or_sheriff"],
            row["first_killed"],
        )

    def lot(entry):
        text = tournament["lot_seed"] + ":" + entry["pid"]
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    # Plain ordering: compare every pair by the keys, descending, then the lot ascending.
    def before(a, b):
        ka, kb = tie_key(a), tie_key(b)
        if ka != kb:
            return ka > kb
        return lot(a) < lot(b)

    ordered = []
    remaining = list(table)
    while remaining:
        best = remaining[0]
        for candidate in remaining[1:]:
            if before(candidate, best):
                best = candidate
        ordered.append(best)
        remaining.remove(best)

    standings = []
    for place, entry in enumerate(ordered, start=1):
        row = entry["row"]
        parts = row["parts"]
        tied = any(
            other is not entry and tie_key(other) == tie_key(entry) for other in table
        )
        standings.append(
            {
                "place": place,
                "player": entry["pid"],
                "nickname": nicknames[entry["pid"]],
                "games": row["games"],
                "wins": row["wins"],
                "wins_as_don_or_sheriff": row["wins_as_don_or_sheriff"],
                "first_killed": row["first_killed"],
                "main": fmt(entry["main"]),
                "extra": fmt(entry["extra"]),
                "total": fmt(entry["total"]),
                "tiebreak_extra": fmt(entry["tiebreak_extra"]),
                "decided_by_lot": tied,
                "breakdown": {name: fmt(parts[name]) for name in COMPONENTS},
            }
        )

    return {
        "format": "mafia-standings/1",
        "ruleset": ruleset,
        "k": None if k is None else fmt(k),
        "standings": standings,
    }
