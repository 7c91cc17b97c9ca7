"""Standings: every player's points, totals and place (8.8), and the explanation of each point.

``compute_standings(t, stages=None)`` scores the tournament over the games of the selected
stages (all by default). A selection is scored as if the file held only those games: K,
Ci's B, mafclub's compensation count and the replay count are all taken over the ranked
games (decision; RULES.md §3 says so for K).
"""
from __future__ import annotations

from decimal import Decimal
from operator import itemgetter
from typing import NamedTuple

from .decimals import fmt_cents, from_cents
from .messages import note_text
from .model import (
    DON,
    RESULT_ANNULLED,
    SHERIFF,
    STAGE_ORDER,
    STAGES,
    Tournament,
)
from .rules.base import ScoringContext
from .rules.difficulty import difficulty_coefficient
from .rules.win import WINNING_ROLES
from .rulesets import BREAKDOWN_KEYS, Ruleset, get_ruleset
from .tiebreaks import rank

STANDINGS_FORMAT = "mafia-standings/1"
COMPONENT_INDEX = {key: i for i, key in enumerate(BREAKDOWN_KEYS)}  # a rule's key -> its place
_INDEX = COMPONENT_INDEX
_DON_OR_SHERIFF = frozenset((DON, SHERIFF))


class StandingRow:
    """One player's line of the standings. Point values are kept in hundredths
    (``*_cents``, exact ints); the Decimal properties give them as the rules state them."""

    __slots__ = ("player", "nickname", "games", "wins", "wins_as_don_or_sheriff",
                 "first_killed", "components", "main_cents", "extra_cents", "total_cents",
                 "tiebreak_extra_cents", "place", "decided_by_lot")

    def __init__(self, player: str, nickname: str):
        self.player = player
        self.nickname = nickname
        self.games = 0
        self.wins = 0
        self.wins_as_don_or_sheriff = 0
        self.first_killed = 0
        self.components = [0] * len(BREAKDOWN_KEYS)
        self.main_cents = self.extra_cents = self.total_cents = self.tiebreak_extra_cents = 0
        self.place = 0
        self.decided_by_lot = False

    @property
    def main(self) -> Decimal:
        return from_cents(self.main_cents)

    @property
    def extra(self) -> Decimal:
        return from_cents(self.extra_cents)

    @property
    def total(self) -> Decimal:
        return from_cents(self.total_cents)

    @property
    def tiebreak_extra(self) -> Decimal:
        return from_cents(self.tiebreak_extra_cents)

    @property
    def breakdown(self) -> dict[str, Decimal]:
        return {key: from_cents(c) for key, c in zip(BREAKDOWN_KEYS, self.components)}

    def to_document(self) -> dict:
        c = self.components
        return {
            "place": self.place, "player": self.player, "nickname": self.nickname,
            "games": self.games, "wins": self.wins,
            "wins_as_don_or_sheriff": self.wins_as_don_or_sheriff,
            "first_killed": self.first_killed,
            "main": fmt_cents(self.main_cents), "extra": fmt_cents(self.extra_cents),
            "total": fmt_cents(self.total_cents),
            "tiebreak_extra": fmt_cents(self.tiebreak_extra_cents),
            "decided_by_lot": self.decided_by_lot,
            "breakdown": {key: fmt_cents(v) for key, v in zip(BREAKDOWN_KEYS, c)},
        }

    def __repr__(self):
        return (f"<StandingRow {self.place}. {self.player} {fmt_cents(self.total_cents)}"
                f"{' (lot)' if self.decided_by_lot else ''}>")


