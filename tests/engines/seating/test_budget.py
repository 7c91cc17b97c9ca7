"""A seed gives one seating everywhere (a move budget by default), and more search never gives a
worse one than the default budget."""
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.seating import generate, generator, quality_report
from engines.seating.report import quality_key

ROOT = Path(__file__).resolve().parents[3]


def _cli_document(seed: int) -> str:
    """What a fresh `python -m seating` process prints for 20 players, 6 games and this seed."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "seating", "--players", "20", "--games", "6", "--seed", str(seed)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=True,
    )
    return out.stdout


@functools.cache
def _first_cli_document(seed: int) -> str:
    """The first process's document for this seed (the module's tests compare with it)."""
    return _cli_document(seed)


def test_the_default_is_a_move_budget_that_grows_with_the_size():
    assert generator.default_iterations(30, 10) == 12000
    assert generator.default_iterations(20, 6) < generator.default_iterations(30, 10)
    assert generator.default_iterations(200, 12) == generator.default_iterations(30, 10)  # capped


def test_two_processes_with_one_seed_print_the_same_seating_and_another_seed_another():
    first, second = _first_cli_document(4), _cli_document(4)
    assert first == second
    assert _cli_document(5) != first


def test_the_default_run_in_process_matches_the_command_line():
    seating = generate(20, 6, seed=4)
    assert seating.stats["seed"] == 4 and seating.stats["budget"] == generator.default_iterations(20, 6)
    assert json.loads(_first_cli_document(4)) == seating.to_document()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_larger_budget_is_never_worse_than_the_default(seed):
    small = generate(30, 8, seed=seed, iterations=40)  # a tiny budget as "the default"
    larger = generate(30, 8, seed=seed, iterations=600, baseline=40)
    assert quality_key(quality_report(larger)) <= quality_key(quality_report(small))
    assert larger.stats["kept"] in ("baseline", "search") and larger.stats["baseline"] == 40
    if larger.stats["kept"] == "baseline":
        assert larger.to_document() == small.to_document()


def test_a_time_limit_is_never_worse_than_the_default_budget():
    small = generate(30, 8, seed=6, iterations=40)
    timed = generate(30, 8, seed=6, time_limit=0.2, baseline=40)
    assert quality_key(quality_report(timed)) <= quality_key(quality_report(small))
    assert timed.stats["time_limit"] == 0.2


def test_the_better_of_two_runs_is_kept(monkeypatch):
    """When the larger search ends worse, the default budget's seating is returned."""
    real = generator._generate_once
    calls = []

    def worse_when_larger(**kwargs):
        calls.append(kwargs["iterations"])
        seating = real(**{**kwargs, "iterations": 40})
        if kwargs["iterations"] != 40:  # the larger search "ends" with a player at two tables
            first = seating.rounds[0]
            first[1] = first[1]._replace(seats=(first[0].seats[0],) + first[1].seats[1:])
        return seating

    monkeypatch.setattr(generator, "_generate_once", worse_when_larger)
    kept = generate(30, 8, seed=2, iterations=5000, baseline=40)
    baseline = real(players=30, games=8, seed=2, iterations=40)
    assert calls == [40, 5000]
    assert kept.stats["kept"] == "baseline"
    assert kept.to_document() == baseline.to_document()


def test_a_larger_budget_repairs_the_hadamard_rows_of_20_players_once(monkeypatch):
    # the default run and the larger one start from the same rows: the SAT repair (about half of
    # either run at 20 players) is done for the first and reused by the second
    from engines.seating import exact
    from engines.seating.constructions import hadamard

    calls = []

    def near_bound(*args, **kwargs):
        calls.append(kwargs.get("time_limit"))
        return None

    monkeypatch.setattr(exact, "near_bound", near_bound)
    hadamard._rows_once.cache_clear()
    try:
        seating = generate(20, 8, seed=5, iterations=3 * generator.default_iterations(20, 8))
    finally:
        hadamard._rows_once.cache_clear()  # never leave the stand-in's rows to another test
    assert seating.stats["baseline"] == generator.default_iterations(20, 8)
    assert calls == [None]


def test_one_core_gives_the_seating_of_two(monkeypatch):
    # a club's one-core server and a two-core laptop seat a stage alike: the searches run the same
    # number of chains wherever they run (100 x 10 is the tabu search around the MOLS grid; with
    # one chain a core it came out otherwise)
    import os

    two = generate(100, 10, seed=3, iterations=1500).to_document()
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert generate(100, 10, seed=3, iterations=1500).to_document() == two
