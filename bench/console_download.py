"""What a judge's phone downloads for the console's offline play, and how soon the rules answer
from its cache: ``python bench/console_download.py [--root DIR] [--runs 3] [--no-browser]``.

Bytes (from the service worker the site serves, /judge/console-sw.js, of the checkout at --root,
default this one; an older checkout's single-cache worker is read too):
- first open: every file the worker's install fetches, on the device (the Cache API keeps the
  decoded body) and on the wire: "compressed" as collectstatic's storage compresses it
  (config/static_storage.py: Brotli for files up to 512 KB, gzip above, none for what WhiteNoise
  does not compress, such as .zip; a phone takes Brotli when there is one; Django's own answers,
  the zips, are not compressed), and "served now": with WHITENOISE_USE_FINDERS (config/settings)
  WhiteNoise serves the finders' files, which have no compressed copies, so the body goes whole;
- after a one-line change of static/console/screen.js (a copy of static/console/ with one more line):
  the files of every cache whose name changed, the ones the new worker fetches.

Time (headless Debian chromium through Playwright, as tests/browser.py; --runs times): a fresh
SQLite database with the demo (`load_demo`), `runserver` after `collectstatic`; judge1 logs in and
opens the console screen of their game; once the worker holds its files the connection is cut and
the screen reloaded; the figure is the time from that navigation's start to the engine's first view
with its legal moves (MafiaEngine.ready, then MafiaEngine.view of the game's log). The first open's
figures, online and from nothing, are printed too, with the bytes the browser actually received.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
MB = 1_000_000


# -- bytes (in a child process whose working directory is the checkout measured) ---------------------------------

def worker_caches(client) -> dict[str, list[str]]:
    text = client.get("/judge/console-sw.js").content.decode()
    found = re.search(r"^const CACHES = (.*);$", text, re.M)
    if found:
        return json.loads(found.group(1))
    version = json.loads(re.search(r"^const VERSION = (.*);$", text, re.M).group(1))  # one cache for all
    return {"mafia-console-" + version: json.loads(re.search(r"^const KEEP = (.*);$", text, re.M).group(1))}


def served(client, url: str) -> tuple[bytes, str, bool]:
    """(the body, "static" or "django", whether WhiteNoise as configured has a compressed copy to send)."""
    from django.conf import settings
    from django.contrib.staticfiles import finders

    if url.startswith("/" + settings.STATIC_URL.strip("/") + "/"):
        path = finders.find(url.split("/", 2)[2])
        if settings.WHITENOISE_USE_FINDERS:  # the finder's file wins over STATIC_ROOT's (whitenoise/middleware.py)
            served_from = Path(path)
        else:
            served_from = Path(settings.STATIC_ROOT) / url.split("/", 2)[2]
        compressed = any(served_from.with_name(served_from.name + ext).is_file() for ext in (".gz", ".br"))
        return Path(path).read_bytes(), "static", compressed
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content, "django", False


def on_the_wire(name: str, data: bytes, kind: str) -> tuple[int, str]:
    """The smallest of what collectstatic's storage writes for the file (config/static_storage.py)."""
    from whitenoise.compress import Compressor

    if kind != "static":
        return len(data), "none"
    from config.static_storage import BROTLI_LIMIT

    compressor = Compressor(quiet=True)
    if not compressor.should_compress(name):
        return len(data), "none"
    options = [(len(data), "none")]
    gz = len(compressor.compress_gzip(data))
    if gz <= 0.95 * len(data):
        options.append((gz, "gzip"))
    if compressor.use_brotli and len(data) <= BROTLI_LIMIT:
        br = len(compressor.compress_brotli(data))
        if br <= 0.95 * len(data):
            options.append((br, "br"))
    return min(options)


def child_sizes() -> None:
    sys.path.insert(0, os.getcwd())
    sys.dont_write_bytecode = True
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.test import Client

    from console import offline

    client = Client()
    first = worker_caches(client)
    files = []
    for cache, urls in first.items():
        for url in urls:
            data, kind, compressed_now = served(client, url)
            wire, encoding = on_the_wire(url, data, kind)
            files.append({"url": url, "cache": cache, "device": len(data), "wire": wire, "encoding": encoding,
                          "now": wire if compressed_now else len(data)})
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "console"
        shutil.copytree(offline.STATIC_CONSOLE, copy)
        with (copy / "screen.js").open("a", encoding="utf-8") as f:
            f.write("\n// one more line\n")
        offline.STATIC_CONSOLE = copy
        second = worker_caches(client)
    renamed = [cache for cache, urls in first.items() if cache not in second]
    print(json.dumps({"files": files, "caches": list(first), "renamed": renamed, "after": list(second)}))


