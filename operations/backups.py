"""A whole-database backup, and its restore, that cannot destroy.

The file is gzip holding two parts: one line of JSON, the manifest, then the rows as a Django
fixture in XML (XML because it keeps every timestamp to the microsecond; the JSON serializer
rounds them to milliseconds). The manifest names the format and its version, counts the rows of
each model and carries the payload's length and SHA-256, and it is signed: an HMAC-SHA256 keyed
with this installation's `SECRET_KEY` (or one of `SECRET_KEY_FALLBACKS`).

Why a signature: a backup carries password hashes, API tokens and superusers. A file that this
installation did not write could bring a superuser or a token of a chosen key, so `restore`
loads only a file whose signature it can check; moving to a new server means keeping the old
`SECRET_KEY` (or listing it in `SECRET_KEY_FALLBACKS`). Even a signed file is loaded only when
every row is of a model in `BACKED_UP` and the counts match the manifest's.

`restore` reads and checks the whole file before it touches the database: not gzip, an empty or
truncated gzip, a missing or malformed manifest, a wrong signature, a payload of another length
or hash, XML that is not well-formed or declares a DTD or an entity (XXE), a model outside the
list, counts that differ: each is `NotABackup` with a sentence, and nothing changes.

What goes in (`BACKED_UP`): users and groups, the admin's log, API tokens, and every model of
every app of ours (a test fails when a model is added and not listed here). What does not
(`NOT_BACKED_UP`, with why): sessions, the content types and permissions that `migrate` makes
(rows point at them by their natural keys, so a restore into any migrated database finds them),
and django-axes' login counters."""
from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from collections import Counter
from pathlib import Path
from tempfile import TemporaryDirectory
from xml.dom import pulldom
from xml.sax import SAXException

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.serializers.xml_serializer import DefusedExpatParser, DefusedXmlException
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tournaments.models import Player, Tournament

FORMAT = "mafia-backup"
VERSION = 2
_SALT = "operations.backups.manifest"
_MANIFEST_MAX = 1 << 20  # one line of JSON; a real one is a few kilobytes

# Every model the backup writes and the restore loads, in the order the rows depend on each other.
BACKED_UP = (
    "auth.group", "auth.user", "admin.logentry", "authtoken.token",
    "tournaments.club", "tournaments.player", "tournaments.judge", "tournaments.tournament", "tournaments.tournamentjudge",
    "tournaments.team",
    "tournaments.registration", "tournaments.handaward", "tournaments.signup", "tournaments.pushsubscription",
    "tournaments.stage", "tournaments.round", "tournaments.table",
    "tournaments.actionlog",
    "protocols.game", "protocols.seat", "protocols.seatpenalty", "protocols.nomination", "protocols.votecount",
    "protocols.protest", "protocols.protocolversion", "protocols.fileimportjob", "protocols.foreignperson",
    "protocols.historicalgame", "protocols.historicalseat", "protocols.historicalseatpenalty", "protocols.historicalnomination",
    "protocols.historicalvotecount", "protocols.historicalprotest",
    "scoring.standingsstate", "scoring.standingssnapshot", "scoring.playerstanding",
    "seating_store.seatingrecord", "seating_store.manualswap", "seating_store.seatnotice", "console.consolelog", "console.consoleevent",
    "ratings.ratingsettings", "ratings.ratingstate", "ratings.ratingsnapshot", "ratings.playerrating", "ratings.gamerating",
    "exports.exportjob",  # the job's row; its file (MEDIA_ROOT) is not in the backup, and a missing one is a 404
)
NOT_BACKED_UP = {
    "sessions.session": "the logins of the moment: a restore logs everybody out, and never brings a session in",
    "contenttypes.contenttype": "made by migrate; rows point at them by natural key",
    "auth.permission": "made by migrate; rows point at them by natural key",
    "axes.accessattempt": "login throttling's counters of the moment",
    "axes.accessattemptexpiration": "login throttling's counters of the moment",
    "axes.accessfailurelog": "login throttling's counters of the moment",
    "axes.accesslog": "login throttling's counters of the moment",
}


