"""The fast path of ``standings``: one fused pass from the file's bytes to the standings.

The careful path (document_shape.py -> validation.py -> standings.py) builds a model object
per seat (200,000 in a 10,000-player file), checks each field by hand so that it can name
every fault, and then lets each rule walk the games again. For the ordinary valid file all
of that ends in "no problem". Here msgspec decodes the file into typed records, checking
every field's type in C (fastschema.py), and one pass over the games checks the rest of
tournament-file.md's "Validity" and adds up each player's points in integer hundredths.

It never reports a problem and never guesses. The moment it meets anything it does not
handle in the plainest way - any fault at all, an annulled game, a replay or a gross
violation, a JSON number with a fraction (only the careful path reads those exactly, as
Decimals), seats listed out of order - it returns None and the caller runs the careful
path on the same bytes, which lists every problem or computes the standings. So results
and messages are the careful path's by construction; tests/scoring/test_scoring_fastpath.py
holds the two equal on generated tournaments and checks that the fast pass takes no
broken one.

Why these shapes: a ``map``/``zip``/``set`` over a game's ten seats runs in C, where a
Python loop over the seats costs several times more (bench/scoring.py).
"""
from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter

from .bounds import check_bounds
from .decimals import to_cents
from .document_shape import FORMAT, DocumentReader, _decimal
from .fastschema import DECODER, NOT_OURS
from .fasttotals import totals
from .model import (
    BLACK,
    DON,
    QUALIFYING,
    RED,
    REMOVED_DISQUALIFYING,
    REMOVED_FOURTH_FOUL,
    RESULT_ANNULLED,
    RESULT_BLACK,
    RESULT_DRAW,
    RESULT_RED,
    SEMIFINAL,
    SHERIFF,
    STAGES,
)
from .rules.best_move import BestMove
from .rules.compensation import FirstNightCompensation
from .rules.escalating import EscalatingCompensation
from .rules.judge_extra import JudgeExtra
from .rules.penalties import Penalties, penalty_fits
from .rules.removal import Removal
from .rules.replay import ReplayPenalty
from .rules.win import WinPoints
from .rulesets import BREAKDOWN_KEYS, RULESETS
from .settings import DEFAULT_SETTINGS, Settings
from .standings import Standings
from .validation import (
    EXTRA_MAX_LOSER,
    EXTRA_MAX_PLAYERS,
    EXTRA_MAX_SUM,
    EXTRA_MAX_WINNER,
    EXTRA_NEEDS_APPROVAL,
    EXTRA_STEP,
)


class _Bail(Exception):
    """Anything the fast pass does not handle: the careful path takes the file."""


_SEAT = attrgetter("seat", "player", "role", "fouls", "removed", "extra", "extra_approved",
                   "penalties", "gross_violation")
_ID = attrgetter("id")
_SEATS = frozenset(range(1, 11))
_NO_SEATS = frozenset()
_SEAT_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
# A plain table, field by field: removed, extra, extra_approved, penalties, gross_violation.
_PLAIN = [(value,) * 10 for value in (None, "0", False, None, False)]
_TEN = range(10)
_NONE = (None,) * 10
_EXTRA_VALUES = frozenset(range(0, EXTRA_MAX_SUM + 1, EXTRA_STEP))  # 0.00, 0.05 .. 1.00
_FOULS = frozenset(range(5))
_ROLE_COUNTS = sorted([RED] * 6 + [SHERIFF, BLACK, BLACK, DON])
_STAGE_SET = frozenset(STAGES)
_COMPENSATION_STAGES = frozenset((QUALIFYING, SEMIFINAL))
_RED_TEAM = frozenset((RED, SHERIFF))
_BLACK_TEAM = frozenset((BLACK, DON))
_EXTRA_CENTS: dict[str, int] = {"0": 0}  # extra text -> hundredths, parsed once (no float)
# The rules this pass knows how to sum, and the breakdown it fills in (_row); a ruleset
# with anything else takes the careful path. ReplayPenalty gives nothing without an
# annulled game, and those are the careful path's.
_ALWAYS = {WinPoints, Removal, BestMove, JudgeExtra, Penalties}
_OPTIONAL = {FirstNightCompensation, EscalatingCompensation, ReplayPenalty}
_BREAKDOWN = ("win", "compensation", "removal", "best_move", "judge_extra", "penalty",
              "replay_penalty")
