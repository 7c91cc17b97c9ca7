"""The core's English: one template per message code, for the command line (`check`, `explain`).

Every explanation line and every problem is a code with JSON-safe parameters (and a clause); the
rules and checks never write sentences. A text's key is its code, or ``code:form`` where one code
has several wordings (a wrong type "must be ..." or "must list ..."; ``params["form"]``). The
Django side renders the same keys in the page's language from its translation catalogue; nothing
parses these English texts.

A template is ``str.format`` text; ``{value!r}`` quotes a value, and a format spec after the colon
names one of the word lists below (``{named:list}`` -> "4, 6, 8", ``{time:ordinal}`` -> "2nd").
"""
from __future__ import annotations

import string

from .rules.penalties import PENALTY_FIT

# Explanation lines: code -> template.
NOTES = {
    "red_win": "red win",
    "black_win": "black win",
    "red_win_hard": "red win in a hard game, K = {k}",
    "black_win_hard": "black win in a hard game, K = {k}",
    "compensation": "first-killed as {role}, red lost: Ci = {ci} (B = {b}, N = {n})",
    "escalating_compensation": "first-killed as {role} and red lost for the {time:ordinal} time: +{points}",
    "removal": "removed from the table ({removal:removal})",
    "best_move": "best move: named {named:list}, {blacks} of them black",
    "judge_extra": "judge's extra points +{points}",
    "judge_extra_approved": "judge's extra points +{points} (approved by the chief judge)",
    "penalty": "penalty: {reason}",
    "penalty_without_reason": "penalty",
    "replay_penalty": "gross violation, replay: -3.00 (removal + yellow card)",
    "replay_penalty_again": ("gross violation, replay: -3.00 (removal + yellow card) and -2.00 "
                             "(red card, replay number {replay} caused)"),
    "no_points": "no points ({result:won})",
}

_ONE_OF = "{value!r} is not one of {allowed:list}"
_OUTSIDE_SEATS = "{seat} is outside 1..10"

# Problems: key -> template.
PROBLEMS = {
    # validation.py: one game
    "unknown_stage": _ONE_OF,
    "unknown_result": _ONE_OF,
    "annulled_not_allowed": "an annulled game (replay) exists only under mafclub, not under {ruleset}",
    "replay_not_allowed": "replays exist only under mafclub, not under {ruleset}",
    "unknown_role": _ONE_OF,
    "role_counts": ("roles are {red} red, {sheriff} sheriff, {black} black, {don} don; "
                    "a game has 6 red, 1 sheriff, 2 black, 1 don"),
    "unknown_player": "{player} is not in the players list",
    "fouls_out_of_range": "{fouls} is outside 0..4",
    "unknown_removal": _ONE_OF + " (or null)",
    "removal_without_fourth_foul": "removed for a 4th foul with {fouls} foul{fouls:plural}",
    "gross_violation_not_allowed": "gross violations (replays) exist only under mafclub, not under {ruleset}",
    "gross_violation_not_annulled": "a gross violation is marked but the game is not annulled",
    "seat_count": "a game has 10 seats, this one has {seats}",
    "annulled_without_violator": "an annulled game needs the player who caused it marked gross_violation",
    "extra_too_many_players": "{players} players have extra points; at most 3 per game (8.4.1)",
    "extra_sum_over_limit": "extra points add up to {total}; at most 1.00 per game (8.4.2)",
    "seat_out_of_range": _OUTSIDE_SEATS,
    "seat_repeated": "seat {seat} appears more than once",
    "player_repeated": "player {player} sits at this table twice",
    "extra_not_in_steps": "{extra} is not a multiple of 0.05 (8.4)",
    "extra_negative": "{extra} is negative; extra points are never negative",
    "extra_in_draw": "{extra} given in a draw; a draw gives none (8.4.6)",
    "extra_over_winner_limit": "{extra} is over 0.70, the most for a winner (8.4.3)",
    "extra_needs_approval": "{extra} is over 0.50 without the chief judge's approval (8.4.3)",
    "extra_over_loser_limit": "{extra} is over 0.40, the most for a player of the losing team (8.4.4)",
    "extra_over_loser_limit:annulled": ("{extra} is over 0.40, the most for any player of an annulled game, "
                                        "where nobody won (8.4.4)"),
    "unknown_penalty_clause": _ONE_OF,
    "penalty_does_not_fit": ("{penalty} is for {penalty:penalty_fit}; this seat is a {role:role} "
                             "and the result is {result:outcome}"),
    "first_killed_out_of_range": _OUTSIDE_SEATS,
    "best_move_too_many": "names {count} seats; the best move names at most 3",
    "best_move_out_of_range": _OUTSIDE_SEATS,
    "best_move_own_seat": "names the first-killed's own seat {seat}",
    "best_move_repeated": "names seat {seat} twice",
    # validation.py: the tournament
    "unknown_ruleset": _ONE_OF,
    "game_id_repeated": "game id {game} appears more than once",
    "replay_of_unknown": "names game {game}, which does not exist",
    "replay_of_not_annulled": "names game {game}, which is not annulled",
    "player_excluded": ("{player} was excluded from the tournament after causing a second replay "
                        "(game {game}) and plays no later game (003 item 10)"),
    "participants_below_seated": ("{participants} is fewer than the {seated} players seated in the games; "
                                  "the participants are never fewer (8.7)"),
    # document_shape.py: types and required fields
    "missing_field": "is required but missing",
    "missing_field:first_killed": "is required (null for a miss on the first shooting night)",
    "wrong_type": "must be {expected:expected}{nullable:or_null}, not {got:got}",
    "wrong_type:items": "must list {expected:expected}, not {got:got}",
    "wrong_type:setting": "must be {expected:expected}",
    "wrong_type:count": "{value!r} must be a whole number",
    "not_an_object": "must be a JSON object, not {got:got}",
    "unknown_format": "{value!r} is not {format!r}",
    "unknown_format:missing": "is missing; it must be {format!r}",
    "unknown_setting": "is not a setting; known: {known:list}",
    "not_a_decimal": "{value!r} is not a decimal number",
    # bounds.py: what the tournament system can store and compute
    "out_of_range": "{value} is outside {low}..{high}",
    "not_in_hundredths": "{value} is not a whole number of hundredths",
    "too_many_digits": "{value} has more than {limit} characters; no point value is that long",
    "too_long": "is {length} characters long; at most {limit}",
    "empty_text": "must not be empty",
    "forbidden_character": "contains {character}, a character that cannot be stored",
    "too_many": "lists {count}; at most {limit}",
    "nickname_repeated": "nickname {nickname!r} of player {player} is also player {other}'s; a nickname names one player",
    "table_taken": "{stage} round {round} table {table} already has game {other}",
}