class NotEmpty(Exception):
    """The target database already holds data; a restore would mix two databases."""


class NotABackup(Exception):
    """The file is not one that `backup` of this installation wrote, or it is damaged."""


def backed_up_models() -> list[str]:
    """The labels of `BACKED_UP` whose app is installed."""
    installed = {model._meta.label_lower for model in apps.get_models()}
    return [label for label in BACKED_UP if label in installed]


def backup(path: str | Path) -> int:
    """Write the backup to `path` (whatever its name); return the number of rows."""
    labels = backed_up_models()
    with TemporaryDirectory() as folder:
        plain = Path(folder) / "backup.xml"
        call_command("dumpdata", *labels, natural_foreign=True, use_base_manager=True, format="xml",
                     output=str(plain), verbosity=0)
        counts = count_objects(plain)
        digest, size = _hash(plain)
        manifest = {"format": FORMAT, "version": VERSION, "created_at": timezone.now().isoformat(),
                    "models": {label: counts.get(label, 0) for label in labels},
                    "payload": {"bytes": size, "sha256": digest}}
        manifest["signature"] = sign_manifest(manifest)
        with plain.open("rb") as source, gzip.open(path, "wb") as target:
            target.write(json.dumps(manifest, sort_keys=True).encode() + b"\n")
            while chunk := source.read(1 << 20):
                target.write(chunk)
    return sum(counts.values())


def is_empty() -> bool:
    return not (Tournament.objects.exists() or Player.objects.exists() or get_user_model().objects.exists())


def restore(path: str | Path, *, replace: bool = False) -> dict:
    """Check the whole file, then load it: into an empty database only, unless `replace` (then
    everything in it goes first, in the same transaction). Return the manifest."""
    with TemporaryDirectory() as folder:
        payload = Path(folder) / "backup.xml"  # loaddata knows a fixture's format by its name
        manifest = read_backup(path, payload)
        if not is_empty() and not replace:
            raise NotEmpty("the database already holds tournaments, players or users")
        allowed = set(manifest["models"])
        others = [model._meta.label for model in apps.get_models() if model._meta.label_lower not in allowed]
        with transaction.atomic():
            if replace:
                call_command("flush", interactive=False, verbosity=0)
            # the backup brings its groups; the working roles that migrate and flush make here
            # (no user belongs to them yet) would clash with them by name
            Group.objects.all().delete()
            call_command("loaddata", str(payload), exclude=others, verbosity=0)
    return manifest


def read_backup(path: str | Path, payload: Path) -> dict:
    """Check the backup at `path` and write its XML payload to `payload`; return the manifest.
    Raises NotABackup (or OSError for a file that cannot be read); touches no database."""
    with open(path, "rb") as file:
        if file.read(2) != b"\x1f\x8b":
            raise NotABackup(f"{path} is not a backup made by `backup` (not a gzip file)")
    try:
        with gzip.open(path, "rb") as source:
            manifest = _manifest(source.readline(_MANIFEST_MAX))
            expected = manifest["payload"]
            digest, size = hashlib.sha256(), 0
            with payload.open("wb") as target:
                while chunk := source.read(min(1 << 20, expected["bytes"] + 1 - size)):
                    size += len(chunk)
                    if size > expected["bytes"]:
                        raise NotABackup("the rows run past the length the manifest gives: the file was altered")
                    digest.update(chunk)
                    target.write(chunk)
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise NotABackup(f"{path} is damaged (cut short or corrupt gzip: {exc})") from None
    if size != expected["bytes"] or not constant_time_compare(digest.hexdigest(), expected["sha256"]):
        raise NotABackup(f"the rows are not the ones the manifest signed ({size} bytes of {expected['bytes']}): "
                         "the file is cut short or altered")
    counts = count_objects(payload)
    unknown = sorted(set(counts) - set(manifest["models"]))
    if unknown:
        raise NotABackup(f"the rows include models a backup never holds: {', '.join(unknown)}")
    differ = {label: (n, counts.get(label, 0)) for label, n in manifest["models"].items() if counts.get(label, 0) != n}
    if differ:
        described = ", ".join(f"{label} {found} rows, manifest {n}" for label, (n, found) in sorted(differ.items()))
        raise NotABackup(f"the row counts do not match the manifest: {described}")
    return manifest


