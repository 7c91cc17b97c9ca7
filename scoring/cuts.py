"""The standings as after a round, and the round the public may see up to while a stage is hidden.

A round's ordinal counts every round of the tournament in playing order (stage order, then round
number): with ten qualifying rounds, `after_round=10` is the end of the qualifying and 11 the
first semifinal round. The standings as after round N are the tournament scored with the games of
later rounds left out, exactly as a recomputation would score it had those games never been
signed off (same participants, same settings); they are computed on demand from the protocols and
kept in the cache under the current snapshot's version, so a change of any protocol makes them anew.

A stage whose standings are hidden (`Stage.standings_hidden`) keeps every round from its first on
out of what the public sees: the public's standings are those as after the last round before it,
its games' points and results are not shown, and the stages after it are hidden with it.

    round_marks(tournament) -> [RoundMark]      every round in playing order (one query)
    public_limit(marks) -> int | None           the last round the public may see; None: every round
    effective(marks, after) -> int | None       `after` as a cut that changes something; None when it
                                                covers every played round (the stored snapshot serves)
    after_round(tournament, state, n) -> AfterRound   the standings as after round n (cached)
    viewer_time(tournament, user, asked) -> StandingsTime   which standings a viewer sees when he
                                                asks for them as after round `asked`
    public_lines_of_player(player_id, tournaments) -> {pk: PlayerLine | None}   a player's line
                                                as the public sees it, for his tournaments that
                                                hide a stage (the other lines: selectors.lines_of_player)
    parse_after(raw) -> int | None              `?after_round=` read, ValueError when unreadable
"""
from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Exists, OuterRef

from protocols.models import Game, GameStatus
from protocols.scoring_records import load
from tournaments.models import Round, Stage, Tournament
from tournaments.permissions import can_see_hidden_standings

from . import selectors
from .models import SCOPE_ALL
from .scopes import scored_scopes
from .selectors import Current, PlayerLine, Scoped, Snapshot

CACHE_SECONDS = 3600  # keyed by the snapshot's version: a newer one is a new key, never a stale answer


@dataclass(frozen=True, slots=True)
class RoundMark:
    ordinal: int  # 1-based, in playing order across the stages
    stage: str  # the stage's kind
    number: int  # the round's number within its stage
    hidden: bool  # its stage's standings are hidden from the public
    played: bool  # a game of it is signed off


def round_marks(tournament: Tournament) -> list[RoundMark]:
    """Every round of the tournament in playing order. One query."""
    signed_off = Game.objects.filter(round=OuterRef("pk"), status=GameStatus.SIGNED_OFF)
    rows = (Round.objects.filter(stage__tournament=tournament).order_by("stage__order", "number")
            .values_list("stage__kind", "number", "stage__standings_hidden", Exists(signed_off)))
    return [RoundMark(i, kind, number, hidden, played) for i, (kind, number, hidden, played) in enumerate(rows, 1)]


def public_limit(marks: list[RoundMark]) -> int | None:
    """The last round the public sees the standings after: the one before the first round of a
    hidden stage (0: none), or None when no stage is hidden."""
    first_hidden = next((m.ordinal for m in marks if m.hidden), None)
    return None if first_hidden is None else first_hidden - 1


def last_played(marks: list[RoundMark]) -> int:
    return max((m.ordinal for m in marks if m.played), default=0)


def effective(marks: list[RoundMark], after: int | None) -> int | None:
    """`after` when the standings as after it differ from the current ones (a played round comes
    later), else None."""
    if after is None or after >= last_played(marks):
        return None
    return max(after, 0)


@dataclass(frozen=True)
class AfterRound:
    """The standings as after round `after`: one (snapshot record, lines) per scope, as stored."""

    after: int
    scopes: dict[str, tuple[Snapshot, list[PlayerLine]]]
    stages: tuple[str, ...]

    def scoped(self, scope: str = SCOPE_ALL) -> Scoped:
        """The same answer as scoring.selectors.scoped for the standings as after the round."""
        overall = self.scopes.get(SCOPE_ALL)
        if overall is None or not overall[0].games:
            return Scoped(None, None, scope)
        if scope == SCOPE_ALL:
            return Scoped(overall[0], overall[0], scope, self.stages)
        if scope not in self.stages:
            return Scoped(overall[0], None, scope, self.stages)
        own = self.scopes.get(scope, overall)
        return Scoped(overall[0], own[0], scope, self.stages)

    def lines(self, snapshot: Snapshot | None) -> list[PlayerLine]:
        """The lines of one of this cut's snapshots, each game explained."""
        if snapshot is None:
            return []
        return self.scopes.get(snapshot.scope, (None, []))[1]

    def player(self, player_id: int) -> tuple[PlayerLine, Snapshot] | None:
        """A player's overall line, as scoring.selectors.player_line gives it."""
        overall = self.scopes.get(SCOPE_ALL)
        if overall is None or not overall[0].games:
            return None
        line = next((line for line in overall[1] if line.player_id == player_id), None)
        return (line, overall[0]) if line is not None else None


