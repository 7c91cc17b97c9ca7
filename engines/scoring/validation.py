"""Checks of a game protocol and a tournament against RULES.md §2–§4 and tournament-file.md.

Every problem is reported at once, each naming the game, the seat and the field, as a code with
its details as parameters and the clause behind it (messages.py words them in English); nothing
stops at the first fault. The checks read only the model objects, so the Django side can run them
on protocols built from the database.
"""
from __future__ import annotations

from decimal import Decimal

from .bounds import check_bounds
from .decimals import NotCents, fmt_cents, to_cents
from .model import (
    PENALTY_CLAUSES,
    REMOVALS,
    REMOVED_FOURTH_FOUL,
    RESULT_ANNULLED,
    RESULT_DRAW,
    RESULTS,
    ROLE_COUNTS,
    ROLES,
    RULESET_FIIM,
    RULESETS,
    SEATS_PER_GAME,
    STAGES,
    Game,
    Tournament,
    team_of,
)
from .problems import Problem
from .rules.penalties import penalty_fits
from .rulesets import RULESETS as RULESET_DEFS
from .settings import Settings
from .standings import in_playing_order

# 8.4 limits, in hundredths.
EXTRA_STEP = 5            # steps of 0.05
EXTRA_MAX_PLAYERS = 3     # 8.4.1
EXTRA_MAX_SUM = 100       # 8.4.2
EXTRA_MAX_WINNER = 70     # 8.4.3
EXTRA_NEEDS_APPROVAL = 50  # 8.4.3: 0.6 and 0.7 only with the chief judge's approval
EXTRA_MAX_LOSER = 40      # 8.4.4
# RULES.md §4 (decision): in an annulled game (mafclub) nobody won, so every player's extra
# points there follow the losing team's limits of 8.4: at most 0.40 each (EXTRA_MAX_LOSER), at
# most 1.00 in all, at most 3 players, and no approval makes more possible.

_ROLE_SET = frozenset(ROLES)
_REMOVAL_SET = frozenset(REMOVALS)
_CLAUSE_SET = frozenset(PENALTY_CLAUSES)
_EXTRA_CENTS: dict[Decimal, int] = {}


def _extra_cents(extra: Decimal) -> int | None:
    """Hundredths of an extra value, or None if it is finer than 0.01."""
    cents = _EXTRA_CENTS.get(extra)
    if cents is None:
        try:
            cents = to_cents(extra)
        except NotCents:
            return None
        if len(_EXTRA_CENTS) < 10_000:
            _EXTRA_CENTS[extra] = cents
    return cents


def _allows_annulled(ruleset: str) -> bool:
    definition = RULESET_DEFS.get(ruleset)
    return definition.annulled_games if definition is not None else ruleset != RULESET_FIIM


_SEAT_NUMBERS = list(range(1, SEATS_PER_GAME + 1))


