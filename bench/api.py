"""Benchmark of the API's standings: ``python bench/api.py [--seconds 10] [--connections 50]``.

Serves the site with gunicorn on loopback (as bench/standings.py does: ``--workers`` sync workers,
persistent database connections) over the 200 players × 15 games tournament of bench/standings.py
(built once in the configured database; ``--rebuild`` to start over), and loads three addresses in
turn with ``wrk`` (Debian's; installed with apt-get when missing and run as root) at
``--connections`` connections for ``--seconds`` each:

1. the public standings page ``/t/<slug>/`` (its rendering cached per snapshot version),
2. the API's standings ``/api/v1/tournaments/<slug>/standings/`` (its JSON cached per version),
3. the same with ``If-None-Match`` set to the ETag of the current snapshot: every answer a 304.

It prints requests per second, p50 and p99 latency, the error count (socket errors and answers
other than 2xx/3xx) and the body size of each. The API's anonymous throttle is off for the server
(API_THROTTLE_ANON=off): all the load comes from one address, so nearly every request would be a
429, and a rate high enough to let it through keeps a history of every request to check.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import standings as page_bench  # noqa: E402  (bench/standings.py: database, build, wrk)

ROOT = page_bench.ROOT


def serve(port: int, workers: int):
    env = {**os.environ, "DATABASE_URL": page_bench.database_url_for_server(), "DEBUG": "False", "LOG_LEVEL": "ERROR",
           "API_THROTTLE_ANON": "off"}
    env.pop("CELERY_BROKER_URL", None)  # only reads
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--worker-class", "sync", "--backlog", "2048", "--keep-alive", "5", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )


def fetch(url: str, deadline: float, server) -> tuple[bytes, dict]:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read(), dict(response.headers)
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"gunicorn did not come up: {server.stderr.read().decode()[-2000:]}")
            time.sleep(0.2)


def load(wrk: str, url: str, seconds: int, connections: int, headers: list[str]) -> dict:
    args = [wrk, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in headers:
        args += ["-H", header]
    subprocess.run([*args[:4], "-d2s", *args[5:], url], check=True, capture_output=True)  # warm every worker
    result = subprocess.run([*args, url], check=True, capture_output=True, text=True)
    return {**page_bench.parse_wrk(result.stdout), "load": os.getloadavg()[0]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 2) + 1)
    parser.add_argument("--rebuild", action="store_true", help="delete and rebuild the bench tournament")
    args = parser.parse_args()
    page_bench.ARGS = args
    page_bench.setup_django()
    from django.db import connection

    from scoring.recompute import recompute

    tournament, built = page_bench.build(page_bench.SLUG, 200, 15, args.rebuild)
    recompute(tournament.pk)
    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}; {os.cpu_count()} CPUs; "
          f"tournament {page_bench.SLUG}: 200 players × 15 games (built in {built:.1f} s)")
    wrk = page_bench.ensure_wrk()
    port = page_bench.free_port()
    base = f"http://127.0.0.1:{port}"
    page_url, api_url = f"{base}/t/{page_bench.SLUG}/", f"{base}/api/v1/tournaments/{page_bench.SLUG}/standings/"
    server = serve(port, args.workers)
    try:
        deadline = time.monotonic() + 30
        page_body, _ = fetch(page_url, deadline, server)
        api_body, headers = fetch(api_url, deadline, server)
        etag = headers["ETag"]
        print(f"gunicorn: {args.workers} sync workers on {base}; wrk -t2 -c{args.connections} -d{args.seconds}s; "
              f"load average {os.getloadavg()[0]:.1f} at the start (other work on the machine shows in the tail)")
        runs = [
            ("page /t/<slug>/", len(page_body), load(wrk, page_url, args.seconds, args.connections, [])),
            ("API standings", len(api_body), load(wrk, api_url, args.seconds, args.connections, [])),
            (f"API standings, If-None-Match {etag} (304)", 0,
             load(wrk, api_url, args.seconds, args.connections, [f"If-None-Match: {etag}"])),
        ]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    print(f"{'':46} {'req/s':>8} {'p50':>9} {'p99':>9} {'errors':>7} {'body':>9} {'load':>5}")
    for label, size, f in runs:
        print(f"{label:46} {f['rps']:8.0f} {f['p50']:7.1f}ms {f['p99']:7.1f}ms {f['errors']:7} {size / 1024:7.1f}KB {f['load']:5.1f}")


if __name__ == "__main__":
    main()
