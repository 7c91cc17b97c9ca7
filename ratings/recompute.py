"""The recompute job's body: lock the rating state, read every rated game, rate, store.

Only this module writes rating snapshots; `tasks.recompute_ratings` runs it in a Celery
worker. The rated games are the signed-off games (with a result other than annulled, ten
seats and the roles 6/1/2/1) of every published or finished tournament that is not left out
of the rating (RatingSettings.rated), in the order of the tournaments' start dates, then
stage, round and table. A game's day is its date (or its tournament's start date), never
earlier than the game before it, so no time runs backwards.
"""
from __future__ import annotations

import json
import logging
import math
from collections import Counter
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from protocols.models import Game, GameStatus, Seat
from tournaments.models import Publication

from .core.games import RATED_RESULTS, ROLE_COUNTS, ROLES, RatedGame
from .core.model import RatingModel
from .models import GameRating, PlayerRating, RatingSettings, RatingSnapshot, RatingState

log = logging.getLogger(__name__)

KEEP_VERSIONS = 2  # older snapshots are deleted; a page that loaded the previous one still finds it
BATCH = 2000
# A request older than this with no snapshot for it lost its job (a killed worker, a broker that
# was down): the periodic sweep recomputes it.
SWEEP_AFTER = timedelta(minutes=1)
_ROLE_COUNTS = Counter(ROLE_COUNTS)


def rated_games() -> list[tuple[int, RatedGame]]:
    """(game pk, RatedGame) for every rated game, in the season's order. Player ids are the
    Player pks as text: one person is one row across tournaments."""
    left_out = RatingSettings.objects.filter(rated=False).values_list("tournament_id", flat=True)
    games = list(
        Game.objects.filter(
            status=GameStatus.SIGNED_OFF, result__in=RATED_RESULTS,
            tournament__publication__in=(Publication.PUBLISHED, Publication.FINISHED),
        ).exclude(tournament_id__in=left_out)
        .order_by("tournament__start_date", "tournament_id", "stage__order", "round__number", "table__number", "number")
        .values_list("pk", "tournament_id", "tournament__start_date", "played_on", "result")
    )
    seats: dict[int, list[tuple[str, str]]] = {}
    for game_id, player_id, role in (Seat.objects.filter(game_id__in=[g[0] for g in games])
                                     .order_by("game_id", "number").values_list("game_id", "player_id", "role")):
        seats.setdefault(game_id, []).append((str(player_id), role))
    out: list[tuple[int, RatedGame]] = []
    tournaments: dict[int, int] = {}
    last_day = None
    for pk, tournament_id, start, played_on, result in games:
        seated = seats.get(pk, [])
        if len(seated) != 10 or Counter(r for _p, r in seated) != _ROLE_COUNTS or any(r not in ROLES for _p, r in seated):
            continue  # not a protocol the rating can read (the sign-off's checks make this rare)
        day = (played_on or start).toordinal()
        if last_day is not None and day < last_day:
            day = last_day
        last_day = day
        index = tournaments.setdefault(tournament_id, len(tournaments))
        out.append((pk, RatedGame(str(tournament_id), str(pk), index, day, tuple(seated), result)))
    return out


def rate(games: list[tuple[int, RatedGame]]):
    """Run the core over the games; return (model, GameRating field dicts)."""
    model = RatingModel()
    pr = model.params
    newcomer_sigma = pr.shown_scale * pr.skill_sd
    newcomer = pr.shown_offset + pr.shown_scale * (0.0 - pr.shown_margin * pr.skill_sd)
    rows: list[dict] = []
    player = model.player
    for pk, game in games:
        before = []
        for pid, _role in game.seats:
            b = player(pid, game.day)
            before.append((b["rating"], b["uncertainty"]) if b else (newcomer, newcomer_sigma))
        p = model.update(game)
        for (pid, _role), (rb, sb) in zip(game.seats, before):
            a = player(pid)
            rows.append({"game_id": pk, "player_id": int(pid), "p_red": p, "before": rb, "after": a["rating"],
                         "sigma_before": sb, "sigma_after": a["uncertainty"]})
    return model, rows


