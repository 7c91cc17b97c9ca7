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
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import connection, transaction
from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from engines.ratings.bank import STATE_FORMAT, RatingBank
from engines.ratings.games import RATED_RESULTS, ROLE_COUNTS, ROLES, RatedGame
from protocols.models import Game, GameStatus, Seat
from tournaments.models import Publication

from .models import GameRating, PlayerRating, RatingSettings, RatingSnapshot, RatingState

log = logging.getLogger(__name__)

KEEP_VERSIONS = 2  # older snapshots are deleted; a page that loaded the previous one still finds it
BATCH = 2000
# A request older than this with no snapshot for it lost its job (a killed worker, a broker that
# was down): the periodic sweep recomputes it.
SWEEP_AFTER = timedelta(minutes=1)
_ROLE_COUNTS = Counter(ROLE_COUNTS)


ORDER = ("tournament__start_date", "tournament_id", "stage__order", "round__number", "table__number", "number")
_FIELDS = ("pk", "tournament_id", "tournament__start_date", "played_on", "result", "stage__order", "round__number",
           "table__number", "number", "version", "tournament__ruleset")


def rated_queryset():
    """Every rated game (not in order): signed off, not annulled, of a published or finished
    tournament that is not left out of the rating, and not of a stage whose standings are hidden
    (the rating would tell the hidden results; they count from their reveal)."""
    left_out = RatingSettings.objects.filter(rated=False).values_list("tournament_id", flat=True)
    return Game.objects.filter(
        status=GameStatus.SIGNED_OFF, result__in=RATED_RESULTS,
        tournament__publication__in=(Publication.PUBLISHED, Publication.FINISHED), stage__standings_hidden=False,
    ).exclude(tournament_id__in=left_out)


@dataclass
class Position:
    """Where the season's order stands after a game: its sort key, the day the model is at, and
    the tournaments' indices so far (the core's `RatedGame.tournament`)."""
    key: list | None = None
    day: int | None = None
    tournament: int | None = None
    index: int = -1

    def to_json(self) -> dict:
        return {"key": self.key, "day": self.day, "tournament": self.tournament, "index": self.index}

    @classmethod
    def from_json(cls, data: dict) -> Position:
        return cls(data["key"], data["day"], data["tournament"], data["index"])


def rated_games(games=None, position: Position | None = None, read: list | None = None) -> list[tuple[int, RatedGame]]:
    """(game pk, RatedGame) for the rated games (all of them, or the queryset `games`), in the
    season's order, continuing from `position` (which is moved to the last game read). Player
    ids are the Player pks as text: one person is one row across tournaments. `read` collects
    (pk, protocol version) of every game read, those the rating cannot read included."""
    position = position if position is not None else Position()
    rows = list((games if games is not None else rated_queryset()).order_by(*ORDER).values_list(*_FIELDS))
    seats: dict[int, list[tuple[str, str]]] = {}
    for game_id, player_id, role in (Seat.objects.filter(game_id__in=[g[0] for g in rows])
                                     .order_by("game_id", "number").values_list("game_id", "player_id", "role")):
        seats.setdefault(game_id, []).append((str(player_id), role))
    out: list[tuple[int, RatedGame]] = []
    for pk, tournament_id, start, played_on, result, stage_order, round_number, table_number, number, version, ruleset in rows:
        if read is not None:
            read.append((pk, version))
        position.key = [start.isoformat(), tournament_id, stage_order, round_number, table_number, number]
        if tournament_id != position.tournament:
            position.tournament, position.index = tournament_id, position.index + 1
        seated = seats.get(pk, [])
        if len(seated) != 10 or Counter(r for _p, r in seated) != _ROLE_COUNTS or any(r not in ROLES for _p, r in seated):
            continue  # not a protocol the rating can read (the sign-off's checks make this rare)
        day = (played_on or start).toordinal()
        if position.day is not None and day < position.day:
            day = position.day
        position.day = day
        out.append((pk, RatedGame(str(tournament_id), str(pk), position.index, day, tuple(seated), result, ruleset)))
    return out


def rate(games: list[tuple[int, RatedGame]], model: RatingBank | None = None):
    """Run the core over the games (from the start, or on from `model`); return (model,
    GameRating field dicts)."""
    model = model if model is not None else RatingBank()
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


def fingerprint(games) -> list[int]:
    """[count, sum of protocol versions, sum of ids] of a queryset of games: an amendment raises a
    version, a game removed or added changes the count or the sum of ids."""
    found = games.aggregate(n=Count("pk"), v=Sum("version"), s=Sum("pk"))
    return [int(found[k] or 0) for k in ("n", "v", "s")]  # int(): PostgreSQL sums bigints as numeric


