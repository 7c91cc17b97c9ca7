"""The words printed on the sheets, in the language of the export (gettext; Russian in
exports/locale). Codes of the protocol and the scoring core map to these labels here, so the
templates and the spreadsheets never spell a role or a result themselves: roles, their letters,
teams and results are the protocol's own (protocols/wording.py), the same on every page."""
from django.utils.translation import gettext_lazy as _

STAGES = {"all": _("Overall"), "qualifying": _("Qualifying"), "semifinal": _("Semifinal"), "final": _("Final")}
REMOVALS = {"fourth_foul": _("4th foul"), "disqualifying_foul": _("disqualified")}
LEFT = {"voted": _("voted out, day %(n)s"), "killed": _("killed, night %(n)s"), "removed": _("removed, day %(n)s")}
PROTEST_STATUSES = {"pending": _("pending"), "rejected": _("rejected"), "amended": _("protocol amended"), "replay": _("replay ordered")}
PENALTY = _("penalty %(clause)s")
EXTRA = _("extra points")
AMENDMENT = _("amendment")
PROTEST = _("protest")
COMPONENTS = {
    "win": _("Win"), "compensation": _("Compensation"), "removal": _("Removal"), "best_move": _("Best move"),
    "judge_extra": _("Judge's extra"), "penalty": _("Penalties"), "replay_penalty": _("Replay penalty"),
}
