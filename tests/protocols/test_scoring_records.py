"""The loader reads a tournament into the scoring core in four queries, whatever its size."""
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engines.scoring import model as core
from engines.scoring.standings import compute_standings
from protocols.models import Game, GameStatus, Seat
from protocols.scoring_records import core_settings, load, tournament_data
from tests.tournament_builders import add_scheduled_round, played

pytestmark = pytest.mark.django_db


def _queries(fn):
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx)


def test_it_loads_in_a_fixed_number_of_queries():
    small = played("small", players=10, rounds=2)
    large = played("large", players=40, rounds=6)
    # registrations, games, penalties, seats, and the players seated in all its games (RULES.md §3)
    assert _queries(lambda: tournament_data(small)) == 5
    assert _queries(lambda: tournament_data(large)) == 5


def test_it_maps_ids_seats_and_settings():
    t = played("ids", players=20, rounds=2)
    add_scheduled_round(t)
    data = tournament_data(t)
    assert isinstance(data, core.Tournament)
    assert data.participants == 20 and data.lot_seed == t.lot_seed and data.ruleset == "fiim"
    assert len(data.games) == 4  # the scheduled round is left out
    assert {g.id for g in data.games} == {"Q1-T1", "Q1-T2", "Q2-T1", "Q2-T2"}
    assert all(len(g.seats) == 10 for g in data.games)
    assert {p.id for p in data.players} == {f"p{i:02d}" for i in range(1, 21)}
    everything = tournament_data(t, signed_off_only=False)
    assert len(everything.games) == 6
    db_seat = Seat.objects.filter(game__tournament=t, game__number=1, number=1).select_related("game").get()
    core_seat = next(g for g in data.games if g.id == "Q1-T1").seat_by_number(1)
    assert core_seat.role == db_seat.role and core_seat.fouls == db_seat.fouls
    assert core_seat.extra == db_seat.extra


def test_game_code_and_replay_ids():
    t = played("codes", players=10, rounds=2)
    Game.objects.filter(tournament=t, number=1).update(code="OPENER")
    loaded = load(t)
    assert loaded.game_numbers["OPENER"] == 1
    assert loaded.game_numbers["Q2-T1"] == 2


def test_settings_reach_the_core():
    t = played("settings", players=10, rounds=1)
    t.k_applies = False
    t.best_move_three = Decimal("0.50")
    t.participants_override = 12
    s = core_settings(t)
    assert s.best_move_three == Decimal("0.50")
    assert s.k_max_participants == 0  # K switched off: no tournament with players is under it
    data = tournament_data(t)
    assert data.participants == 12
    assert compute_standings(data).k_cents is None


def test_signed_off_only_filters_unsigned_games():
    t = played("unsigned", players=10, rounds=2)
    Game.objects.filter(tournament=t, number=2).update(status=GameStatus.IN_PLAY)
    assert [g.id for g in tournament_data(t).games] == ["Q1-T1"]


def test_the_loaded_tournament_is_a_valid_tournament_file():
    from engines.scoring import fileformat
    from engines.scoring.validation import check_tournament

    t = played("valid-file", players=20, rounds=3, final_games=2)
    data = tournament_data(t)
    assert check_tournament(data) == []
    assert fileformat.parse_document(fileformat.to_document(data)) == data