_TB_EXTRA = {"removal", "best_move", "judge_extra", "penalty", "replay_penalty"}


def standings_from_bytes(data: bytes, stages=None) -> Standings | None:
    """The standings of a valid file's bytes, or None when the careful path must decide.
    Equal to ``compute_standings(parse_document(loads(data)), stages)`` when not None."""
    try:
        doc = DECODER.decode(data)
    except NOT_OURS:
        return None
    try:
        return _Pass(doc, stages).standings()
    except _Bail:
        return None
    except Exception:  # noqa: BLE001 - e.g. NotCents from odd settings. The fast path is
        # only a shortcut: whatever it cannot handle, the careful path decides (and the
        # tests make sure that plain valid files do take the shortcut).
        return None


class _Roles:
    """What a valid arrangement of roles tells: the winners' and captains' seat indexes and
    the black seats. There are only 2,520 arrangements, so each is worked out once."""
    __slots__ = ("red", "black", "red_team", "black_team", "sheriff", "don", "black_seats")
    _cache: dict[tuple, _Roles] = {}

    def __init__(self, roles):
        if sorted(roles) != _ROLE_COUNTS:  # 6 red, 1 sheriff, 2 black, 1 don
            raise _Bail
        self.red = [i for i, r in enumerate(roles) if r in _RED_TEAM]
        self.black = [i for i, r in enumerate(roles) if r in _BLACK_TEAM]
        self.red_team, self.black_team = itemgetter(*self.red), itemgetter(*self.black)
        self.sheriff, self.don = roles.index(SHERIFF), roles.index(DON)
        self.black_seats = frozenset(i + 1 for i in self.black)

    @classmethod
    def of(cls, roles) -> _Roles:
        found = cls._cache.get(roles)
        if found is None:
            found = cls._cache[roles] = cls(roles)
        return found


def _extra_cents(value) -> int:
    """Hundredths of an ``extra``: a decimal string read exactly as document_shape reads it
    (Decimal, never float), or an integer."""
    if type(value) is int:
        return value * 100
    cents = _EXTRA_CENTS.get(value)
    if cents is None:
        d = _decimal(value)
        if d is None:
            raise _Bail
        cents = to_cents(d)  # NotCents (finer than 0.01) bails
        if len(_EXTRA_CENTS) < 10_000:
            _EXTRA_CENTS[value] = cents
    return cents


