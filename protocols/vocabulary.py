"""The game's words, defined once: roles and their protocol letters, the teams, results, the
console's phases, how a game ended, removals, how a player left the game, penalty clauses, game and
protest statuses, with their English labels (Russian in the catalogue). protocols/wording.py turns
a code into these words for every page: the protocol, the judge's console, the live tables, the
desk and the exports.

Roles, results, removals and clauses store the scoring core's constants (`engines.scoring.model`), so
a protocol and a tournament file say the same thing; tests/protocols/test_vocabulary.py holds them
equal. Model choices, the entry page, the public pages and the admin all take their labels here.
"""
from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engines.scoring import model as core

# A role's name and its protocol letter (9.4.1), as RULES.md §1 lists them: `red` civilian (К),
# `sheriff` (Ш), `black` mafia (Ч), `don` (Д); R/S/B/D in English.
ROLE_NAMES = {core.RED: _("Civilian"), core.SHERIFF: _("Sheriff"), core.BLACK: _("Mafia"), core.DON: _("Don")}
ROLE_LETTERS = {
    core.RED: pgettext_lazy("role letter", "R"),
    core.SHERIFF: pgettext_lazy("role letter", "S"),
    core.BLACK: pgettext_lazy("role letter", "B"),
    core.DON: pgettext_lazy("role letter", "D"),
}


def _role(value: str):
    return value, format_lazy("{} ({})", ROLE_NAMES[value], ROLE_LETTERS[value])


class Role(models.TextChoices):
    """Labelled with the protocol letter: "Civilian (R)", "Мирный (К)"."""

    RED = _role(core.RED)
    SHERIFF = _role(core.SHERIFF)
    BLACK = _role(core.BLACK)
    DON = _role(core.DON)


# The two teams (RULES.md §1: team red = red + sheriff, team black = black + don).
TEAM_NAMES = {core.RESULT_RED: pgettext_lazy("team", "Red"), core.RESULT_BLACK: pgettext_lazy("team", "Black")}


class GameResult(models.TextChoices):
    RED = core.RESULT_RED, _("Red team won")
    BLACK = core.RESULT_BLACK, _("Black team won")
    DRAW = core.RESULT_DRAW, _("Draw")
    ANNULLED = core.RESULT_ANNULLED, _("Annulled (replay)")


# The console's phases (engines/console/state.py, RULES.md §7.3), as the judge's screen, the live
# tables and the desk name them: each beside the day or night ("D1 · Vote"), for the judge and the hall.
PHASE_NAMES = {
    "night": _("Night"),  # the only night phase the hall sees before sign-off (engines/console/public.py)
    "night0_mafia": _("The mafia's agreement"),
    "night0_sheriff": _("The sheriff looks around"),
    "day_speech": _("Speeches"),
    "voting": _("Vote"),
    "tie_speech": _("Tie speeches"),
    "all_leave_vote": _("“All leave?”"),
    "last_words": _("Last words"),
    "shooting": _("Shooting"),
    "don_check": _("The don's check"),
    "sheriff_check": _("The sheriff's check"),
    "best_move": _("Best move"),
    "night_last_words": _("Morning: the last words of the night's victim"),
    "over": _("Game over: the result awaits confirmation"),
    "ended": _("Game over: the result is recorded"),
}


class ResultKind(models.TextChoices):
    NORMAL = "normal", _("Normal end of the game")
    AWARDED = "awarded", _("Loss awarded to a team")


class Removal(models.TextChoices):
    FOURTH_FOUL = core.REMOVED_FOURTH_FOUL, _("4th foul")
    DISQUALIFYING_FOUL = core.REMOVED_DISQUALIFYING, _("Disqualifying foul")


class LeftHow(models.TextChoices):
    VOTED_OUT = "voted", _("Voted out")
    KILLED = "killed", _("Killed at night")
    REMOVED = "removed", _("Removed")


# How a player left, with the day or night: "voted out, day 2".
LEFT_WHEN = {
    LeftHow.VOTED_OUT: _("voted out, day %(n)s"),
    LeftHow.KILLED: _("killed, night %(n)s"),
    LeftHow.REMOVED: _("removed"),
}


class PenaltyClause(models.TextChoices):
    BREAK_AT_TEN = core.CLAUSE_8_5_1, _("8.5.1 broke into a red at 10 players, red lost")
    BREAK_AT_FOUR = core.CLAUSE_8_5_2, _("8.5.2 broke into a red at 4 players")
    FALSE_CHECK = core.CLAUSE_8_5_3, _("8.5.3 claimed with a knowingly false check, red lost")
    FALSE_SHERIFF = core.CLAUSE_8_5_4, _("8.5.4 black claimed sheriff with a red check of the sheriff, black lost")


class GameStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    IN_PLAY = "in_play", _("In play")
    SIGNED_OFF = "signed_off", _("Signed off")


class ProtestStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    REJECTED = "rejected", _("Rejected")
    AMENDED = "amended", _("Upheld, protocol amended")
    REPLAY = "replay", _("Upheld, replay ordered")


class ProtestPoint(models.TextChoices):
    """What part of the protocol a protest disputes."""

    RESULT = "result", _("the result")
    ROLES = "roles", _("roles")
    FOULS = "fouls", _("fouls or a removal")
    VOTING = "voting", _("nominations and votes")
    BEST_MOVE = "best_move", _("the best move")
    EXTRA = "extra", _("extra points")
    PENALTY = "penalty", _("a penalty")
    VIOLATION = "violation", _("a gross violation")
    OTHER = "other", _("something else")


def in_sentence(label) -> str:
    """A label inside a sentence: "Disqualifying foul" -> "disqualifying foul"."""
    text = str(label)
    return text[:1].lower() + text[1:]


def label_of(choices, value) -> str:
    """The label of a stored value, or the value itself if it is not one of the choices."""
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)
