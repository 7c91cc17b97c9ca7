"""Benchmark of the exports: ``python bench/exports.py [--repeat 3]``.

1. Builds a tournament whose qualifying stage has 20 signed-off games (20 players, 2 tables,
   10 rounds) and renders that stage's booklet of completed protocol sheets as the booklet job
   does (sheet by sheet, reporting progress): prints the pages and the time per page.
2. Builds a tournament of 200 players (20 tables, 10 rounds, 200 games), stores its standings
   and writes them as XLSX: prints the time.

Both run in a throwaway SQLite file unless DATABASE_URL is set. The load average is printed
with the figures: other work on the machine shows in them. Target (issue 16): the booklet
under 0.3 s per page.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='bench-exports-')}/bench.sqlite3"

PAGE_TARGET = 0.3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is reported (default 3)")
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command

    from config.celery import app

    app.conf.task_always_eager = True
    call_command("migrate", verbosity=0)
    from pypdf import PdfReader

    from demo.builder import build_tournament
    from exports.exporters import ProtocolExporter, StandingsExporter
    from scoring.recompute import recompute
    from tournaments.models import Stage

    booklet_cup = build_tournament("bench-booklet", players=20, tables=2, qualifying_rounds=10, final_games=0)
    recompute(booklet_cup.pk)
    stage = Stage.objects.get(tournament=booklet_cup, kind="qualifying")
    times, cpu, pages = [], [], 0
    for _ in range(args.repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        exported = ProtocolExporter(booklet_cup, stage=stage).render("pdf", progress=lambda done, total: None)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        pages = len(PdfReader(io.BytesIO(exported.content)).pages)
    best = min(times)
    print(f"booklet of a 20-game stage: {pages} pages in {best:.2f} s = {best / pages:.3f} s per page "
          f"(CPU {min(cpu) / pages:.3f} s per page; runs: {', '.join(f'{t:.2f}' for t in times)} s; "
          f"target < {PAGE_TARGET} s per page: {'met' if best / pages < PAGE_TARGET else 'MISSED'})")

    big = build_tournament("bench-xlsx", players=200, tables=20, qualifying_rounds=10, final_games=0)
    recompute(big.pk)
    times = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        exported = StandingsExporter(big).render("xlsx")
        times.append(time.perf_counter() - started)
    print(f"standings of 200 players as XLSX: {min(times) * 1000:.0f} ms ({len(exported.content):,} bytes; "
          f"runs: {', '.join(f'{t * 1000:.0f}' for t in times)} ms)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