def count_objects(fixture: Path) -> Counter:
    """Rows per model label in an XML fixture, read with a parser that refuses DTDs and entities."""
    counts: Counter = Counter()
    try:
        with fixture.open("rb") as stream:
            depth = 0
            for event, node in pulldom.parse(stream, parser=DefusedExpatParser()):
                if event == pulldom.START_ELEMENT:
                    depth += 1
                    if depth == 1 and node.nodeName != "django-objects":
                        raise NotABackup(f"the rows are not a Django fixture (its root is <{node.nodeName}>)")
                    if depth == 2:  # a row; <object> deeper down is a many-to-many's natural key
                        counts[node.getAttribute("model").lower() if node.nodeName == "object" else f"<{node.nodeName}>"] += 1
                elif event == pulldom.END_ELEMENT:
                    depth -= 1
    except DefusedXmlException:
        raise NotABackup("the rows declare a DTD or an entity (a backup never does): refused") from None
    except SAXException as exc:
        raise NotABackup(f"the rows are not well-formed XML: {exc}") from None
    return counts


def _manifest(line: bytes) -> dict:
    if not line.endswith(b"\n"):
        raise NotABackup("no manifest: the file is empty, or not a backup made by `backup` of version "
                         f"{VERSION} (an older backup has none)")
    try:
        manifest = json.loads(line)
    except (ValueError, RecursionError):
        raise NotABackup("no manifest: the first line is not JSON (not a backup made by `backup`)") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise NotABackup(f"no manifest: the first line does not name the format {FORMAT!r}")
    if manifest.get("version") != VERSION:
        raise NotABackup(f"a backup of version {manifest.get('version')!r}; this installation reads version {VERSION}")
    signature = manifest.get("signature")
    if not isinstance(signature, str) or not any(constant_time_compare(signature, sign_manifest(manifest, key))
                                                 for key in [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]):
        raise NotABackup("the manifest's signature does not match: the file was not written by `backup` of this "
                         "installation (its SECRET_KEY, or one in SECRET_KEY_FALLBACKS), or it was altered")
    models, payload = manifest.get("models"), manifest.get("payload")
    if not isinstance(models, dict) or not all(isinstance(n, int) and n >= 0 for n in models.values()):
        raise NotABackup("the manifest's row counts are not numbers")
    outside = sorted(set(models) - set(backed_up_models()))
    if outside:
        raise NotABackup(f"the manifest lists models a backup never holds: {', '.join(outside)}")
    if not (isinstance(payload, dict) and isinstance(payload.get("bytes"), int) and payload["bytes"] >= 0
            and isinstance(payload.get("sha256"), str)):
        raise NotABackup("the manifest does not give the rows' length and hash")
    return manifest


def sign_manifest(manifest: dict, key: str | None = None) -> str:
    """The HMAC-SHA256 of the manifest (all but its signature), keyed with `key` or SECRET_KEY."""
    body = json.dumps({k: v for k, v in manifest.items() if k != "signature"}, sort_keys=True, separators=(",", ":"))
    return salted_hmac(_SALT, body, secret=key or settings.SECRET_KEY, algorithm="sha256").hexdigest()


def _hash(path: Path) -> tuple[str, int]:
    digest, size = hashlib.sha256(), 0
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size