def recompute(*, force: bool = False) -> int | None:
    """Recompute and store the rating; return the stored version, or None when skipped.

    One transaction holding a row lock on RatingState, so jobs queue up instead of interleaving.
    The snapshot's version is the requested_version read under the lock; a job that finds a
    snapshot at least that new does nothing (idempotent: a stale job never overwrites a newer
    result). `force` stores a new version even when nothing was requested."""
    with transaction.atomic():
        state = RatingState.objects.select_for_update().filter(pk=RatingState.SINGLETON).first()
        if state is None:
            RatingState.raise_requested()
            state = RatingState.objects.select_for_update().get(pk=RatingState.SINGLETON)
        if force or state.requested_version == 0:
            state.requested_version = max(state.requested_version, state.computed_version) + 1
        elif state.computed_version >= state.requested_version:
            return None
        version = state.requested_version
        games = rated_games()
        model, rows = rate(games)
        now = timezone.now()
        snapshot = RatingSnapshot.objects.create(version=version, computed_at=now, games=len(games),
                                                 players=len(model.players), summary=_finite(model.summary()))
        _insert_game_ratings(snapshot.pk, rows)
        ratings = []
        for pid in model.players:
            p = model.player(pid)
            ratings.append(PlayerRating(snapshot=snapshot, player_id=int(pid), rating=p["rating"], skill=p["skill"],
                                        uncertainty=p["uncertainty"], games=p["games"], wins=p["wins"],
                                        provisional=p["provisional"]))
        PlayerRating.objects.bulk_create(ratings, batch_size=BATCH)
        state.computed_version, state.computed_at, state.stale_since = version, now, None
        state.save(update_fields=["requested_version", "computed_version", "computed_at", "stale_since"])
        RatingSnapshot.objects.filter(version__lte=version - KEEP_VERSIONS).delete()
    log.info("rating stored as version %s (%s games, %s players)", version, len(games), len(model.players))
    return version


def sweep(now=None) -> int | None:
    """Recompute when the rating was asked for more than SWEEP_AFTER ago and is still not
    computed; return the version stored, or None. Celery beat runs it (tasks.py)."""
    cutoff = (now or timezone.now()) - SWEEP_AFTER
    if RatingState.objects.filter(requested_version__gt=F("computed_version"), stale_since__lte=cutoff).exists():
        return recompute()
    return None


_GAME_COLUMNS = ("snapshot_id", "game_id", "player_id", "p_red", "before", "after", "sigma_before", "sigma_after")


def _insert_game_ratings(snapshot_id: int, rows: list[dict]) -> None:
    """The game rows in a few INSERT ... SELECT statements over a JSON text the database unpacks
    (as scoring/store.py does; PostgreSQL json_populate_recordset, SQLite json_each), else bulk_create."""
    for row in rows:
        row["snapshot_id"] = snapshot_id
    table = GameRating._meta.db_table
    columns = ", ".join(_GAME_COLUMNS)
    if connection.vendor == "postgresql":
        sql = f"INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::{table}, %s::json)"
    elif connection.vendor == "sqlite":
        values = ", ".join(f"json_extract(value, '$.{c}')" for c in _GAME_COLUMNS)
        sql = f"INSERT INTO {table} ({columns}) SELECT {values} FROM json_each(%s)"
    else:
        GameRating.objects.bulk_create((GameRating(**row) for row in rows), batch_size=BATCH)
        return
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 50 * BATCH):
            cursor.execute(sql, [json.dumps(rows[start:start + 50 * BATCH], separators=(",", ":"))])


def _finite(summary: dict) -> dict:
    """The model's summary as JSON can hold it (no NaN or infinity)."""
    def clean(v):
        if isinstance(v, dict):
            return {k: clean(x) for k, x in v.items()}
        return v if not isinstance(v, float) or math.isfinite(v) else None
    return clean(summary)


def current_snapshot() -> RatingSnapshot | None:
    """The newest stored snapshot (what the pages and the API show)."""
    return RatingSnapshot.objects.order_by("-version").first()