def check_game(game: Game, ruleset: str, settings: Settings | None = None, *,
               known_players=None) -> list[Problem]:
    """Every problem of one game protocol on its own (no cross-game checks, except that
    ``known_players``, when given, is the set of player ids a seat may name)."""
    problems: list[Problem] = []
    gid = game.id

    def add(seat, field, code, params=None, clause=None):
        problems.append(Problem(gid, seat, field, code, params=params, clause=clause))

    if game.stage not in STAGES:
        add(None, "stage", "unknown_stage", {"value": game.stage, "allowed": list(STAGES)})
    result = game.result
    if result not in RESULTS:
        add(None, "result", "unknown_result", {"value": result, "allowed": list(RESULTS)})
    annulled = result == RESULT_ANNULLED
    allows_annulled = _allows_annulled(ruleset)
    if annulled and not allows_annulled:
        add(None, "result", "annulled_not_allowed", {"ruleset": ruleset}, "003 item 10")
    if game.replay_of is not None and not allows_annulled:
        add(None, "replay_of", "replay_not_allowed", {"ruleset": ruleset}, "003 item 10")

    seats = game.seats
    # Whole-table checks first, each one cheap pass; the seat-by-seat search for the
    # culprit runs only when one fails (a valid 20,000-game file takes none of them).
    numbers = [s.seat for s in seats]
    players = {s.player for s in seats}
    roles = [s.role for s in seats]
    seats_ok = numbers == _SEAT_NUMBERS or sorted(numbers) == _SEAT_NUMBERS
    if not seats_ok or len(players) != len(seats):
        _check_seat_numbers_and_players(seats, add)
    counts = {"red": roles.count("red"), "sheriff": roles.count("sheriff"),
              "black": roles.count("black"), "don": roles.count("don")}
    if counts != ROLE_COUNTS or len(roles) != sum(counts.values()):
        unknown = False
        for s in seats:
            if s.role not in _ROLE_SET:
                unknown = True
                add(s.seat, "role", "unknown_role", {"value": s.role, "allowed": list(ROLES)})
        if not unknown and len(seats) == SEATS_PER_GAME:
            add(None, "role", "role_counts", {r: counts[r] for r in ROLES})
    if known_players is not None and not players <= known_players:
        for s in seats:
            if s.player not in known_players:
                add(s.seat, "player", "unknown_player", {"player": s.player})

    extras = []  # (seat number, cents)
    any_gross = False
    fouls = [s.fouls for s in seats]
    if fouls and (min(fouls) < 0 or max(fouls) > 4):
        for s in seats:
            if not 0 <= s.fouls <= 4:
                add(s.seat, "fouls", "fouls_out_of_range", {"fouls": s.fouls})
    for s in game.notable_seats():  # removals, extras, penalties, gross violations
        n = s.seat
        removed = s.removed
        if removed is not None:
            if removed not in _REMOVAL_SET:
                add(n, "removed", "unknown_removal", {"value": removed, "allowed": list(REMOVALS)})
            elif removed == REMOVED_FOURTH_FOUL and s.fouls != 4:
                add(n, "removed", "removal_without_fourth_foul", {"fouls": s.fouls}, "8.2.4")
        if s.extra:
            _check_extra(s, result, annulled, extras, add)
        if s.penalties:
            _check_penalties(s, result, add)
        if s.gross_violation:
            any_gross = True
            if not allows_annulled:
                add(n, "gross_violation", "gross_violation_not_allowed", {"ruleset": ruleset}, "003 item 10")
            elif not annulled:
                add(n, "gross_violation", "gross_violation_not_annulled", None, "003 item 10")

    if len(seats) != SEATS_PER_GAME:
        add(None, "seats", "seat_count", {"seats": len(seats)})
    if annulled and allows_annulled and not any_gross:
        add(None, "gross_violation", "annulled_without_violator", None, "003 item 10")

    if extras:
        given = [(n, c) for n, c in extras if c > 0]
        if len(given) > EXTRA_MAX_PLAYERS:
            add(None, "extra", "extra_too_many_players", {"players": len(given)}, "8.4.1")
        total = sum(c for _, c in given)
        if total > EXTRA_MAX_SUM:
            add(None, "extra", "extra_sum_over_limit", {"total": fmt_cents(total)}, "8.4.2")

    fk = game.first_killed
    if fk is not None:
        _check_first_killed(fk, add)
    return problems


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def participants_problem(participants: int, seated: int) -> Problem | None:
    """RULES.md §3 (decision): the participants, whose number decides whether K applies (8.7),
    are never fewer than the ``seated`` distinct players of the tournament's games; a file that
    says fewer is refused, naming the field."""
    if participants < seated:
        return Problem(None, None, "tournament.participants", "participants_below_seated",
                       params={"participants": participants, "seated": seated}, clause="8.7")
    return None


def _check_seat_numbers_and_players(seats, add):
    seen_numbers = set()
    seen_players = set()
    for s in seats:
        n = s.seat
        if not 1 <= n <= SEATS_PER_GAME:
            add(n, "seat", "seat_out_of_range", {"seat": n})
        elif n in seen_numbers:
            add(n, "seat", "seat_repeated", {"seat": n})
        seen_numbers.add(n)
        if s.player in seen_players:
            add(n, "player", "player_repeated", {"player": s.player})
        seen_players.add(s.player)


def _check_extra(s, result, annulled, extras, add):
    n = s.seat
    extra = s.extra
    cents = _extra_cents(extra)
    if cents is None or cents % EXTRA_STEP:
        add(n, "extra", "extra_not_in_steps", {"extra": str(extra)}, "8.4")
        return
    if cents < 0:
        add(n, "extra", "extra_negative", {"extra": str(extra)}, "8.4")
        return
    extras.append((n, cents))
    if cents == 0:
        return
    text = fmt_cents(cents)
    if result == RESULT_DRAW:
        add(n, "extra", "extra_in_draw", {"extra": text}, "8.4.6")
        return
    if annulled:  # nobody won: the losing team's limit for everyone (RULES.md §4)
        if cents > EXTRA_MAX_LOSER:
            add(n, "extra", "extra_over_loser_limit", {"extra": text, "form": "annulled"}, "8.4.4")
        return
    team = team_of(s.role)
    if team is None or result not in ("red", "black"):
        return
    if team == result:
        if cents > EXTRA_MAX_WINNER:
            add(n, "extra", "extra_over_winner_limit", {"extra": text}, "8.4.3")
        elif cents > EXTRA_NEEDS_APPROVAL and not s.extra_approved:
            add(n, "extra_approved", "extra_needs_approval", {"extra": text}, "8.4.3")
    elif cents > EXTRA_MAX_LOSER:
        add(n, "extra", "extra_over_loser_limit", {"extra": text}, "8.4.4")


