"""A restore that cannot destroy: a file that is not a backup written by `backup` of this
installation is refused with a message before the database is touched, whatever `--replace`
says, and a crafted file never brings a superuser, an API token or a session in."""
import datetime
import gzip
import hashlib
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings
from django.utils import timezone
from rest_framework.authtoken.models import Token

from operations.backups import FORMAT, VERSION, sign_manifest
from tests.factories import TournamentFactory, UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

CHOSEN_KEY = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture
def kept():
    """The database that must survive: a tournament and its organiser."""
    organiser = UserFactory(username="organiser")
    tournament = TournamentFactory(slug="kept")
    tournament.organisers.add(organiser)
    return tournament


def state() -> tuple:
    User = get_user_model()
    return (sorted(Tournament.objects.values_list("slug", flat=True)), sorted(User.objects.values_list("username", "is_superuser")),
            Token.objects.count(), Session.objects.count())


def restore(path, *args) -> str:
    """The message of a refused restore (the test fails when it is not refused)."""
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), *args, stdout=io.StringIO(), stderr=io.StringIO())
    assert str(refused.value).startswith("not restored")
    return str(refused.value)


def intruder_rows() -> bytes:
    """A fixture with a superuser of a known password, an API token of a chosen key and a session,
    as an attacker would write it (made here, then deleted again)."""
    User = get_user_model()
    intruder = User.objects.create_superuser("intruder", password="let-me-in")
    token = Token.objects.create(key=CHOSEN_KEY, user=intruder)
    session = Session.objects.create(session_key="s" * 32, session_data="x", expire_date=timezone.now() + datetime.timedelta(days=9))
    rows = serializers.serialize("xml", [intruder, token, session], use_natural_foreign_keys=True).encode()
    session.delete()
    token.delete()
    intruder.delete()
    return rows


def write(path, rows: bytes, *, models: dict | None = None, key: str | None = None, sign: bool = True, manifest: dict | None = None):
    """A file in the backup's own layout: a manifest line (signed with `key`, or this installation's), then `rows`."""
    manifest = manifest or {"format": FORMAT, "version": VERSION, "created_at": "2026-12-01T00:00:00+00:00",
                            "models": models if models is not None else {"auth.user": 1, "authtoken.token": 1},
                            "payload": {"bytes": len(rows), "sha256": hashlib.sha256(rows).hexdigest()}}
    if sign:
        manifest["signature"] = sign_manifest(manifest, key)
    path.write_bytes(gzip.compress(json.dumps(manifest).encode() + b"\n" + rows))
    return path


def test_an_empty_gzip_file_is_refused_even_with_replace_and_the_database_is_intact(kept, tmp_path):
    before = state()
    path = tmp_path / "empty.gz"
    path.write_bytes(gzip.compress(b""))
    assert "no manifest" in restore(path, "--replace")
    assert state() == before and Tournament.objects.get(slug="kept").organisers.get().username == "organiser"


@pytest.mark.parametrize("content, says", [
    (b"", "not a gzip file"),
    (b"not a backup at all", "not a gzip file"),
    (b"\x1f\x8b\x08garbage", "damaged"),
    (gzip.compress(b"{not json\n<django-objects/>"), "not JSON"),
    (gzip.compress(b"[1, 2]\n"), "does not name the format"),
    (gzip.compress(b'{"format": "mafia-backup", "version": 1}\n'), "version 1"),
    (gzip.compress(b"[" * 100_000 + b"\n"), "not JSON"),
    (gzip.compress(b"x" * (2 << 20)), "no manifest"),
], ids=["empty", "plain text", "damaged gzip", "not json", "a list", "version 1", "nested deep", "no manifest"])
def test_garbage_is_refused_with_a_message(kept, tmp_path, content, says):
    before = state()
    path = tmp_path / "odd.bak"
    path.write_bytes(content)
    assert says in restore(path, "--replace")
    assert state() == before


def test_a_missing_file_is_refused(tmp_path):
    assert "cannot read" in restore(tmp_path / "missing.bak")