class Standings:
    __slots__ = ("ruleset", "k_cents", "rows", "stages")

    def __init__(self, ruleset: str, k_cents: int | None, rows: list[StandingRow], stages):
        self.ruleset = ruleset
        self.k_cents = k_cents
        self.rows = rows
        self.stages = stages

    @property
    def k(self) -> Decimal | None:
        return None if self.k_cents is None else from_cents(self.k_cents)

    def row(self, player_id: str) -> StandingRow | None:
        for r in self.rows:
            if r.player == player_id:
                return r
        return None

    def to_document(self) -> dict:
        return {
            "format": STANDINGS_FORMAT,
            "ruleset": self.ruleset,
            "k": None if self.k_cents is None else fmt_cents(self.k_cents),
            "standings": [r.to_document() for r in self.rows],
        }


class ExplanationLine(NamedTuple):
    game: str
    stage: str
    component: str  # a breakdown key, or "none" for a game that gave nothing
    clause: str
    points: Decimal
    note: str       # in English, from code and params (messages.NOTES)
    code: str
    params: dict


def in_playing_order(games: list, every: list) -> list:
    """``games`` in playing order: stage, round, table, and at one table a replay after the game it
    replays (its ``replay_of`` chain through ``every`` game of the tournament), then the id.
    Any records with those attributes will do (model Games, the command line's decoded ones)."""
    by_id = {g.id: g for g in every}

    def replays_before(game) -> int:
        count, seen = 0, {game.id}
        while game.replay_of in by_id and game.replay_of not in seen:
            game = by_id[game.replay_of]
            seen.add(game.id)
            count += 1
        return count

    return sorted(games, key=lambda g: (STAGE_ORDER.get(g.stage, 3), g.round, g.table,
                                        replays_before(g), g.id))


def select_games(t: Tournament, stages=None) -> list:
    """The ranked games, in playing order (``in_playing_order``)."""
    if stages is None:
        chosen = t.games
    else:
        wanted = set(stages)
        unknown = wanted - set(STAGES)
        if unknown:
            raise ValueError(f"unknown stage(s): {', '.join(sorted(unknown))}")
        chosen = [g for g in t.games if g.stage in wanted]
    return in_playing_order(chosen, t.games)


def scoring_context(t: Tournament, stages=None) -> ScoringContext:
    ruleset = get_ruleset(t.ruleset)
    ctx = ScoringContext(t, select_games(t, stages), ruleset, t.settings)
    ctx.k_cents, ctx.hard_result = difficulty_coefficient(
        ctx.games, t.participants, t.settings.k_max_participants)
    for rule in ruleset.rules:
        prepared = rule.prepare(ctx)
        if prepared is not None:
            ctx.prepared[rule.key] = prepared
    return ctx


def compute_standings(t: Tournament, stages=None) -> Standings:
    """Score ``t`` over the games of ``stages`` (all stages when None)."""
    ctx = scoring_context(t, stages)
    ruleset: Ruleset = ctx.ruleset
    nicknames = {p.id: p.nickname for p in t.players}
    rows: dict[str, StandingRow] = {}

    new_row = StandingRow
    index_of = _INDEX
    rules = [(rule, index_of[rule.key]) for rule in ruleset.rules]
    rows_get = rows.get
    for game in ctx.games:
        result = game.result
        seats = game.seats
        if result == RESULT_ANNULLED:  # counts in no statistic (tournament-file.md)
            for s in seats:
                if s.player not in rows:
                    rows[s.player] = new_row(s.player, nicknames.get(s.player, s.player))
        else:
            # games, wins (8.8.2), wins as don or sheriff (8.8.3), first-killed (8.8.4)
            winning = WINNING_ROLES.get(result, ())
            for s in seats:
                row = rows_get(s.player)
                if row is None:
                    row = rows[s.player] = new_row(s.player, nicknames.get(s.player, s.player))
                row.games += 1
                if s.role in winning:
                    row.wins += 1
                    if s.role in _DON_OR_SHERIFF:
                        row.wins_as_don_or_sheriff += 1
            fk = game.first_killed
            if fk is not None:
                killed = game.seat_by_number(fk.seat)
                if killed is not None:
                    rows[killed.player].first_killed += 1
        plain = not game.notable_seats()
        for rule, index in rules:
            if plain and rule.notable_only:
                continue
            for award in rule.award(ctx, game):
                rows[award[0].player].components[index] += award[1]

    ranked = rank(sum_up(list(rows.values()), ruleset), ruleset.tiebreaks, t.lot_seed)
    return Standings(ruleset.key, ctx.k_cents, ranked,
                     tuple(stages) if stages is not None else None)


