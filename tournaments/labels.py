"""Translated names of the codes the public pages show (components, roles, results, stages)."""
from django.utils.translation import gettext_lazy as _

COMPONENTS = {
    "win": _("Win"), "compensation": _("First-night compensation"), "removal": _("Removal"),
    "best_move": _("Best move"), "judge_extra": _("Judge's extra points"), "penalty": _("Penalty"),
    "replay_penalty": _("Replay penalty"), "none": _("No points"),
}
ROLES = {"red": _("Civilian"), "sheriff": _("Sheriff"), "black": _("Mafia"), "don": _("Don"), "": "—"}
RESULTS = {"red": _("Red won"), "black": _("Black won"), "draw": _("Draw"), "annulled": _("Annulled"), "": "—"}
STAGES = {"all": _("Overall"), "qualifying": _("Qualifying"), "semifinal": _("Semifinal"), "final": _("Final")}
