"""What the desk's socket receives (desk/consumers.py): notices that something the chief judge acts
on changed; the desk then fetches its own blocks (its pages decide what each user sees)."""
from __future__ import annotations

from tournaments import live_groups


def table_moved(tournament_id: int, table_number: int, game_number: int) -> None:
    live_groups.push(live_groups.desk(tournament_id), "table", {"table": table_number, "game": game_number})


def protest_filed(tournament_id: int, protest_id: int) -> None:
    live_groups.push(live_groups.desk(tournament_id), "protest", {"protest": protest_id})
