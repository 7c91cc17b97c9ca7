"""Benchmark of the live views: ``python bench/live.py [--seconds 10] [--connections 50]``.

1. Builds (once; ``--rebuild`` to start over), in the configured database, the standings bench's
   tournament (bench/standings.py: 200 players × 15 games, its snapshot) and a round of
   ``--tables`` tables whose games are being run on the console: each log holds 100 to 190 events
   of bench/console_game.py's long legal game, none signed off.
2. Serves the site on loopback with docker/compose.yml's own command of the web service (gunicorn's
   sync workers; ``--service live``: the ASGI server's), persistent database connections, under
   the production settings (config.settings.production, with a
   random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1 and no TLS redirect), and loads from a second
   process with ``wrk`` at ``--connections`` connections for ``--seconds`` each, in one run:
   - the standings page (the house's reference figure, issue 5);
   - one table's ``live.json`` as live.js asks for it (no If-None-Match: a 200 with the body);
   - the same with the ETag of the first answer (If-None-Match: the 304 a revalidating client gets);
   - the round's ``live.json`` (the projector's tables panel, every table of the round).
   Each line gives requests per second, p50 and p99 latency and the errors (socket errors and
   answers of 400 or more), with the load average: other work on the machine shows in the tail.

Before the stored projection a poll took the log's replayed game from its process's cache (or
replayed the log on a miss: another worker, a restart, a thread that found it taken), built the
public state from it and read the tournament with its standings' counts (a probe measured 135
requests/s at 50 connections). A poll now reads the tournament's row, the game with its log row
and the seats (three queries, console/live.py ``public_projection``) and replays nothing; the
first poll after each event computes the projection (the warm-up run does that here).

Figures (PostgreSQL, Redis cache, 3 sync workers, wrk on the same 2 CPUs, 50 connections):
- stored projection: table live.json 198 answers/s, p99 576 ms;
- the answer kept per table and language for up to a second (public/live_cache.py, forgotten
  when the game moves): 1,021/s p50 44 ms p99 81 ms, a 304 1,165/s p99 67 ms; the standings page
  775/s p99 109 ms in the same run; the round's live.json (10 tables, not kept) 118/s p99 731 ms.
- each web process also keeping its last read for a quarter of a second (no round trip to the
  shared cache on most polls), served by docker/compose.yml's own web command (gunicorn's sync
  workers, WSGI): table live.json 2,428/s p50 20.0 ms p99 26.7 ms, a 304 2,244/s p99 32.1 ms; the
  standings page 1,248/s p99 54.0 ms in the same run; the round's live.json 187/s p99 456 ms.
- the same pages under the ASGI server (``--service live``: gunicorn's uvicorn workers, as the web
  ran until this measure): table live.json 568/s p99 391 ms, the standings page 347/s p99 555 ms:
  Django's sync middleware and views hop to a thread and back on every request. Hence the two
  services of compose: the pages under WSGI, the sockets (/ws/) under ASGI.
"""
from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import standings as house  # noqa: E402  (bench/standings.py: the build, gunicorn's database URL, wrk)
from console_game import ROLES, long_game  # noqa: E402

LIVE_SLUG = "bench-live"


def build_live_round(tables: int, rebuild: bool) -> None:
    """A published tournament with one round of ``tables`` games on the console, none signed off."""
    from console.models import ConsoleEvent, ConsoleLog
    from console.services import header_of
    from tests.factories import (
        GameFactory,
        JudgeFactory,
        RegistrationFactory,
        RoundFactory,
        SeatFactory,
        StageFactory,
        TableFactory,
        TournamentFactory,
    )
    from tournaments.models import Tournament

    if rebuild:
        Tournament.objects.filter(slug=LIVE_SLUG).delete()
    if Tournament.objects.filter(slug=LIVE_SLUG).exists():
        return
    events = long_game(300)["events"]
    tournament = TournamentFactory(slug=LIVE_SLUG, name="Bench live", ruleset="fiim", chief_judge=JudgeFactory())
    stage = StageFactory(tournament=tournament)
    rnd = RoundFactory(stage=stage, number=1)
    for number in range(1, tables + 1):
        game = GameFactory(tournament=tournament, stage=stage, round=rnd, number=number, judge=JudgeFactory(),
                           table=TableFactory(tournament=tournament, number=number))
        for seat, role in enumerate(ROLES, start=1):
            SeatFactory(game=game, number=seat, role=role, player=RegistrationFactory(tournament=tournament).player)
        length = 100 + (number * 37) % 91  # 100 … 190 events: days and nights
        log = ConsoleLog.objects.create(game=game, header=header_of(game), length=length)
        ConsoleEvent.objects.bulk_create(ConsoleEvent(log=log, index=i, payload=e) for i, e in enumerate(events[:length]))