def test_a_crafted_fixture_brings_no_superuser_no_token_and_no_session(kept, tmp_path):
    rows = intruder_rows()
    before = state()
    assert before[1] == [("organiser", False)] and before[2:] == (0, 0)
    attempts = {
        "an old-style fixture": (tmp_path / "plain.xml.gz", "no manifest"),
        "unsigned": (write(tmp_path / "unsigned.gz", rows, models={"auth.user": 1, "authtoken.token": 1, "sessions.session": 1},
                           sign=False), "signature"),
        "signed by another installation": (write(tmp_path / "other.gz", rows, key="another-installation-s-secret-key"), "signature"),
        "a session listed": (write(tmp_path / "listed.gz", rows, models={"auth.user": 1, "authtoken.token": 1, "sessions.session": 1}),
                             "never holds: sessions.session"),
        "a session in the rows only": (write(tmp_path / "hidden.gz", rows), "never holds: sessions.session"),
    }
    (tmp_path / "plain.xml.gz").write_bytes(gzip.compress(rows))
    for what, (path, says) in attempts.items():
        assert says in restore(path, "--replace"), what
        assert state() == before, what
    assert not Token.objects.filter(key=CHOSEN_KEY).exists() and not get_user_model().objects.filter(username="intruder").exists()


def test_counts_that_differ_from_the_rows_are_refused(kept, tmp_path):
    rows = serializers.serialize("xml", [UserFactory(username="extra")], use_natural_foreign_keys=True).encode()
    get_user_model().objects.filter(username="extra").delete()
    before = state()
    assert "do not match the manifest: auth.user 1 rows, manifest 2" in restore(write(tmp_path / "b.gz", rows, models={"auth.user": 2}),
                                                                                  "--replace")
    assert state() == before


@pytest.mark.parametrize("rows", [
    b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    b'<django-objects version="1.0"><object model="auth.user" pk="9"><field name="username" type="CharField">&xxe;</field>'
    b"</object></django-objects>",
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
    b"<django-objects>&lol2;</django-objects>",
])
def test_a_dtd_or_an_external_entity_is_refused_even_in_a_signed_file(kept, tmp_path, rows):
    before = state()
    assert "DTD or an entity" in restore(write(tmp_path / "xxe.gz", rows, models={"auth.user": 1}), "--replace")
    assert state() == before


@pytest.mark.parametrize("rows, says", [
    (b"<django-objects><object model='auth.user'", "not well-formed XML"),
    (b"<html><object model='auth.user'/></html>", "not a Django fixture"),
])
def test_rows_that_are_not_a_fixture_are_refused(kept, tmp_path, rows, says):
    before = state()
    assert says in restore(write(tmp_path / "bad.gz", rows, models={"auth.user": 1}), "--replace")
    assert state() == before


def test_a_real_backup_cut_short_or_altered_is_refused(kept, tmp_path):
    path = tmp_path / "real.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    before = state()
    content = path.read_bytes()
    (tmp_path / "cut.gz").write_bytes(content[: len(content) // 2])
    assert "damaged" in restore(tmp_path / "cut.gz", "--replace")
    plain = gzip.decompress(content)
    (tmp_path / "altered.gz").write_bytes(gzip.compress(plain.replace(b"organiser", b"organizer")))
    assert "not the ones the manifest signed" in restore(tmp_path / "altered.gz", "--replace")
    (tmp_path / "longer.gz").write_bytes(gzip.compress(plain + b"<!-- more -->"))
    assert "run past the length" in restore(tmp_path / "longer.gz", "--replace")
    with override_settings(SECRET_KEY="a-new-installation-s-key-" * 3):
        assert "signature" in restore(path, "--replace")
    assert state() == before


@pytest.mark.django_db(transaction=True)  # flush and restore need real transactions on PostgreSQL
def test_a_backup_restores_under_a_new_key_when_the_old_one_is_a_fallback(kept, tmp_path):
    path = tmp_path / "real.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    from django.conf import settings

    with override_settings(SECRET_KEY="a-new-installation-s-key-" * 3, SECRET_KEY_FALLBACKS=[settings.SECRET_KEY]):
        out = io.StringIO()
        call_command("restore", str(path), "--replace", stdout=out)
    assert out.getvalue().startswith("restored ")
    assert Tournament.objects.get(slug="kept").organisers.get().username == "organiser"