def _check_penalties(s, result, add):
    n = s.seat
    for p in s.penalties:
        if p.clause not in _CLAUSE_SET:
            add(n, "penalties.clause", "unknown_penalty_clause", {"value": p.clause, "allowed": list(PENALTY_CLAUSES)},
                "8.5")
            continue
        if s.role in _ROLE_SET and result in RESULTS and not penalty_fits(p.clause, s.role, result):
            add(n, "penalties.clause", "penalty_does_not_fit", {"penalty": p.clause, "role": s.role, "result": result},
                "8.5")


def _check_first_killed(fk, add):
    seat = fk.seat
    if not 1 <= seat <= SEATS_PER_GAME:
        add(None, "first_killed.seat", "first_killed_out_of_range", {"seat": seat})
    named = fk.named
    if len(named) > 3:
        add(seat, "first_killed.named", "best_move_too_many", {"count": len(named)}, "8.3")
    seen = set()
    for value in named:
        if not 1 <= value <= SEATS_PER_GAME:
            add(seat, "first_killed.named", "best_move_out_of_range", {"seat": value})
        elif value == seat:
            add(seat, "first_killed.named", "best_move_own_seat", {"seat": value}, "8.3")
        elif value in seen:
            add(seat, "first_killed.named", "best_move_repeated", {"seat": value}, "8.3")
        seen.add(value)


def check_tournament(t: Tournament, *, _known_game_ids=None) -> list[Problem]:
    """Every problem of a tournament: its fields, its players, each game, and the links
    between games (ids, players, replays)."""
    problems: list[Problem] = []

    def add(game, seat, field, code, params=None):
        problems.append(Problem(game, seat, field, code, params=params))

    if t.ruleset not in RULESETS:
        add(None, None, "tournament.ruleset", "unknown_ruleset", {"value": t.ruleset, "allowed": list(RULESETS)})
    # A count of the wrong type is refused here; one out of its range by check_bounds.
    for key in ("participants", "games_before_final"):
        value = getattr(t, key)
        if not isinstance(value, int) or isinstance(value, bool):
            add(None, None, f"tournament.{key}", "wrong_type", {"form": "count", "value": value})
    # A repeated player id is not refused (a repeated game id is): the standings and the
    # importer take its last entry, as a JSON object does with a key.
    player_ids = {p.id for p in t.players}
    if _is_count(t.participants):  # (a seat naming an unknown player is its own problem)
        seated = {s.player for g in t.games for s in g.seats} & player_ids
        problems.extend(filter(None, [participants_problem(t.participants, len(seated))]))
    settings = t.settings
    by_id: dict[str, Game] = {}
    for g in t.games:
        if g.id in by_id:
            add(g.id, None, "id", "game_id_repeated", {"game": g.id})
        else:
            by_id[g.id] = g
        problems.extend(check_game(g, t.ruleset, settings, known_players=player_ids))

    # replay_of must name an existing annulled game, and nothing more: two replays of one
    # game, or an annulled game naming itself, are not reasons to refuse a file.
    if _allows_annulled(t.ruleset):
        problems.extend(excluded_player_problems(t.games))
    known = set(by_id) | set(_known_game_ids or ())
    for g in t.games:
        target_id = g.replay_of
        if target_id is None:
            continue
        target = by_id.get(target_id)
        if target is None:
            if target_id not in known:
                add(g.id, None, "replay_of", "replay_of_unknown", {"game": target_id})
        elif target.result != RESULT_ANNULLED:
            add(g.id, None, "replay_of", "replay_of_not_annulled", {"game": target_id})
    # What the tournament system cannot store (bounds.py): refused by `check` and the importer alike.
    problems.extend(check_bounds(t))
    return problems


