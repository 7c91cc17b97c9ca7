"""The read side of the standings: the one module outside the recompute that knows how a snapshot
is stored. Public pages, the API, the exports, the seating and the desk read standings only here
(an import-linter contract holds them to it).

One rule for "the current snapshot": the version in the tournament's StandingsState
(`computed_version`, written in the same transaction as the snapshot it names); 0 means none yet.

    current(slug, drafts=False)        what a cached page checks first: (tournament, version,
                                       standings public?, computed at, a stage hidden?); one small query,
                                       memoised per process for STANDINGS_POINTER_TTL seconds
    current_of(tournament)             the same for a tournament in hand (no query when it came
                                       with select_related("standings_state"))
    current_by_id(tournament_id)       the same, read now
    scoped(tournament_id, version, scope)  the snapshot of "all" or of one stage, and the stages
                                       played; one query
    lines(snapshot, explained=False)   the snapshot's player lines in place order (PlayerLine)
    player_line(...)                   one player's line of the current overall standings
    game_points(...)                   game number -> seat -> a player's points in that game
    points_as_recomputed(...)          the same, computed now when the snapshot is behind
    ranking(tournament_id)             player ids by place (what a semifinal or final picks from)
    lines_of_player(player_id)         a player's lines across tournaments (public standings only)

The stored explanation of a player is `[[game number, seat, role, [[component, clause, cents,
code, params], ...]], ...]` (engines/scoring/explain.py); `_game_points` is the only code that
unpacks it, into GamePoints and Line records. A game's id, stage and result are stored once per
snapshot (`game_meta`: number -> [id, stage, result]), read here as ScoredGame.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.db.models import F
from django.utils.dateparse import parse_datetime

from engines.scoring.rulesets import get_ruleset
from tournaments.models import Publication, Stage, Tournament

from . import explanation_texts
from .models import SCOPE_ALL, PlayerStanding, StandingsSnapshot, StandingsState

__all__ = [
    "SCOPE_ALL", "Current", "GamePoints", "Line", "PlayerLine", "ScoredGame", "Scoped", "Snapshot", "current",
    "current_by_id", "current_of", "forget", "game_points", "lines", "lines_of_player", "player_line", "points_as_recomputed",
    "points_text", "ranking", "scoped", "worded",
]


# -- records ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Current:
    """Which snapshot is current for a tournament."""

    tournament_id: int
    version: int  # 0: no snapshot yet
    standings_public: bool
    computed_at: datetime | None
    requested_version: int = 0
    hides_a_stage: bool = False  # a stage's standings are hidden from the public (scoring/cuts.py); current() only

    @property
    def up_to_date(self) -> bool:
        """No change waits for a recomputation (the snapshot says what the protocols say)."""
        return self.version >= self.requested_version


@dataclass(frozen=True, slots=True)
class ScoredGame:
    number: int
    game_id: str  # the game's id in the tournament file
    stage: str
    result: str


@dataclass(frozen=True)
class Snapshot:
    """A stored snapshot's facts (its document is not read: the lines are rows)."""

    pk: int
    tournament_id: int
    version: int
    scope: str
    computed_at: datetime
    games: int  # signed-off games scored
    stages: tuple[str, ...]  # stage kinds with signed-off games, in order
    ruleset: str
    k: str  # the difficulty coefficient used, "" for none
    scored: dict[int, ScoredGame]  # game number -> the game

    @classmethod
    def of(cls, s: StandingsSnapshot) -> Snapshot:
        return cls(s.pk, s.tournament_id, s.version, s.scope, s.computed_at, s.games, tuple(s.stages or ()), s.ruleset,
                   s.k or "", scored_games(s.game_meta))


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a player's points in a game: a component, its clause, the points in hundredths,
    and the note's code and params (worded where it is shown: scoring/explanation_texts.py)."""

    component: str  # a breakdown key
    clause: str
    cents: int
    code: str
    params: dict

    @property
    def note(self) -> str:
        """The note in the active language."""
        return explanation_texts.note(self.code, self.params)