def sum_up(rows: list[StandingRow], ruleset: Ruleset) -> list[StandingRow]:
    """Set each row's main, extra, total and tiebreak-1 points from its breakdown, as the
    ruleset sums them; return the rows. (The command line's fastpath.py sums the same way.)"""
    main = _summer([_INDEX[k] for k in BREAKDOWN_KEYS if k in ruleset.main])
    tiebreak_extra = _summer([_INDEX[k] for k in ruleset.tiebreak_extra])
    for row in rows:
        c = row.components
        row.total_cents = total = sum(c)  # every component is main or extra
        row.main_cents = main(c)
        row.extra_cents = total - row.main_cents
        row.tiebreak_extra_cents = tiebreak_extra(c)
    return rows


def _summer(indexes: list[int]):
    """components -> the sum of those at ``indexes``, in C where there are two or more."""
    if not indexes:
        return lambda c: 0
    if len(indexes) == 1:
        return itemgetter(indexes[0])
    getter = itemgetter(*indexes)
    return lambda c: sum(getter(c))


def explain_player(t: Tournament, player_id: str, stages=None) -> list[ExplanationLine]:
    """Every point of one player: a line per game and component, with its clause.

    The lines' points sum to the player's total in ``compute_standings(t, stages)``.
    A game that gave the player nothing has one line with component "none" and 0 points.
    """
    ctx = scoring_context(t, stages)
    lines: list[ExplanationLine] = []
    for game in ctx.games:
        if not any(s.player == player_id for s in game.seats):
            continue
        found = False
        for rule in ctx.ruleset.rules:
            for award in rule.award(ctx, game):
                if award[0].player != player_id:
                    continue
                clause, code, params = rule.explain(ctx, game, award)
                lines.append(ExplanationLine(game.id, game.stage, rule.key, clause,
                                             from_cents(award[1]), note_text(code, params),
                                             code, params))
                found = True
        if not found:
            params = {"result": game.result}
            lines.append(ExplanationLine(game.id, game.stage, "none", "8.2.3", from_cents(0),
                                         note_text("no_points", params), "no_points", params))
    return lines


class RowChange(NamedTuple):
    """A player whose place or total differs between two standings (None: not in that one)."""
    player: str
    nickname: str
    place_before: int | None
    place_after: int | None
    total_before: Decimal | None
    total_after: Decimal | None


def compare(before: Standings, after: Standings) -> list[RowChange]:
    """The players whose place or total changes from `before` to `after`, in their new order
    (those who drop out of the standings last): what a proposed protocol change would do."""
    old = {r.player: r for r in before.rows}
    new = {r.player: r for r in after.rows}
    changes = []
    for player in [r.player for r in after.rows] + [p for p in old if p not in new]:
        b, a = old.get(player), new.get(player)
        if b is not None and a is not None and (b.place, b.total_cents) == (a.place, a.total_cents):
            continue
        changes.append(RowChange(
            player, (a or b).nickname,
            b.place if b else None, a.place if a else None,
            b.total if b else None, a.total if a else None,
        ))
    return changes


def format_explanation(lines: list[ExplanationLine]) -> str:
    out = []
    for ln in lines:
        out.append(f"{ln.game:<10} {ln.stage:<10} {ln.component:<14} {ln.clause:<12} "
                   f"{fmt_cents(int(ln.points * 100)):>6}  {ln.note}")
    total = sum((ln.points for ln in lines), Decimal("0.00"))
    out.append(f"{'total':<49} {fmt_cents(int(total * 100)):>6}")
    return "\n".join(out)
