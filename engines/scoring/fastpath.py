"""The command line's standings: the file's bytes -> the standings, in one sweep a rule.

The careful path (document_shape.DocumentReader -> validation.check_tournament ->
standings.compute_standings) builds a model object per seat (200,000 in a 10,000-player
file), checks each field by hand so that it can name every fault, and lets each rule award
points game by game, so that every point can be explained. The command line needs only the
totals of a valid file. Here the file is decoded by msgspec into typed records
(document_shape.DECODER, types checked in C), one pass over the games checks the rest of
tournament-file.md's "Validity" (validation.py's yes/no form) and reduces each game to a
``rules.base.Table``, and each rule of the ruleset sums its points over all the tables at
once (``Rule.tally``, next to its ``award`` in the rule's own module). Nothing here knows a
rule: a new rule is a module with ``award``, ``explain`` and ``tally``, listed in a ruleset.

It never reports a problem and never guesses. The moment it meets anything it does not
handle in the plainest way - any fault at all, a JSON number with a fraction (only the
careful path reads those exactly, as Decimals), seats listed out of order - it returns None
and the caller runs the careful path on the same bytes, which lists every problem or
computes the standings. tests/engines/scoring/test_one_engine.py holds the two equal (so each
rule's tally equal to the sum of its awards) on generated tournaments of both rulesets;
tests/engines/scoring/test_fastpath.py checks that it takes no file the careful path refuses.

Why these shapes: a ``map``/``zip``/``set`` over a game's ten seats runs in C, where a
Python loop over the seats costs several times more (bench/scoring.py).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, compress
from operator import attrgetter

from .bounds import check_bounds
from .document_shape import DECODER, EXTRA_CENTS, FORMAT, NOT_DECODED, DocumentReader, extra_cents
from .model import RESULT_ANNULLED, RESULT_BLACK, RESULT_RED, STAGES
from .rules.base import Arrangement, ScoringContext, Table, Tables
from .rules.difficulty import difficulty_coefficient
from .rulesets import RULESETS
from .settings import DEFAULT_SETTINGS, Settings
from .standings import COMPONENT_INDEX, StandingRow, Standings, sum_up
from .tiebreaks import rank
from .validation import (
    allows_annulled,
    excluded_player_problems,
    extras_fit,
    first_killed_fits,
    participants_problem,
    roles_fit,
    seat_marks_fit,
    table_fits,
)


class _Bail(Exception):
    """Anything this pass does not handle: the careful path takes the file."""


_SEAT = attrgetter("seat", "player", "role", "fouls", "removed", "extra", "extra_approved",
                   "penalties", "gross_violation")
_ID = attrgetter("id")
_RESULT = attrgetter("result")
# A plain table, field by field: removed, extra, extra_approved, penalties, gross_violation.
_PLAIN = [(value,) * 10 for value in (None, "0", False, None, False)]
_NONE = (None,) * 10
_STAGE_SET = frozenset(STAGES)


def standings_from_bytes(data: bytes, stages=None) -> Standings | None:
    """The standings of a valid file's bytes, or None when the careful path must decide.
    Equal to ``compute_standings(parse_document(loads(data)), stages)`` when not None."""
    try:
        doc = DECODER.decode(data)
    except NOT_DECODED:
        return None
    try:
        return _standings(doc, stages)
    except _Bail:
        return None
    except Exception:  # noqa: BLE001 - e.g. NotCents from odd settings. This is only a
        # shortcut: whatever it cannot handle, the careful path decides (and the tests make
        # sure that valid files do take the shortcut).
        return None


def _standings(doc, stages) -> Standings:
    head = doc.tournament
    ruleset = RULESETS.get(head.ruleset)
    if doc.format != FORMAT or ruleset is None:
        raise _Bail
    if stages is not None and not set(stages) <= _STAGE_SET:
        raise _Bail
    settings = _settings(head.settings)
    if check_bounds(_BoundsView(doc, settings)):
        raise _Bail  # something the system cannot store: the careful path names it
    # a repeated id keeps its last nickname, as the careful path's dict does
    nicknames = {p.id: p.nickname for p in doc.players}
    sweep = _Sweep(doc.games, stages, allows_annulled(head.ruleset))
    rows = sweep.rows(nicknames)  # None where a seat names a player not in the list
    if participants_problem(head.participants, sweep.seated_count(rows)):
        raise _Bail  # fewer participants than players seated (RULES.md §3): the careful path names it
    if sweep.annulled_seen and excluded_player_problems(doc.games):
        raise _Bail  # a player excluded after a second replay plays again (RULES.md §4)
    tables = sweep.tables
    ctx = ScoringContext(head, tables, ruleset, settings)
    ctx.k_cents, ctx.hard_result = difficulty_coefficient(
        tables, head.participants, settings.k_max_participants)
    for rule in ruleset.rules:
        i = COMPONENT_INDEX[rule.key]
        for player, cents in rule.tally(ctx, tables).items():
            rows[player].components[i] += cents
    ranked = rank(sum_up(list(rows.values()), ruleset), ruleset.tiebreaks, head.lot_seed)
    return Standings(ruleset.key, ctx.k_cents, ranked, tuple(stages) if stages is not None else None)


class _Sweep:
    """One pass over the games: checks every game, keeps the ranked ones as Tables, and
    counts what the tiebreaks count (games, wins, wins as don or sheriff, first-killed:
    8.8.2-8.8.4; an annulled game counts in none of them). One entry a seat or event in
    each list; Counter sums them in C."""

    def __init__(self, games, stages, annulled_allowed: bool):
        self.tables = tables = Tables()
        self.seated, self.captains = seated, captains = [], []
        red_winners, black_winners = [], []  # one entry a win, by the game's result
        self.first_killed, self.annulled, self.unscored = [], [], []
        # any annulled game at all, in any stage (then RULES.md §4's exclusions are checked)
        self.annulled_seen = RESULT_ANNULLED in map(_RESULT, games)
        wanted = _STAGE_SET if stages is None else frozenset(stages)
        known_roles, arrangement_of = Arrangement._cache.get, Arrangement.of
        extra_text = EXTRA_CENTS.get
        for g in games:  # 20,000 in the bench: bound methods as locals, columns of ten in C
            stage, result, seats = g.stage, g.result, g.seats  # Literals: known values only
            if len(seats) != 10:
                raise _Bail
            numbers, players, roles, fouls, *optional = zip(*map(_SEAT, seats))
            if not table_fits(numbers, players, fouls):
                raise _Bail
            arrangement = known_roles(roles)  # only roles that fit are known
            if arrangement is None:
                if not roles_fit(roles):
                    raise _Bail
                arrangement = arrangement_of(roles)
            if optional == _PLAIN:  # mostly: nothing beyond role and fouls
                extras = marked = ()
                if result == RESULT_ANNULLED:
                    raise _Bail  # an annulled game needs its violator
            else:
                extras, marked = self.notable(seats, players, optional, extra_text, arrangement,
                                              result, annulled_allowed)
            if g.replay_of is not None and not annulled_allowed:
                raise _Bail
            fk = g.first_killed
            if fk is None:
                seat = killed = role = named = None
            else:
                seat = fk.seat
                named = first_killed_fits(seat, fk.named)
                if named is None:
                    raise _Bail
                killed, role = players[seat - 1], roles[seat - 1]
            if stage not in wanted:  # checked like every game, scored as if absent
                self.unscored.append(players)
                continue
            tables.append(Table(g.id, stage, result, players, arrangement, seat, killed, role,
                                named, extras, marked))
            if result == RESULT_RED:
                red_winners.extend(arrangement.red_team(players))
                captains.append(players[arrangement.sheriff])
            elif result == RESULT_BLACK:
                black_winners.extend(arrangement.black_team(players))
                captains.append(players[arrangement.don])
            elif result == RESULT_ANNULLED:
                self.annulled.extend(players)
                continue
            seated.extend(players)
            if killed is not None:
                self.first_killed.append(killed)
        tables.wins = {RESULT_RED: Counter(red_winners), RESULT_BLACK: Counter(black_winners)}
        if len(set(map(_ID, games))) != len(games):  # a game id repeats
            raise _Bail
        replays = [g for g in games if g.replay_of is not None]
        if replays:  # each names an annulled game of the file
            result_of = dict(zip(map(_ID, games), map(_RESULT, games)))
            if any(result_of.get(g.replay_of) != RESULT_ANNULLED for g in replays):
                raise _Bail

    @staticmethod
    def notable(seats, players, optional, extra_text, arrangement, result, annulled_allowed) -> tuple:
        """A table with a removal, extra points, a penalty or a mark: 8.4, 8.2.4, 8.5 and
        the gross violations checked. Returns its extras as (player, hundredths) and its
        marked seats (a removal, a penalty or a gross violation), as a Table holds them."""
        extras = optional[1]
        cents = list(map(extra_text, extras))
        if None in cents:  # an integer, or a string not seen yet
            cents = list(map(extra_cents, extras))
            if None in cents:
                raise _Bail
        if not extras_fit(cents, optional[2], arrangement.red, arrangement.black, result):
            raise _Bail
        given = tuple(zip(compress(players, cents), compress(cents, cents)))
        if optional[0] == _NONE and optional[3:] == _PLAIN[3:]:  # extras only: mostly
            if result == RESULT_ANNULLED:
                raise _Bail  # an annulled game needs its violator
            return given, ()
        removed, _, _, penalties, gross = optional
        marked = tuple(compress(seats, map(any, zip(removed, penalties, gross))))
        if not seat_marks_fit(marked, result, annulled_allowed):
            raise _Bail
        return given, marked

    def seated_count(self, rows) -> int:
        """How many distinct players sit in the file's games (every stage, annulled ones too):
        those of ``rows`` (the ranked games') and those of the games left out."""
        if not self.unscored:
            return len(rows)
        return len(rows.keys() | set(chain.from_iterable(self.unscored)))

    def rows(self, nicknames) -> dict[str, StandingRow]:
        """A row for every player of the ranked tables, with the tiebreaks' counts."""
        known = nicknames.keys()
        games, annulled = Counter(self.seated), set(self.annulled)
        if (not known >= games.keys() or not known >= annulled
                or any(not known >= set(p) for p in self.unscored)):
            raise _Bail  # a seat names a player not in the players list
        red_wins, black_wins = self.tables.wins[RESULT_RED].get, self.tables.wins[RESULT_BLACK].get
        captains, killed = Counter(self.captains).get, Counter(self.first_killed).get
        rows = {}
        for player in games.keys() | annulled if annulled else games:
            row = rows[player] = StandingRow(player, nicknames[player])
            row.games, row.wins = games.get(player, 0), red_wins(player, 0) + black_wins(player, 0)
            row.wins_as_don_or_sheriff, row.first_killed = captains(player, 0), killed(player, 0)
        return rows


def _settings(obj) -> Settings:
    if obj is None:
        return DEFAULT_SETTINGS
    if any(type(v) is float for v in obj.values()):
        raise _Bail  # a number with a fraction: the careful path reads it as a Decimal
    reader = DocumentReader()
    settings = reader.settings(obj)
    if reader.problems or settings is None:
        raise _Bail
    return settings


class _BoundsView:
    """The decoded document as bounds.check_bounds reads a tournament (the same field names)."""
    __slots__ = ("name", "lot_seed", "participants", "games_before_final", "settings", "players", "games")

    def __init__(self, doc, settings: Settings):
        head = doc.tournament
        self.name, self.lot_seed = head.name, head.lot_seed
        self.participants, self.games_before_final = head.participants, head.games_before_final
        self.settings, self.players, self.games = settings, doc.players, doc.games