@dataclass(frozen=True, slots=True)
class GamePoints:
    """A player's points in one game, in hundredths: main + extra = total (by the snapshot's ruleset)."""

    number: int
    seat: int
    role: str
    lines: tuple[Line, ...]
    main: int
    extra: int

    @property
    def total(self) -> int:
        return self.main + self.extra


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's line of a snapshot. `points` holds each game's points when they were asked for
    (`explained=True`), else None."""

    place: int
    player_id: int | None
    file_id: str
    nickname: str
    club: str
    games: int
    wins: int
    wins_as_don_or_sheriff: int
    first_killed: int
    main: Decimal
    extra: Decimal
    total: Decimal
    tiebreak_extra: Decimal
    decided_by_lot: bool
    mark: str  # "withdrawn", "excluded" or ""
    breakdown: dict  # component -> "1.25"
    points: tuple[GamePoints, ...] | None = None


@dataclass(frozen=True)
class Scoped:
    """The snapshot asked for: `snapshot` ranks `scope` (None when that stage has no games yet);
    `overall` is the snapshot of every stage; `stages` the stages played."""

    overall: Snapshot | None
    snapshot: Snapshot | None
    scope: str
    stages: tuple[str, ...] = ()


# One game's lines as a page shows them (component label, key, clause, points, note), and points
# in hundredths as text ("-0.40"), in the active language: scoring/explanation_texts.py.
worded = explanation_texts.lines
points_text = explanation_texts.points


# -- which snapshot is current -----------------------------------------------------------------------
_POINTER_SQL = (
    f"SELECT t.id, s.computed_version, t.standings_public, s.computed_at, s.requested_version, "
    f"EXISTS (SELECT 1 FROM {Stage._meta.db_table} st WHERE st.tournament_id = t.id AND st.standings_hidden) "
    f"FROM {Tournament._meta.db_table} t "
    f"LEFT JOIN {StandingsState._meta.db_table} s ON s.tournament_id = t.id WHERE t.slug = %s"
)
# A draft is not public: current() does not find it, so every public read of it is a 404; an
# organiser's preview asks with `drafts=True` (never memoised).
_PUBLIC_ONLY = f" AND t.publication <> '{Publication.DRAFT.value}'"
# Every hit of a cached standings page or of the API's standings asks which version is current;
# the answer is kept in this process's memory (the "standings-pointer" local-memory cache alias,
# config/settings) for STANDINGS_POINTER_TTL seconds, so a hall of phones costs the database at
# most one small query per second per web process. Not in Redis: a round trip there costs what
# the query costs, and a stale answer must not outlive the process that stored the snapshot
# (forget() after a recompute or a tournament's save).
POINTER_CACHE = "standings-pointer"


def current(slug: str, *, drafts: bool = False) -> Current | None:
    """The tournament's current snapshot, or None (no such tournament, or a draft unless `drafts`)."""
    ttl = 0 if drafts else settings.STANDINGS_POINTER_TTL
    memo = caches[POINTER_CACHE] if ttl > 0 else None
    if memo is not None:
        hit = memo.get(slug)
        if hit is not None:
            return Current(*hit)
    with connection.cursor() as cursor:
        cursor.execute(_POINTER_SQL if drafts else _POINTER_SQL + _PUBLIC_ONLY, [slug])
        row = cursor.fetchone()
    if row is None:
        return None  # unknown slugs are not kept: they cannot fill the memo
    pk, version, public, computed_at, requested, hides = row
    if computed_at is not None and not isinstance(computed_at, datetime):  # SQLite may hand back text
        computed_at = parse_datetime(computed_at)
    if computed_at is not None and computed_at.tzinfo is None:
        computed_at = computed_at.replace(tzinfo=UTC)  # Django stores UTC there
    state = (pk, version or 0, bool(public), computed_at, requested or 0, bool(hides))
    if memo is not None:
        memo.set(slug, state, ttl)  # a plain tuple: the local-memory cache pickles what it keeps
    return Current(*state)


def forget() -> None:
    """Drop this process's memo of current versions (after it stored a snapshot or saved a tournament)."""
    caches[POINTER_CACHE].clear()


def current_of(tournament: Tournament) -> Current:
    """The current snapshot of a tournament in hand; no query when it was read with
    select_related("standings_state")."""
    try:
        state = tournament.standings_state
    except StandingsState.DoesNotExist:
        return Current(tournament.pk, 0, tournament.standings_public, None, 0)
    return Current(tournament.pk, state.computed_version, tournament.standings_public, state.computed_at,
                   state.requested_version)


def current_by_id(tournament_id: int) -> Current:
    """The current snapshot of a tournament, read now (one query): for a Tournament kept longer
    than a request, whose cached standings_state current_of would trust."""
    row = (Tournament.objects.filter(pk=tournament_id).values_list(
        "standings_public", "standings_state__computed_version", "standings_state__computed_at",
        "standings_state__requested_version").first())
    public, version, computed_at, requested = row or (False, 0, None, 0)
    return Current(tournament_id, version or 0, public, computed_at, requested or 0)


