"""Creating the PostgreSQL database DATABASE_URL names when it does not exist (the benches' setup)."""
from __future__ import annotations


def ensure_database():
    from django.db import connection

    conf = connection.settings_dict
    if not conf["ENGINE"].endswith("postgresql"):
        return
    import psycopg

    params = {"host": conf.get("HOST") or "127.0.0.1", "port": conf.get("PORT") or 5432,
              "user": conf.get("USER") or "postgres", "password": conf.get("PASSWORD") or None}
    try:
        psycopg.connect(dbname=conf["NAME"], **params).close()
    except psycopg.OperationalError:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
            admin.execute(f'CREATE DATABASE "{conf["NAME"]}"')
        print(f"created database {conf['NAME']}")


def fresh_postgres(url: str) -> None:
    """Drop and create the bench's PostgreSQL database named by `url` (mafia_<something> only):
    each run measures the same sizes."""
    from urllib.parse import urlparse

    import psycopg

    u = urlparse(url)
    name = u.path.lstrip("/")
    if not name.startswith("mafia_"):
        raise SystemExit(f"refusing to recreate {name!r}: the bench's database is named mafia_<something>")
    params = {"host": u.hostname or "127.0.0.1", "port": u.port or 5432, "user": u.username or "postgres",
              "password": u.password}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