def production_env() -> dict:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production", "DATABASE_URL": house.database_url_for_server(),
            "SECRET_KEY": secrets.token_urlsafe(64), "ALLOWED_HOSTS": "127.0.0.1", "BEHIND_TLS_PROXY": "False",
            "SECURE_SSL_REDIRECT": "False", "SECURE_COOKIES": "False", "SECURE_HSTS_SECONDS": "0", "LOG_LEVEL": "ERROR"}


def wrk_run(wrk: str, url: str, seconds: int, connections: int, headers=()) -> dict:
    extra = [arg for header in headers for arg in ("-H", header)]
    subprocess.run([wrk, "-t2", f"-c{connections}", "-d2s", *extra, url], check=True, capture_output=True)  # warm
    out = subprocess.run([wrk, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, url],
                         check=True, capture_output=True, text=True).stdout
    return {**house.parse_wrk(out), "load": os.getloadavg()[0]}


def compose_command(service: str, port: int, workers: int) -> list[str]:
    """docker/compose.yml's own command of ``service`` (web: the pages, WSGI; live: the ASGI server),
    bound to ``port`` with ``workers`` workers and no access log."""
    import yaml

    command = list(yaml.safe_load((ROOT / "docker" / "compose.yml").read_text())["services"][service]["command"])
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = str(workers)
    i = command.index("--access-logfile")
    del command[i:i + 2]
    return [*command, "--log-level", "warning"]


def serve_and_load(args) -> None:
    wrk = house.ensure_wrk()
    port = house.free_port()
    base = f"http://127.0.0.1:{port}"
    env = production_env()
    env.pop("CELERY_BROKER_URL", None)  # the pages only read
    command = compose_command(args.service, port, args.workers)
    server = subprocess.Popen([sys.executable, "-m", *command], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, start_new_session=True)
    table_url = f"{base}/t/{LIVE_SLUG}/tables/1/live.json"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(table_url, timeout=5) as response:
                    etag, size = response.headers["ETag"], len(response.read())
                break
            except urllib.error.HTTPError as exc:  # up, but answering an error: say which
                sys.exit(f"{table_url}: {exc.code} {exc.read()[:500]!r}")
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    sys.exit("gunicorn did not come up")
                time.sleep(0.5)
        print(f"docker/compose.yml's {args.service} service: {' '.join(command)}, config.settings.production; "
              f"live.json {size} bytes, ETag {etag}")
        runs = [
            ("standings page (200 × 15)", f"{base}/t/{house.SLUG}/", ()),
            ("table live.json (200)", table_url, ()),
            ("table live.json, If-None-Match (304)", table_url, (f"If-None-Match: {etag}",)),
            (f"round live.json ({args.tables} tables)", f"{base}/t/{LIVE_SLUG}/tables/live.json", ()),
        ]
        print(f"wrk -c{args.connections} -d{args.seconds}s, {os.cpu_count()} CPUs:")
        for label, url, headers in runs:
            f = wrk_run(wrk, url, args.seconds, args.connections, headers)
            print(f"  {label:40} {f['rps']:7.0f} requests/s  p50 {f['p50']:6.1f} ms  p99 {f['p99']:6.1f} ms  "
                  f"{f['errors']} errors ({f['requests']} requests; load average {f['load']:.1f})")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=house.at_least_one, default=10)
    parser.add_argument("--connections", type=house.at_least_one, default=50)
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 2) + 1)
    parser.add_argument("--service", choices=("web", "live"), default="web",
                        help="which of docker/compose.yml's servers answers (live: the pages under the ASGI server)")
    parser.add_argument("--tables", type=house.at_least_one, default=10)
    parser.add_argument("--rebuild", action="store_true", help="delete and rebuild the bench tournaments")
    args = parser.parse_args()
    house.ARGS = argparse.Namespace(rebuild=args.rebuild, runs=1)
    house.setup_django()
    from django.db import connection

    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}; load average {os.getloadavg()[0]:.1f}")
    _tournament, built = house.build(house.SLUG, 200, 15, args.rebuild)
    print(f"standings tournament {house.SLUG} ready ({built:.1f} s)")
    build_live_round(args.tables, args.rebuild)
    connection.close()
    serve_and_load(args)


if __name__ == "__main__":
    main()