# -- snapshots and their lines -----------------------------------------------------------------------
_SNAPSHOT_FIELDS = ("id", "tournament_id", "version", "scope", "computed_at", "games", "stages", "ruleset", "k", "game_meta")


def scoped(tournament_id: int, version: int, scope: str = SCOPE_ALL) -> Scoped:
    """The snapshot of `scope` ("all" or a stage kind) at `version`; one query (none for version 0).
    With one stage played its standings are the overall ones (stored once), so that stage's
    snapshot is the overall one; a stage without games has none."""
    if not version:
        return Scoped(None, None, scope)
    found = {s.scope: s for s in StandingsSnapshot.objects.filter(
        tournament_id=tournament_id, version=version, scope__in={scope, SCOPE_ALL}).only(*_SNAPSHOT_FIELDS)}
    overall = found.get(SCOPE_ALL)
    if overall is None:
        return Scoped(None, None, scope)
    overall_record = Snapshot.of(overall)
    stages = overall_record.stages
    if scope == SCOPE_ALL:
        return Scoped(overall_record, overall_record, scope, stages)
    if scope not in stages:
        return Scoped(overall_record, None, scope, stages)
    own = found.get(scope)
    return Scoped(overall_record, Snapshot.of(own) if own is not None else overall_record, scope, stages)


_LINE_FIELDS = (
    "place", "player_id", "file_id", "nickname", "club", "games", "wins", "wins_as_don_or_sheriff", "first_killed",
    "main", "extra", "total", "tiebreak_extra", "decided_by_lot", "mark", "breakdown",
)


def lines(snapshot: Snapshot, *, explained: bool = False) -> list[PlayerLine]:
    """The snapshot's player lines in place order; with `explained`, each game's points too. One query."""
    rows = PlayerStanding.objects.filter(snapshot_id=snapshot.pk).order_by("place")
    if not explained:
        return [PlayerLine(*values) for values in rows.values_list(*_LINE_FIELDS)]
    main = _main_components(snapshot.ruleset)
    return [PlayerLine(*values[:-1], points=_game_points(values[-1], main))
            for values in rows.values_list(*_LINE_FIELDS, "explanation")]


def player_line(tournament_id: int, version: int, player_id: int) -> tuple[PlayerLine, Snapshot] | None:
    """A player's line of the overall snapshot at `version`, each game explained, with its
    snapshot; None if they are not in it. One query."""
    row = (PlayerStanding.objects.select_related("snapshot").only(*_LINE_FIELDS, "explanation", *(
        f"snapshot__{f}" for f in _SNAPSHOT_FIELDS)).filter(
        snapshot__tournament_id=tournament_id, snapshot__version=version, snapshot__scope=SCOPE_ALL,
        player_id=player_id).first()) if version else None
    if row is None:
        return None
    snapshot = Snapshot.of(row.snapshot)
    return _line_of(row, _game_points(row.explanation, _main_components(snapshot.ruleset))), snapshot


def lines_of_player(player_id: int) -> dict[int, PlayerLine]:
    """Tournament pk -> the player's line of its current overall standings, for every tournament
    whose standings are public and computed (each game's points are not read). One query."""
    rows = PlayerStanding.objects.filter(
        player_id=player_id, snapshot__scope=SCOPE_ALL, snapshot__tournament__standings_public=True,
        snapshot__version=F("snapshot__tournament__standings_state__computed_version"),
    ).values_list("snapshot__tournament_id", *_LINE_FIELDS)
    return {values[0]: PlayerLine(*values[1:]) for values in rows}


def _scored_overall(tournament_id: int) -> Snapshot | None:
    """The current overall snapshot, or None before one that scored a signed-off game."""
    found = scoped(tournament_id, current_by_id(tournament_id).version).overall
    return found if found is not None and found.games else None


def _lines_by_place(snapshot: Snapshot, *fields: str):
    return (PlayerStanding.objects.filter(snapshot_id=snapshot.pk, player__isnull=False).order_by("place")
            .values_list(*fields, flat=len(fields) == 1))


def ranking(tournament_id: int) -> tuple[Snapshot | None, list[int]]:
    """(the current overall snapshot, the player pks of its lines by place); (None, []) before a
    snapshot that scored a signed-off game. Two queries."""
    found = _scored_overall(tournament_id)
    return (found, list(_lines_by_place(found, "player_id"))) if found is not None else (None, [])