class _Pass:
    """One fused pass: the lists each player's sums are counted from."""

    def __init__(self, doc, stages):
        head = doc.tournament
        if doc.format != FORMAT or head.ruleset not in RULESETS:
            raise _Bail
        self.ruleset = ruleset = RULESETS[head.ruleset]
        kinds = {type(rule) for rule in ruleset.rules}
        if (not _ALWAYS <= kinds <= _ALWAYS | _OPTIONAL or BREAKDOWN_KEYS != _BREAKDOWN
                or set(ruleset.tiebreak_extra) != _TB_EXTRA
                or not {"win"} <= ruleset.main <= {"win", "compensation"}):
            raise _Bail
        self.ci = FirstNightCompensation in kinds          # fiim's 8.6
        self.escalating = EscalatingCompensation in kinds  # mafclub's 003 item 8
        self.comp_in_main = "compensation" in ruleset.main
        self.head, self.games = head, doc.games
        settings = _settings(head.settings)
        if check_bounds(_BoundsView(doc, settings)):
            raise _Bail  # something the system cannot store: the careful path names it
        self.settings = _DEFAULT if settings is DEFAULT_SETTINGS else _FastSettings(settings)
        if stages is not None and not set(stages) <= _STAGE_SET:
            raise _Bail
        self.stages = stages
        # a repeated id keeps its last nickname, as the careful path's dict does
        self.nicknames = {p.id: p.nickname for p in doc.players}
        # One entry per seat or event of the selected games; Counter sums them in C.
        self.seated = []          # every seat's player: games played
        self.red_winners = []     # winners of games red won (K may weigh these)
        self.black_winners = []
        self.captains = []        # the winning sheriff or don (tiebreak 3)
        self.first_killed = []
        self.b_counted = []       # fiim Ci's B: first-killed as red/sheriff (qual., semi.)
        self.lost_first = []      # ... and red lost: where Ci is paid / mafclub escalates
        self.removed = []         # removed players (8.2.4)
        self.penalised = []       # one entry per penalty (8.5)
        self.extras = []          # (player, hundredths)
        self.best_three = []      # best moves with 3 black named (8.3) ...
        self.best_two = []        # ... and with exactly 2
        self.unscored = []        # players of the games outside the selected stages

    def standings(self) -> Standings | None:
        wanted = _STAGE_SET if self.stages is None else frozenset(self.stages)
        # Bound methods as locals: this loop runs once per game (20,000 in the bench).
        seated, captains = self.seated.extend, self.captains.append
        red_winners, black_winners = self.red_winners.extend, self.black_winners.extend
        known_roles, roles_of = _Roles._cache.get, _Roles.of
        for g in self.games:
            # stage and result are Literals (fastschema.py): known values only
            stage, result, seats = g.stage, g.result, g.seats
            if g.replay_of is not None or len(seats) != 10 or result == RESULT_ANNULLED:
                raise _Bail  # replays and annulled games are the careful path's
            # The ten seats at once (types are msgspec's): numbers 1..10 in order, fouls
            # 0..4, ten distinct players (known ones: checked per player in totals()), and
            # the roles (_Roles).
            numbers, players, roles, fouls, *optional = zip(*map(_SEAT, seats))
            if (numbers != _SEAT_NUMBERS or not _FOULS.issuperset(fouls)
                    or len(set(players)) != 10):
                raise _Bail
            arrangement = known_roles(roles) or roles_of(roles)
            # Anything but the plain four fields at this table? Mostly judge's extras only.
            removed = penalised = ()
            if optional == _PLAIN:
                extras = ()
            elif optional[0] == _NONE and optional[2:] == _PLAIN[2:]:
                extras = self.table_extras(optional[1], players, arrangement, result)
            else:
                extras, removed, penalised = self.notable_seats(seats, players, roles, result)
            fk = g.first_killed
            if stage not in wanted:  # checked like every game, scored as if absent
                self.unscored.append(players)
                if fk is not None:
                    _first_killed(fk)
                continue
            if extras:
                self.extras.extend(extras)
            if removed or penalised:
                self.removed.extend(removed)
                self.penalised.extend(penalised)
            seated(players)
            if result == RESULT_RED:
                red_winners(arrangement.red_team(players))
                captains(players[arrangement.sheriff])
            elif result == RESULT_BLACK:
                black_winners(arrangement.black_team(players))
                captains(players[arrangement.don])
            if fk is not None:
                self.first_kill(fk, stage, result, players, roles, arrangement)
        if len(set(map(_ID, self.games))) != len(self.games):  # a game id repeats
            raise _Bail
        known = self.nicknames.keys()  # (the scored games' players: totals() checks)
        if any(not known >= set(p) for p in self.unscored):
            raise _Bail
        return totals(self)  # None where a seat names a player not in the players list

    def table_extras(self, extra, players, arrangement, result) -> list:
        """A table whose only notable field is ``extra``: 8.4's checks for the ten seats at
        once. Returns the (player, hundredths) of the non-zero ones."""
        cents = list(map(_EXTRA_CENTS.get, extra))
        if None in cents:  # an integer, or a string not seen yet
            cents = list(map(_extra_cents, extra))
        if not _EXTRA_VALUES.issuperset(cents):
            raise _Bail  # negative, not in steps of 0.05, or over 1.00 on its own
        total = sum(cents)
        if not total:
            return []
        if (total > EXTRA_MAX_SUM or 10 - cents.count(0) > EXTRA_MAX_PLAYERS
                or result == RESULT_DRAW):
            raise _Bail  # too much, too many players, or any in a draw
        winners, losers = ((arrangement.red, arrangement.black) if result == RESULT_RED
                           else (arrangement.black, arrangement.red))
        # nobody approved (the approval column is plain): a winner up to 0.5, a loser 0.4
        if max(cents) > EXTRA_MAX_LOSER and (
                max(map(cents.__getitem__, winners)) > EXTRA_NEEDS_APPROVAL
                or max(map(cents.__getitem__, losers)) > EXTRA_MAX_LOSER):
            raise _Bail
        return list(zip(compress(players, cents), compress(cents, cents)))

    def notable_seats(self, seats, players, roles, result) -> tuple[list, list, list]:
        """A table with a removal, a penalty or a flag set, seat by seat: its extras as
        (player, hundredths), its removed players and its penalised ones (one a penalty)."""
        given = total = 0
        extras, removed_players, penalised = [], [], []
        for i, s in enumerate(seats):
            removed, extra, penalties = s.removed, s.extra, s.penalties
            # removed and a penalty's clause are Literals: their values are known ones here
            if removed == REMOVED_FOURTH_FOUL and s.fouls != 4:
                raise _Bail
            if s.gross_violation:  # exists only in an annulled game: the careful path's
                raise _Bail
            role = roles[i]
            cents = _extra_cents(extra)
            if cents:  # 8.4: steps of 0.05, never negative, none in a draw, the caps
                if cents % EXTRA_STEP or cents < 0 or result == RESULT_DRAW:
                    raise _Bail
                if role in (_RED_TEAM if result == RESULT_RED else _BLACK_TEAM):
                    if cents > EXTRA_MAX_WINNER or (
                            cents > EXTRA_NEEDS_APPROVAL and not s.extra_approved):
                        raise _Bail
                elif cents > EXTRA_MAX_LOSER:
                    raise _Bail
                given += 1
                total += cents
            for p in penalties or ():
                if not penalty_fits(p.clause, role, result):
                    raise _Bail
            player = players[i]
            if removed == REMOVED_DISQUALIFYING or (
                    removed == REMOVED_FOURTH_FOUL and self.settings.fourth_foul_removal_counts):
                removed_players.append(player)
            if cents:
                extras.append((player, cents))
            if penalties:
                penalised.extend([player] * len(penalties))
        if given > EXTRA_MAX_PLAYERS or total > EXTRA_MAX_SUM:
            raise _Bail
        return extras, removed_players, penalised

    def first_kill(self, fk, stage, result, players, roles, arrangement):
        """First-killed count (8.8.4), best move (8.3), and what Ci (8.6) or mafclub's
        escalating compensation (003 item 8) count."""
        seat, named = _first_killed(fk)
        player = players[seat - 1]
        self.first_killed.append(player)
        if roles[seat - 1] not in _RED_TEAM:
            return
        if named:
            hits = len(arrangement.black_seats & named)
            if hits >= 2:
                (self.best_three if hits == 3 else self.best_two).append(player)
        if self.ci:  # fiim: B over qualifying and semifinal, Ci paid where red lost
            if stage in _COMPENSATION_STAGES:
                self.b_counted.append(player)
                if result == RESULT_BLACK:
                    self.lost_first.append(player)
        elif self.escalating and result == RESULT_BLACK:  # mafclub: any stage
            self.lost_first.append(player)


def _first_killed(fk) -> tuple[int, frozenset]:
    """(seat, the named seats) of a valid first_killed (8.3, 9.6): a seat in 1..10, and at
    most 3 named seats, none twice, all in 1..10 (msgspec: all integers), not its own."""
    seat, named = fk.seat, fk.named
    if named:
        seats = frozenset(named)
        if len(seats) != len(named) or len(named) > 3 or not seats <= _SEATS or seat in seats:
            raise _Bail
    else:
        seats = _NO_SEATS
    if not 1 <= seat <= 10:
        raise _Bail
    return seat, seats


class _FastSettings:
    """The settings the pass reads, the best-move values in hundredths."""
    __slots__ = ("k_max", "three", "two", "fourth_foul_removal_counts")

    def __init__(self, settings):
        self.k_max = settings.k_max_participants
        self.three = to_cents(settings.best_move_three)  # NotCents bails
        self.two = to_cents(settings.best_move_two)
        self.fourth_foul_removal_counts = settings.fourth_foul_removal_counts


_DEFAULT = _FastSettings(DEFAULT_SETTINGS)


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