def _after(key: list):
    """Q: the games after `key` in the season's order (ORDER), lexicographically."""
    values = [date.fromisoformat(key[0]), *key[1:]]
    q = Q()
    for i, name in enumerate(ORDER):
        q |= Q(**{n: v for n, v in zip(ORDER[:i], values[:i])}, **{f"{name}__gt": values[i]})
    return q


def _player_rows(snapshot, model: RatingBank, pids) -> list[PlayerRating]:
    out = []
    for pid in pids:
        p = model.player(pid)
        out.append(PlayerRating(snapshot=snapshot, player_id=int(pid), rating=p["rating"], skill=p["skill"],
                                uncertainty=p["uncertainty"], games=p["games"], wins=p["wins"], provisional=p["provisional"]))
    return out


def _resume(state: RatingState, version: int, now) -> int | None:
    """Apply only the games after the last rated one to the stored state, in place on the newest
    snapshot; None (nothing stored) when that is not the same as a full rerun: a change marked
    full, a stored state of another version, or rated games other than the later ones changed
    (the fingerprint of the games up to the last rated one is not the stored one)."""
    if state.full_needed or not state.model_state or not state.last_key or state.fingerprint is None:
        return None
    if state.model_state.get("format") != STATE_FORMAT:
        return None  # saved by an earlier rating: what it learned is not this one's
    position = Position.from_json(state.last_key)
    if position.key is None or any(v is None for v in position.key):
        return None
    snapshot = RatingSnapshot.objects.filter(version=state.computed_version).first()
    if snapshot is None:
        return None
    rated = rated_queryset()
    total = fingerprint(rated)
    read: list[tuple[int, int]] = []
    games = rated_games(rated.filter(_after(position.key)), position, read)
    earlier = [total[0] - len(read), total[1] - sum(v for _pk, v in read), total[2] - sum(pk for pk, _v in read)]
    if earlier != state.fingerprint:
        return None  # a game up to the last rated one was amended, removed or added: rerun it all
    model = RatingBank.from_state(state.model_state)
    day_before = model.day
    model, rows = rate(games, model)
    _insert_game_ratings(snapshot.pk, rows)
    # the shown ratings are on the last game's day: a new day widens everybody's uncertainty
    touched = set(model.players) if model.day != day_before else {pid for _pk, g in games for pid, _r in g.seats}
    # their rows replaced: a delete and an insert are cheaper than an UPDATE of CASE expressions
    PlayerRating.objects.filter(snapshot=snapshot, player_id__in=[int(p) for p in touched]).delete()
    PlayerRating.objects.bulk_create(_player_rows(snapshot, model, sorted(touched)), batch_size=BATCH)
    RatingSnapshot.objects.filter(pk=snapshot.pk).update(
        version=version, computed_at=now, games=F("games") + len(games), players=len(model.players),
        summary=_finite(model.summary()))
    _store_state(state, model, position, total, version, now)
    log.info("rating stored as version %s (%s later games applied)", version, len(games))
    return version


def _store_state(state, model, position, fp, version, now) -> None:
    state.model_state, state.last_key, state.fingerprint, state.full_needed = model.to_state(), position.to_json(), fp, False
    state.computed_version, state.computed_at, state.stale_since = version, now, None
    state.save(update_fields=["requested_version", "computed_version", "computed_at", "stale_since", "model_state",
                              "last_key", "fingerprint", "full_needed"])


def recompute(*, force: bool = False, incremental: bool = True) -> int | None:
    """Recompute and store the rating; return the stored version, or None when skipped.

    One transaction holding a row lock on RatingState, so jobs queue up instead of interleaving.
    The snapshot's version is the requested_version read under the lock; a job that finds a
    snapshot at least that new does nothing (idempotent: a stale job never overwrites a newer
    result). `force` stores a new version even when nothing was requested, always in full.

    When only games later than every rated one were added (a sign-off of the newest round),
    the job resumes from the stored model state and applies only those (`_resume`): the same
    numbers as a full rerun, in milliseconds. Anything else reruns the whole history."""
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
        now = timezone.now()
        if incremental and not force and _resume(state, version, now) is not None:
            return version
        position = Position()
        rated = rated_queryset()
        fp = fingerprint(rated)
        games = rated_games(rated, position)
        model, rows = rate(games)
        snapshot = RatingSnapshot.objects.create(version=version, computed_at=now, games=len(games),
                                                 players=len(model.players), summary=_finite(model.summary()))
        _insert_game_ratings(snapshot.pk, rows)
        PlayerRating.objects.bulk_create(_player_rows(snapshot, model, model.players), batch_size=BATCH)
        _store_state(state, model, position, fp, version, now)
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
    (as scoring/snapshot_writer.py does; PostgreSQL json_populate_recordset, SQLite json_each), else bulk_create."""
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
