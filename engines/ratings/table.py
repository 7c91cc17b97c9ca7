"""The ratings table ``mafia-ratings/1`` (spec/rating.md's ``table``) and its text form.

Ranked players first, by shown rating (highest first), then the provisional ones the same
way; ties by player id. ``rank`` is 1.. for ranked players and null for provisional ones.
Numbers in Elo points with one decimal.
"""
from __future__ import annotations

import json
from datetime import date

from .bank import RatingBank
from .reader import TournamentFile

FORMAT = "mafia-ratings/1"


def _r1(x: float) -> float:
    return round(x, 1) + 0.0  # no -0.0


def build_table(model: RatingBank, files: list[TournamentFile], *, day: date | None,
                last_game: tuple[str, str] | None) -> dict:
    """The document of ``table``: every player who played a rated game up to ``day``."""
    nicknames: dict[str, str] = {}
    for f in files:  # in season order: the latest file's nickname wins
        nicknames.update(f.players)
    as_of = day.toordinal() if day is not None else None
    rows = []
    for pid in model.players:
        info = model.player(pid, as_of)
        t = files[info["last_tournament"]]
        rows.append({
            "rank": None,
            "player": pid, "nickname": nicknames.get(pid, ""),
            "rating": _r1(info["rating"]), "uncertainty": _r1(info["uncertainty"]),
            "skill": _r1(info["skill"]),
            "skill_as_red": _r1(info["skill_as_red"]), "skill_as_black": _r1(info["skill_as_black"]),
            "games": info["games"],
            "as_red": info["as_red"], "as_sheriff": info["as_sheriff"],
            "as_black": info["as_black"], "as_don": info["as_don"],
            "wins": info["wins"], "draws": info["draws"],
            "last_tournament": {"file": t.source, "name": t.name,
                                "change": _r1(info["last_tournament_change"])},
            "provisional": info["provisional"],
            "_exact": info["rating"],
        })
    rows.sort(key=lambda r: (r["provisional"], -r["_exact"], r["player"]))
    rank = 0
    for r in rows:
        del r["_exact"]
        if not r["provisional"]:
            rank += 1
            r["rank"] = rank
    summary = model.summary()
    return {
        "format": FORMAT,
        "at": day.isoformat() if day is not None else None,
        "after_game": {"file": last_game[0], "game": last_game[1]} if last_game else None,
        "games": summary["games"],
        "red_base_rate": round(summary["red_base_rate"], 4),
        "weights": {role: round(w, 4) for role, w in summary["weights"].items()},
        "players": rows,
    }


def dumps_table(doc: dict) -> str:
    """The document as JSON text; escaped to ASCII when it holds a character UTF-8 cannot
    encode (a lone surrogate in a nickname or an id), so it stays valid JSON."""
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(doc, ensure_ascii=True, indent=1)
    return text + "\n"


def format_table(doc: dict) -> str:
    """A readable table: one player a line."""
    head = ("#", "player", "nickname", "rating", "±", "games", "red", "sher", "black", "don", "wins", "last Δ", "")
    lines = [head]
    for r in doc["players"]:
        lines.append((
            str(r["rank"]) if r["rank"] is not None else "-", r["player"], r["nickname"],
            f"{r['rating']:.1f}", f"{r['uncertainty']:.1f}", str(r["games"]), str(r["as_red"]),
            str(r["as_sheriff"]), str(r["as_black"]), str(r["as_don"]), str(r["wins"]),
            f"{r['last_tournament']['change']:+.1f}", "provisional" if r["provisional"] else "",
        ))
    widths = [max(len(row[c]) for row in lines) for c in range(len(head))]
    numeric = {0, 3, 4, 5, 6, 7, 8, 9, 10, 11}
    out = []
    for row in lines:
        cells = [cell.rjust(widths[c]) if c in numeric else cell.ljust(widths[c]) for c, cell in enumerate(row)]
        out.append("  ".join(cells).rstrip())
    w = doc["weights"]
    out.append("")
    out.append(f"games: {doc['games']}   red base rate: {doc['red_base_rate']:.3f}   weights: "
               f"red {w['red']:.2f}, sheriff {w['sheriff']:.2f}, black {w['black']:.2f}, don {w['don']:.2f}")
    return "\n".join(out) + "\n"
