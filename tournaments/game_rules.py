"""The rules of play a tournament's games run by (RULES.md §7.1.3): the ruleset's preset and the
settings the organiser changed, stored as ``Tournament.game_settings`` (only the keys that differ
from the preset, as a log's ``settings`` carries them).

The console engine (``engines.console.settings``) is the one home of the presets and of what a
value may be; this module reads them, words them for the admin and the public page, and says
whether they may still change: not once a game of the tournament has started (a console event
stored or a protocol entered), since each game's log records the settings it started with
(7.16.3) and a game must not run by rules that differ from its neighbours'.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from engines.console.codes import Refused
from engines.console.settings import PRESETS, TIMERS, game_settings

# key -> its label, the clause of RULES.md §7 it changes
SETTING_LABELS = {
    "withdrawal": (_("A speaker may withdraw his own nomination"), "7.5.6"),
    "self_nomination": (_("A speaker may nominate himself"), "7.5.4"),
    "three_fouls_nominate": (_("A player with three fouls may nominate"), "7.5.5"),
    "silenced_turn_s": (_("Seconds of a silenced player's turn (0: the turn is skipped)"), "7.4.4"),
    "silence_takes_last_words": (_("A player who leaves before serving his silence has no last words"), "7.8.4"),
    "vote_cancel": (_("Which vote a removal cancels"), "7.13"),
    "three_misses": (_("Three nights without a kill end the game"), "7.14.3"),
    "best_move_at": (_("When the first-killed names his best move"), "7.10.2"),
    "replay_allowed": (_("A game may be annulled and replayed"), "7.14.4"),
    "draw_proposal_after": (_("Quiet cycles before a draw is proposed (empty: never)"), "7.14.5"),
    "all_leave_at_four": (_("\"Do all leave?\" is put also with four players in the game"), "7.7.8"),
    "day1_vote_eliminates": (_("The winner of day 1's vote leaves the game"), "7.7.4"),
    "best_move_min_in_game": (_("No best move when fewer players are in the game (empty: always)"), "7.10.1"),
}
TIMER_LABELS = {
    "mafia_agreement": _("Night 0: the mafia agree"),
    "sheriff_look": _("Night 0: the sheriff looks around"),
    "speech": _("Speech"),
    "short_speech": _("Short speech"),
    "tie_speech": _("Tie speech"),
    "last_words": _("Last words"),
    "group_last_words": _("Last words of several players"),
    "night_last_words": _("Last words after the night"),
    "best_move": _("Best move"),
}
# the words of the values that are not numbers or yes/no
VALUE_WORDS = {
    ("three_fouls_nominate", "always"): _("always"),
    ("three_fouls_nominate", "never"): _("never"),
    ("vote_cancel", "same_day"): _("the same day's vote"),
    ("vote_cancel", "next_vote"): _("the next vote"),
    ("three_misses", "at_four"): _("with four players in the game"),
    ("three_misses", "any"): _("at any count"),
    ("three_misses", "off"): _("never"),
    ("best_move_at", "last_words"): _("in his last words"),
    ("best_move_at", "night"): _("at night, right after the shot"),
}
YES, NO, NEVER = pgettext_lazy("setting", "yes"), pgettext_lazy("setting", "no"), pgettext_lazy("setting", "never")
ALWAYS = pgettext_lazy("setting", "always")
# a setting whose None means something in words
NONE_WORDS = {"draw_proposal_after": NEVER, "best_move_min_in_game": ALWAYS}

SETTING_KEYS = tuple(SETTING_LABELS)
TIMER_KEYS = tuple(TIMERS)
assert set(SETTING_KEYS) == set(PRESETS["fiim"]), "every setting of the engine's presets has its label here"
assert set(TIMER_KEYS) == set(TIMER_LABELS), "every timer of table 7.15 has its label here"


class InvalidGameSettings(ValueError):
    """The settings are not ones the console engine takes (an unknown key or a value outside its list)."""


def effective(ruleset: str, overrides: dict | None) -> dict:
    """The full settings a game of this ruleset runs by: the preset with ``overrides`` over it."""
    try:
        return game_settings(ruleset, overrides or {})
    except Refused as exc:
        raise InvalidGameSettings(str(exc)) from exc


def overrides_from(ruleset: str, chosen: dict) -> dict:
    """The keys of ``chosen`` (a full or partial set of settings, ``timers`` a dict) that differ
    from the ruleset's preset: what a tournament stores and a log's header carries."""
    preset = effective(ruleset, {})
    changed = {key: value for key, value in chosen.items() if key != "timers" and preset.get(key) != value}
    timers = {name: seconds for name, seconds in (chosen.get("timers") or {}).items() if preset["timers"].get(name) != seconds}
    if timers:
        changed["timers"] = timers
    effective(ruleset, changed)  # refuses what the engine would refuse
    return changed


def game_started(tournament) -> bool:
    """Whether a game of ``tournament`` has started: a protocol entered (its status no longer
    "scheduled") or a console event stored. Read through the relations' names: this base app
    imports nothing of the protocols or the console."""
    if tournament.pk is None:
        return False
    started = Q(games__status__in=["in_play", "signed_off"]) | Q(games__console_log__length__gt=0)
    return type(tournament).objects.filter(pk=tournament.pk).filter(started).exists()


@dataclass(frozen=True)
class SettingLine:
    label: str
    clause: str
    value: str
    changed: bool  # differs from the ruleset's preset


def value_words(key: str, value) -> str:
    if value is None:
        return str(NONE_WORDS.get(key, "—"))
    if isinstance(value, bool):
        return str(YES if value else NO)
    if key == "silenced_turn_s":
        return seconds(value)
    words = VALUE_WORDS.get((key, value))
    return str(words) if words is not None else str(value)


def described(ruleset: str, overrides: dict | None) -> list[SettingLine]:
    """Every setting of the tournament's games in words, in the order of table 7.1.3, then the
    timers of table 7.15 in seconds; ``changed`` marks what the organiser set apart from the preset."""
    full, preset = effective(ruleset, overrides), effective(ruleset, {})
    lines = [SettingLine(str(label), clause, value_words(key, full[key]), full[key] != preset[key])
             for key, (label, clause) in SETTING_LABELS.items()]
    lines += [SettingLine(str(TIMER_LABELS[name]), "7.15", seconds(full["timers"][name]),
                          full["timers"][name] != preset["timers"][name])
              for name in TIMER_KEYS]
    return lines


def seconds(n: int) -> str:
    return ngettext("%(n)s second", "%(n)s seconds", n) % {"n": n}