def after_round(tournament: Tournament, state: Current, after: int) -> AfterRound:
    """The standings as after round `after` (an ordinal of round_marks), computed from the
    protocols once per snapshot version and kept in the cache."""
    key = f"standings-after:{tournament.pk}:{state.version}:{after}"
    found = cache.get(key)
    if found is not None:
        return found
    marks = round_marks(tournament)
    kept = {(m.stage, m.number) for m in marks if m.ordinal <= after}
    loaded = load(tournament)
    core = loaded.tournament
    loaded.tournament = type(core)(*(
        tuple(g for g in core.games if (g.stage, g.round) in kept) if name == "games" else getattr(core, name)
        for name in core._fields))
    scopes = {}
    stages: tuple[str, ...] = ()
    for scored in scored_scopes(loaded):
        stages = tuple(scored.stages)
        document = scored.document
        snapshot = Snapshot(
            0, tournament.pk, state.version, scored.scope, state.computed_at, scored.games, stages, document["ruleset"],
            document["k"] or "", selectors.scored_games(scored.game_meta),
        )
        scopes[scored.scope] = (snapshot, selectors.lines_of_rows(scored.rows, document["ruleset"]))
    found = AfterRound(after, scopes, stages)
    cache.set(key, found, CACHE_SECONDS)
    return found


def standings_as_of(tournament: Tournament, state: Current, after: int | None,
                    scope: str = SCOPE_ALL) -> tuple[Scoped, list[PlayerLine]]:
    """(the scope's snapshots, its lines): the stored ones, or those as after round `after`
    when it is given and anything was computed; no lines while the scope has no snapshot."""
    cut = after_round(tournament, state, after) if after is not None and state.version else None
    found = cut.scoped(scope) if cut is not None else selectors.scoped(tournament.pk, state.version, scope)
    if found.snapshot is None:
        return found, []
    return found, (cut.lines(found.snapshot) if cut is not None else selectors.lines(found.snapshot))


MAX_AFTER = 999  # no tournament has more rounds; a larger number is a typing slip


def parse_after(raw: str | None) -> int | None:
    """`?after_round=N` as a round ordinal (None when absent or empty); ValueError for anything
    but a whole number from 0 to MAX_AFTER."""
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_AFTER:
        raise ValueError(raw)
    return int(raw)


@dataclass(frozen=True)
class StandingsTime:
    """Which standings a viewer sees: as after which round (None: the current ones), up to which
    round he may look (None: every round), and the stages hidden from him."""

    marks: list[RoundMark]
    after: int | None
    limit: int | None
    hidden_stages: tuple[str, ...] = ()

    @property
    def offered(self) -> list[RoundMark]:
        """The rounds "as after" may pick: the played ones up to the viewer's limit."""
        return [m for m in self.marks if m.played and (self.limit is None or m.ordinal <= self.limit)]


def sees_hidden(user, tournament: Tournament) -> bool:
    """Whether `user` sees a hidden stage's standings (tournaments.permissions decides)."""
    return user is not None and user.is_authenticated and can_see_hidden_standings(user, tournament)


def viewer_time(tournament: Tournament, user, asked: int | None = None) -> StandingsTime:
    """The standings `user` sees of `tournament` when he asks for them as after round `asked`
    (None: the current ones). A hidden stage caps what the public sees, whatever it asks. One query."""
    marks = round_marks(tournament)
    limit = None if sees_hidden(user, tournament) else public_limit(marks)
    wanted = asked
    if limit is not None:
        wanted = limit if wanted is None else min(wanted, limit)
    hidden = tuple(dict.fromkeys(m.stage for m in marks if limit is not None and m.ordinal > limit))
    return StandingsTime(marks, effective(marks, wanted), limit, hidden)


def public_lines_of_player(player_id: int, tournaments: list[Tournament]) -> dict[int, PlayerLine | None]:
    """Tournament pk -> the player's overall line as the public sees it (as after the last round
    before a hidden stage; None when he has none there), for each of `tournaments` that hides a
    stage and whose standings are public; the others are left out. One query, then one per
    tournament that hides a stage (its cut comes from the cache when computed before)."""
    hiding = set(Stage.objects.filter(tournament__in=[t.pk for t in tournaments if t.standings_public],
                                      standings_hidden=True).values_list("tournament_id", flat=True))
    out: dict[int, PlayerLine | None] = {}
    for tournament in tournaments:
        if tournament.pk not in hiding:
            continue
        state = selectors.current_by_id(tournament.pk)
        limit = public_limit(round_marks(tournament))
        found = after_round(tournament, state, limit).player(player_id) if state.version and limit is not None else None
        out[tournament.pk] = found[0] if found is not None else None
    return out