def places(tournament_id: int) -> list[tuple[int, int]]:
    """(player pk, place) of every player line of the current overall standings, by place; [] before
    a snapshot that scored a signed-off game (the season's points read a tournament's places here)."""
    found = _scored_overall(tournament_id)
    return list(_lines_by_place(found, "player_id", "place")) if found is not None else []


# -- a game's points --------------------------------------------------------------------------------
def game_points(state: Current, numbers: Iterable[int], *, player_ids: Iterable[int] | None = None,
                ) -> dict[int, dict[int, GamePoints]]:
    """Game number -> seat -> that player's points, for these games, from the current overall
    snapshot ({} for a game it has not scored); only the lines of `player_ids` when given (a
    game's ten players). One query."""
    wanted = set(numbers)
    if not state.version or not wanted:
        return {}
    rows = PlayerStanding.objects.filter(snapshot__tournament_id=state.tournament_id, snapshot__version=state.version,
                                         snapshot__scope=SCOPE_ALL)
    if player_ids is not None:
        rows = rows.filter(player_id__in=list(player_ids))
    found = list(rows.values_list("explanation", "snapshot__ruleset"))
    if not found:
        return {}
    return _by_game([stored for stored, _ruleset in found], _main_components(found[0][1]), wanted)


def points_as_recomputed(tournament: Tournament, numbers: Iterable[int]) -> dict[int, dict[int, GamePoints]]:
    """Game number -> seat -> points, as the standings give them once every change is recomputed:
    from the current overall snapshot when it is up to date and has scored every one of these
    games, else from the scoring core run over the tournament in memory (the recomputation's own
    loader and explanation: four queries more)."""
    wanted = set(numbers)
    if not wanted:
        return {}
    state = current_by_id(tournament.pk)
    if state.up_to_date:
        snapshot = scoped(tournament.pk, state.version).overall
        if snapshot is not None and wanted <= set(snapshot.scored):
            rows = PlayerStanding.objects.filter(snapshot_id=snapshot.pk).values_list("explanation", flat=True)
            return _by_game(rows, _main_components(snapshot.ruleset), wanted)
    from engines.scoring.explain import explain_all
    from protocols.scoring_records import load

    loaded = load(tournament)
    explained = explain_all(loaded.tournament, loaded.game_numbers)
    return _by_game(explained.values(), _main_components(loaded.tournament.ruleset), wanted)


def lines_of_rows(rows: Iterable[dict], ruleset: str) -> list[PlayerLine]:
    """Player lines, each game explained, of rows scored in memory (scoring/scopes.py: the
    standings as after a round) rather than read from a snapshot."""
    main = _main_components(ruleset)
    return [PlayerLine(*(Decimal(row[f]) if f in _DECIMAL_FIELDS else row[f] for f in _LINE_FIELDS),
                       points=_game_points(row["explanation"], main)) for row in rows]


_DECIMAL_FIELDS = frozenset({"main", "extra", "total", "tiebreak_extra"})


# -- the stored explanation, decoded here only ----------------------------------------------------------
def _line_of(row: PlayerStanding, points: tuple[GamePoints, ...] | None = None) -> PlayerLine:
    return PlayerLine(*(getattr(row, f) for f in _LINE_FIELDS), points=points)


def _main_components(ruleset: str) -> frozenset[str]:
    try:
        return get_ruleset(ruleset).main
    except ValueError:  # a ruleset this version does not know: every point counts as main
        return frozenset()


def scored_games(game_meta: dict | None) -> dict[int, ScoredGame]:
    return {int(number): ScoredGame(int(number), game_id, stage, result)
            for number, (game_id, stage, result) in (game_meta or {}).items()}


def _game_points(stored: list, main_components: frozenset[str]) -> tuple[GamePoints, ...]:
    """One player's stored explanation as records, in playing order."""
    games = []
    for number, seat, role, stored_lines in stored or ():
        decoded = tuple(Line(component, clause, cents, code, params or {})
                        for component, clause, cents, code, params in stored_lines)
        main = sum(line.cents for line in decoded if line.component in main_components) if main_components else None
        total = sum(line.cents for line in decoded)
        games.append(GamePoints(number, seat, role, decoded, total if main is None else main,
                                0 if main is None else total - main))
    return tuple(games)


def _by_game(explanations: Iterable[list], main_components: frozenset[str], wanted: set[int]) -> dict[int, dict[int, GamePoints]]:
    out: dict[int, dict[int, GamePoints]] = {}
    for stored in explanations:
        for points in _game_points([g for g in stored or () if g[0] in wanted], main_components):
            out.setdefault(points.number, {})[points.seat] = points
    return out