def sizes(root: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child-sizes"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, timeout=600)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def print_sizes(label: str, found: dict) -> dict:
    files = found["files"]
    print(f"\n== {label}: the service worker's caches {', '.join(found['caches'])}")
    print(f"   {'file':36} {'cache':22} {'device':>10} {'compressed':>16} {'served now':>11}")
    for f in files:
        print(f"   {f['url']:36} {f['cache'][:22]:22} {f['device']:>10,} {f['wire']:>10,} {f['encoding']:5} {f['now']:>11,}")
    total = {k: sum(f[k] for f in files) for k in ("device", "wire", "now")}
    again = [f for f in files if f["cache"] in found["renamed"]]
    changed = {k: sum(f[k] for f in again) for k in ("device", "wire", "now")}
    for label, n, t in (("first open", len(files), total), ("after a one-line change of screen.js", len(again), changed)):
        print(f"   {label}: {n} files; on the wire {t['wire'] / MB:.2f} MB compressed ({t['now'] / MB:.2f} MB as the "
              f"settings serve them now); on the device {t['device'] / MB:.2f} MB")
    print(f"   (caches renamed by the change: {', '.join(found['renamed'])})")
    return {"first": total, "again": changed}


# -- time in chromium -----------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(root: Path, tmp: Path):
    """A demo site of the checkout at `root` on a fresh SQLite file; returns (process, base URL)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}", "CELERY_BROKER_URL": "", "REDIS_URL": ""}
    manage = [sys.executable, "manage.py"]
    quiet = {"cwd": root, "env": env, "check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run([*manage, "migrate", "--noinput"], **quiet)
    subprocess.run([*manage, "load_demo"], **quiet)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], **quiet)
    port = free_port()
    server = subprocess.Popen([*manage, "runserver", f"127.0.0.1:{port}", "--noreload"], cwd=root, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, base
        except OSError:
            time.sleep(0.5)
    server.kill()
    raise SystemExit("the server did not start")


FIRST_VIEW = """async (doc) => { await MafiaEngine.ready; const view = MafiaEngine.view(doc);
  return {ms: performance.now(), legal: view.legal.length}; }"""
ALL_CACHED = """async () => { const names = await caches.keys();
  return names.filter((n) => n !== "mafia-console-pages").length >= 1 && navigator.serviceWorker.controller !== null; }"""


def one_run(browser, base: str) -> dict:
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(180_000)
    received = []
    context.on("requestfinished", lambda request: received.append(request))
    try:
        page.goto(f"{base}/judge/login/?lang=ru")
        page.fill("#id_username", "judge1")
        page.fill("#id_password", "judge-mafia")
        page.keyboard.press("Enter")
        page.wait_for_url("**/judge/")
        link = page.locator("a.console-link").first.get_attribute("href")
        game = int(re.search(r"/games/(\d+)/", link).group(1))
        received.clear()
        page.goto(base + link)
        online = page.evaluate("async () => { await MafiaEngine.ready; return performance.now(); }")
        page.wait_for_function(ALL_CACHED)
        page.wait_for_timeout(1000)  # the worker's last puts
        body = sum(r.sizes()["responseBodySize"] for r in received)
        big = {}
        for r in received:
            size = r.sizes()["responseBodySize"]
            if size > 100_000:
                who = "worker" if r.service_worker else "page"
                key = (r.url.replace(base, ""), who, (r.response().headers if r.response() else {}).get("content-encoding", "none"))
                big[key] = big.get(key, 0) + size
        doc = page.evaluate(f"async () => (await (await fetch('/judge/games/{game}/console/log/')).json()).log")
        context.set_offline(True)
        context.route("**/*", lambda route: route.abort("internetdisconnected") if route.request.service_worker else route.fallback())
        page.goto(base + link)
        offline = page.evaluate(FIRST_VIEW, doc)
        assert offline["legal"] > 0
        return {"online_ms": online, "offline_ms": offline["ms"], "received": body, "requests": len(received), "big": big}
    finally:
        context.close()


def timing(root: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, base = serve(root, Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
                results = [one_run(browser, base) for _ in range(runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return {
        "offline_ms": statistics.median(r["offline_ms"] for r in results),
        "offline_all": [round(r["offline_ms"]) for r in results],
        "online_ms": statistics.median(r["online_ms"] for r in results),
        "received": statistics.median(r["received"] for r in results),
        "big": results[0]["big"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-browser", action="store_true", help="the bytes only")
    parser.add_argument("--child-sizes", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_sizes:
        child_sizes()
        return
    root = args.root.resolve()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {root}, load average {os.getloadavg()[0]:.1f}")
    print_sizes("bytes", sizes(root))
    if not args.no_browser:
        t = timing(root, args.runs)
        print(f"\n== first legal move from the cache, offline, in headless chromium ({args.runs} runs)")
        print(f"   navigation to the engine's first view with legal moves: median {t['offline_ms'] / 1000:.1f} s "
              f"(runs: {', '.join(f'{ms / 1000:.1f}' for ms in t['offline_all'])} s)")
        print(f"   first open, online, to the engine ready: median {t['online_ms'] / 1000:.1f} s; "
              f"the browser received {t['received'] / MB:.2f} MB (the page and the worker's install, bodies as sent)")
        for (url, who, encoding), size in sorted(t["big"].items(), key=lambda item: -item[1]):
            print(f"     {url:44} {who:6} {encoding:5} {size:>12,}")
        print(f"   load average now {os.getloadavg()[0]:.1f} (2 cores shared)")


if __name__ == "__main__":
    main()
