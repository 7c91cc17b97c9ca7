"""The standings' words, defined once: the components of a player's points and the scopes a table
is shown for (overall, or one stage), with their English labels (Russian in the catalogue).

The component keys are the scoring core's breakdown (`engines.scoring.rulesets.BREAKDOWN_KEYS`);
tests/scoring/test_vocabulary.py holds them equal.
"""
from django.utils.translation import gettext_lazy as _

from tournaments.vocabulary import StageKind

from .models import SCOPE_ALL

COMPONENTS = {
    "win": _("Win"),
    "compensation": _("First-night compensation"),
    "removal": _("Removal"),
    "best_move": _("Best move"),
    "judge_extra": _("Judge's extra points"),
    "penalty": _("Penalty"),
    "replay_penalty": _("Replay penalty"),
}
# A game that gave the player nothing (the core's explanation component "none").
NO_POINTS = _("No points")

SCOPES = {SCOPE_ALL: _("Overall"), **dict(StageKind.choices)}
