"""The presets and settings of RULES.md §7.1.3: what a log's ``ruleset`` and ``settings`` mean.

``game_settings(ruleset, overrides)`` gives the full dictionary a game runs by, or refuses the
header (``LOG_RULESET``, ``LOG_SETTING``). Nothing else in the core reads the presets.
"""
from __future__ import annotations

from .codes import Refused
from .codes import name as key_name

# 7.15: turn lengths in seconds (the silenced turn with 5+ players is ``silenced_turn_s``).
TIMERS = {
    "mafia_agreement": 60,
    "sheriff_look": 20,
    "speech": 60,
    "short_speech": 30,
    "tie_speech": 30,
    "last_words": 60,
    "group_last_words": 30,
    "night_last_words": 60,
    "best_move": 20,
}

# 7.1.3, the table: key -> value under each preset.
PRESETS: dict[str, dict] = {
    "fiim": {
        "withdrawal": False,
        "self_nomination": True,
        "three_fouls_nominate": "always",
        "silenced_turn_s": 10,
        "silence_takes_last_words": False,
        "vote_cancel": "same_day",
        "three_misses": "at_four",
        "best_move_at": "last_words",
        "replay_allowed": False,
        "draw_proposal_after": None,
        "all_leave_at_four": False,
        "day1_vote_eliminates": True,
        "best_move_min_in_game": None,
    },
    "mafclub": {
        "withdrawal": True,
        "self_nomination": True,
        "three_fouls_nominate": "never",
        "silenced_turn_s": 0,
        "silence_takes_last_words": True,
        "vote_cancel": "next_vote",
        "three_misses": "any",
        "best_move_at": "night",
        "replay_allowed": True,
        "draw_proposal_after": None,
        "all_leave_at_four": False,
        "day1_vote_eliminates": True,
        "best_move_min_in_game": None,
    },
}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _boolean(v) -> bool:
    return isinstance(v, bool)


def _one_of(*values):
    return lambda v: isinstance(v, str) and v in values


# game-log.md "Settings keys and values".
VALID = {
    "withdrawal": _boolean,
    "self_nomination": _boolean,
    "silence_takes_last_words": _boolean,
    "replay_allowed": _boolean,
    "all_leave_at_four": _boolean,
    "day1_vote_eliminates": _boolean,
    "best_move_min_in_game": lambda v: v is None or (_is_int(v) and 1 <= v <= 10),
    "three_fouls_nominate": _one_of("always", "never"),
    "silenced_turn_s": lambda v: _is_int(v) and v >= 0,
    "vote_cancel": _one_of("same_day", "next_vote"),
    "three_misses": _one_of("at_four", "any", "off"),
    "best_move_at": _one_of("last_words", "night"),
    "draw_proposal_after": lambda v: v is None or (_is_int(v) and v >= 1),
}


def game_settings(ruleset, overrides) -> dict:
    """The preset of ``ruleset`` with ``overrides`` (the log's ``settings``) put over it (7.1.3).

    ``timers`` is merged key by key over table 7.15. Refuses ``LOG_RULESET`` for another ruleset
    and ``LOG_SETTING`` for an unknown key or a value outside its list (timers: positive integers).
    """
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        raise Refused("LOG_RULESET")
    settings = dict(PRESETS[ruleset])
    timers = dict(TIMERS)
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise Refused("LOG_SETTING", key="settings")
    for key, value in overrides.items():
        if key == "timers":
            if not isinstance(value, dict):
                raise Refused("LOG_SETTING", key="timers")
            for name, seconds in value.items():
                if name not in TIMERS or not _is_int(seconds) or seconds <= 0:
                    raise Refused("LOG_SETTING", key=f"timers.{key_name(name)}")
                timers[name] = seconds
        elif key in VALID and VALID[key](value):
            settings[key] = value
        else:
            raise Refused("LOG_SETTING", key=key_name(key))
    settings["timers"] = timers
    return settings
