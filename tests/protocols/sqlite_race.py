"""One side of a race on a SQLite file, run as its own process the way a second web worker
would be (tests/protocols/test_sqlite_concurrency.py): `python -m tests.protocols.sqlite_race
ACTION ARGS...` with DATABASE_URL naming the file, RACE_DIR a folder and RACE_SIZE the number
of racers: each says it is ready there and goes when all are. Prints one JSON line: what
happened and how long it took."""
import json
import os
import sys
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import OperationalError, connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402

from protocols.entry import entry_from_game  # noqa: E402
from protocols.models import Game  # noqa: E402
from protocols.services import ProtocolConflict, save_protocol, sign_off  # noqa: E402
from tournaments.models import ActionLog, Tournament  # noqa: E402


def wait_for_start(seconds: float = 300) -> None:
    """A barrier across processes: every racer is loaded and ready before any goes. A racer whose
    harness is gone, or still alone after `seconds` (another died on its way), gives up, saying so
    on stderr: none is left asleep here."""
    folder, harness = os.environ["RACE_DIR"], os.getppid()
    open(os.path.join(folder, f"ready-{os.getpid()}"), "w").close()
    deadline = time.monotonic() + seconds
    while len([n for n in os.listdir(folder) if n.startswith("ready-")]) < int(os.environ["RACE_SIZE"]):
        if time.monotonic() > deadline or os.getppid() != harness:
            raise SystemExit(f"racer {os.getpid()}: the others did not reach the start barrier")
        time.sleep(0.01)


def main(action: str, *args: str) -> dict:
    user = get_user_model().objects.get(pk=int(args[1])) if action in ("save", "sign_off") else None
    if action in ("save", "sign_off"):
        # both judges loaded the page at the same version: the game is read before anyone goes
        game = Game.objects.select_related("tournament").get(pk=int(args[0]))
        entry = entry_from_game(game)
        if action == "save":
            entry.seat(2).fouls = int(args[2])
        loaded_version = game.version
        wait_for_start()
        started = time.monotonic()
        service = save_protocol if action == "save" else sign_off
        try:
            service(game=game, user=user, entry=entry, expected_version=loaded_version)
            outcome = "saved"
        except ProtocolConflict as conflict:
            outcome = f"conflict: {conflict}"
        except OperationalError as error:
            outcome = f"error: {error}"
        return {"outcome": outcome, "seconds": time.monotonic() - started}
    if action == "hold_write":  # a long import: one big write transaction holding the lock
        wait_for_start()
        tournament = Tournament.objects.get(pk=int(args[0]))
        with transaction.atomic(), connection.cursor() as cursor:
            # a small page cache makes the writer spill to the file, as an import of a large
            # tournament does: without WAL that takes the exclusive lock and readers wait
            cursor.execute("PRAGMA cache_size = 20")
            ActionLog.objects.bulk_create(ActionLog(tournament=tournament, action="seating_saved", reason="x" * 500)
                                          for _ in range(5000))
            time.sleep(float(args[1]))
        return {"outcome": "held"}
    if action == "read_page":
        Client().get("/")  # another page first: the timed request pays for the database, not for loading Django
        wait_for_start()
        time.sleep(float(args[1]))  # let the writer take its lock and spill first
        started = time.monotonic()
        response = Client().get(args[0])
        return {"outcome": response.status_code, "seconds": time.monotonic() - started}
    if action == "post_page":  # a judge sends a form while another process holds the write lock
        client = Client()
        client.force_login(get_user_model().objects.get(pk=int(args[1])))  # before the writer goes
        client.raise_request_exception = False  # the answer a browser would get
        client.get("/")  # another page first: the timed request pays for the database, not for loading Django
        wait_for_start()
        time.sleep(float(args[3]))
        started = time.monotonic()
        response = client.post(args[0], json.loads(args[2]), HTTP_ACCEPT_LANGUAGE=args[4])
        return {"outcome": response.status_code, "seconds": time.monotonic() - started,
                "retry_after": response.get("Retry-After"), "body": response.content.decode()}
    raise SystemExit(f"unknown action {action}")


if __name__ == "__main__":
    print(json.dumps(main(*sys.argv[1:])))