# The word lists the format specs name.
EXPECTED = {  # what a field must be (document_shape.py's kinds)
    "str": "a string", "int": "an integer", "bool": "true or false", "list": "a list", "dict": "an object",
    "non_negative_integer": "a non-negative integer", "non_negative_decimal": "a non-negative decimal",
    "seat_numbers": "seat numbers", "objects": "objects",
}
GOT = {  # what it was (any other value is a type name, shown as it is)
    "null": "null", "boolean": "a boolean", "number": "a number", "string": "a string", "list": "a list",
    "object": "an object",
}
ROLE_WORDS = {"red": "red player", "sheriff": "sheriff", "black": "black player", "don": "don"}
OUTCOMES = {"red": "red won", "black": "black won", "draw": "a draw", "annulled": "an annulled game"}
WON = {"red": "red won", "black": "black won", "draw": "draw", "annulled": "annulled"}
REMOVALS = {"fourth_foul": "4th foul", "disqualifying_foul": "disqualifying foul"}


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


_SPECS = {
    "list": lambda v: ", ".join(str(x) for x in v),
    "ordinal": _ordinal,
    "plural": lambda n: "" if n == 1 else "s",
    "or_null": lambda nullable: " or null" if nullable else "",
    "expected": EXPECTED.__getitem__,
    "got": lambda kind: GOT.get(kind, kind),
    "role": ROLE_WORDS.__getitem__,
    "outcome": OUTCOMES.__getitem__,
    "won": lambda result: WON.get(result, f"{result} won"),
    "removal": REMOVALS.__getitem__,
    "penalty_fit": lambda clause: PENALTY_FIT[clause][2],
}


class _English(string.Formatter):
    def format_field(self, value, format_spec):
        word = _SPECS.get(format_spec)
        return word(value) if word is not None else format(value, format_spec)


_FORMATTER = _English()


def text_key(code: str, params: dict | None) -> str:
    """The key of a message's wording: its code, or ``code:form``."""
    form = params.get("form") if params else None
    return f"{code}:{form}" if form else code


def note_text(code: str, params: dict | None) -> str:
    """An explanation line's English note."""
    return _FORMATTER.vformat(NOTES[code], (), params or {})


def problem_text(code: str, params: dict | None) -> str | None:
    """A problem's English message, or None for a code this module does not know (the Django
    apps add checks of their own and word them in their catalogue)."""
    template = PROBLEMS.get(text_key(code, params))
    return None if template is None else _FORMATTER.vformat(template, (), params or {})