def excluded_player_problems(games) -> list[Problem]:
    """RULES.md §4 (decision; 003 item 10): a player who causes a second replay in the tournament
    (the gross violation of a second annulled game) is excluded from the rest of it and plays no
    later game: every seat of theirs in a game after that one, in playing order (the replay of
    that game included), is refused. ``games``: every game of the tournament, any records with
    the model's attributes."""
    violations: dict[str, int] = {}
    excluded: dict[str, str] = {}  # player -> the game of their second violation
    problems = []
    for g in in_playing_order(games, games):
        if excluded:
            for s in g.seats:
                if s.player in excluded:
                    problems.append(Problem(g.id, s.seat, "player", "player_excluded",
                                            params={"player": s.player, "game": excluded[s.player]},
                                            clause="003 item 10"))
        if g.result == RESULT_ANNULLED:
            for s in g.seats:
                if s.gross_violation:
                    k = violations[s.player] = violations.get(s.player, 0) + 1
                    if k == 2:
                        excluded[s.player] = g.id
    return problems


# -- the yes/no form of check_game, for the command line's decoded tables (fastpath.py) --
# The same checks over plain columns of one table (seat index 0..9, the types already
# checked by the decoder): True where check_game finds nothing. They name no fault; a
# table they refuse goes to check_game, which names it. tests/scoring holds the two equal.
ROLE_ARRANGEMENT = sorted(r for r, n in ROLE_COUNTS.items() for _ in range(n))
FOUL_VALUES = frozenset(range(5))  # 0..4
EXTRA_VALUES = frozenset(range(0, EXTRA_MAX_SUM + 1, EXTRA_STEP))  # 0.00, 0.05 .. 1.00
SEAT_NUMBERS = tuple(_SEAT_NUMBERS)
_ALL_SEATS = frozenset(_SEAT_NUMBERS)
_NO_SEATS: frozenset = frozenset()


def table_fits(numbers, players, fouls) -> bool:
    """Seats 1..10 listed in order, ten distinct players and fouls 0..4 (the players being
    known is the caller's: it has the list)."""
    return (numbers == SEAT_NUMBERS and len(set(players)) == SEATS_PER_GAME
            and FOUL_VALUES.issuperset(fouls))


def roles_fit(roles) -> bool:
    """6 red, 1 sheriff, 2 black, 1 don."""
    return sorted(roles) == ROLE_ARRANGEMENT


def extras_fit(cents, approved, red, black, result) -> bool:
    """8.4 for a table's extras in hundredths, seat by seat (``approved`` likewise, ``red``
    and ``black`` the teams' seat indexes): steps of 0.05, not negative, at most 3 players,
    at most 1.00 in all, none in a draw, a winner up to 0.70 (above 0.50 approved), a loser
    up to 0.40; in an annulled game everyone up to 0.40 (RULES.md §4)."""
    if not EXTRA_VALUES.issuperset(cents):
        return False  # negative, not in steps of 0.05, or over 1.00 on its own
    total = sum(cents)
    if not total:
        return True
    if (total > EXTRA_MAX_SUM or len(cents) - cents.count(0) > EXTRA_MAX_PLAYERS
            or result == RESULT_DRAW):
        return False
    if max(cents) <= EXTRA_MAX_LOSER:
        return True
    if result == RESULT_ANNULLED:  # nobody won: the losing team's limit for everyone
        return False
    winners, losers = (red, black) if result == "red" else (black, red)
    for i in winners:
        c = cents[i]
        if c > EXTRA_MAX_WINNER or (c > EXTRA_NEEDS_APPROVAL and not approved[i]):
            return False
    return all(cents[i] <= EXTRA_MAX_LOSER for i in losers)


def seat_marks_fit(seats, result, allows_annulled: bool) -> bool:
    """Removals, penalties and gross violations of a table's notable ``seats``: a 4th-foul
    removal has 4 fouls (8.2.4), each penalty fits role and result (8.5), a gross violation
    only in an annulled game of a ruleset that has them, and an annulled game has one."""
    gross = False
    for s in seats:
        if s.removed == REMOVED_FOURTH_FOUL and s.fouls != 4:
            return False
        for p in s.penalties or ():
            if not penalty_fits(p.clause, s.role, result):
                return False
        gross = gross or s.gross_violation
    if result == RESULT_ANNULLED:
        return gross and allows_annulled
    return not gross


def first_killed_fits(seat: int, named) -> frozenset | None:
    """The named seats of a valid first_killed as a frozenset (8.3, 9.6: a seat in 1..10,
    at most 3 named seats, none twice, all in 1..10, not its own), or None."""
    if not 1 <= seat <= SEATS_PER_GAME:
        return None
    if not named:
        return _NO_SEATS
    seats = frozenset(named)
    if len(seats) != len(named) or len(named) > 3 or not seats <= _ALL_SEATS or seat in seats:
        return None
    return seats


def allows_annulled(ruleset: str) -> bool:
    """Whether annulled games, replays and gross violations exist under ``ruleset``."""
    return _allows_annulled(ruleset)
