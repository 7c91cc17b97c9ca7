"""Importing the seating core loads neither numba nor python-sat: the web app and the Celery worker
start without them, and a search loads them when it runs."""
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

CODE = textwrap.dedent(
    """
    import sys

    import engines.seating
    import engines.seating.cli
    import engines.seating.constructions
    import engines.seating.generator
    import engines.seating.report


    def loaded(name):
        return name in sys.modules or any(m.startswith(name + ".") for m in sys.modules)


    assert not loaded("numba") and not loaded("pysat"), sorted(m for m in sys.modules if m.startswith(("numba", "pysat")))

    from engines.seating import generate, quality_report

    # 100 x 6: the grid of two orthogonal Latin squares, the other rounds by the tabu search (numba)
    grid = generate(100, 6, seed=1, iterations=200)
    assert loaded("numba") and not loaded("pysat")
    # 25 x 8 with every table count at 4: the orbit model (python-sat)
    orbit = generate(25, 8, seed=1, iterations=200, balance="tables")
    assert loaded("pysat")
    for seating, players in ((grid, 100), (orbit, 25)):
        stage = quality_report(seating, players)["stage"]
        assert stage["problems"] == [] and stage["pairs_above_cap"] == 0, stage
    print("ok")
    """
)


def test_the_core_imports_without_numba_or_python_sat_and_loads_them_for_a_search():
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
