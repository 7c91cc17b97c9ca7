"""What a valid tournament file may hold that the database columns cannot: texts longer than their
column, numbers beyond a small integer or a decimal's digits. PostgreSQL refuses those with an
error at write time; the API refuses the file before anything is written, every problem listed."""
from __future__ import annotations

from decimal import Decimal

from protocols.models import Game
from protocols.records import derived_game_id
from scoring.core import model as core
from scoring.core.problems import Problem
from tournaments.models import Judge, Player, Registration, Tournament

SMALL = 32767


def _length(model, field: str) -> int:
    return model._meta.get_field(field).max_length


def storable_problems(t: core.Tournament) -> list[Problem]:
    out: list[Problem] = []

    def text(value: str, limit: int, game, field):
        if len(value) > limit:
            out.append(Problem(game, None, field, "too_long", f"at most {limit} characters"))

    def number(value: int, lo: int, hi: int, game, field):
        if not lo <= value <= hi:
            out.append(Problem(game, None, field, "out_of_range", f"{str(value)[:20]} is outside {lo}..{hi}"))

    text(t.name, _length(Tournament, "name"), None, "tournament.name")
    text(t.lot_seed, _length(Tournament, "lot_seed"), None, "tournament.lot_seed")
    number(t.participants, 0, SMALL, None, "tournament.participants")
    number(t.games_before_final, 0, SMALL, None, "tournament.games_before_final")
    number(t.settings.k_max_participants, 0, SMALL, None, "tournament.settings.k_max_participants")
    for key in ("best_move_three", "best_move_two"):
        value = Decimal(getattr(t.settings, key))
        if not (value.is_finite() and abs(value) < 100 and value == value.quantize(Decimal("0.01"))):
            out.append(Problem(None, None, f"tournament.settings.{key}", "out_of_range", "at most 99.99 in hundredths"))
    for p in t.players:
        text(p.id, _length(Registration, "code"), None, "players.id")
        text(p.nickname, _length(Player, "nickname"), None, "players.nickname")
    for g in t.games:
        text(g.id, _length(Game, "code"), g.id[:40], "id")
        number(g.round, 1, SMALL, g.id[:40], "round")
        number(g.table, 1, SMALL, g.id[:40], "table")
        text(g.judge or "", _length(Judge, "name"), g.id[:40], "judge")
    return out


def table_collisions(tournament: Tournament | None, t: core.Tournament) -> list[Problem]:
    """Games of the file at a table and round where the tournament already has another game (one
    query): importing them would put two games at one table in one round."""
    if tournament is None:
        return []
    taken = {}
    for g in tournament.games.filter(replay_of__isnull=True).select_related("stage", "round", "table"):
        taken[(g.stage.kind, g.round.number, g.table.number)] = g.code or derived_game_id(g.stage.kind, g.round.number,
                                                                                          g.table.number, False)
    out = []
    for g in t.games:
        other = taken.get((g.stage, g.round, g.table))
        if g.replay_of is None and other is not None and other != g.id:
            out.append(Problem(g.id[:40], None, "table", "table_taken",
                               f"{g.stage} round {g.round} table {g.table} already has game {other}"))
    return out
