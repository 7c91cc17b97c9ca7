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
