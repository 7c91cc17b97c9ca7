"""The words printed on the sheets, in the language of the export (gettext; Russian in
exports/locale). Codes of the protocol and the scoring core map to these labels here, so the
templates and the spreadsheets never spell a role or a result themselves."""
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The protocol's role letters (9.4.1): К, Ш, Ч, Д on the Russian sheet.
ROLE_LETTERS = {
    "red": pgettext_lazy("role letter", "R"),
    "sheriff": pgettext_lazy("role letter", "S"),
    "black": pgettext_lazy("role letter", "B"),
    "don": pgettext_lazy("role letter", "D"),
}
ROLES = {"red": _("Civilian"), "sheriff": _("Sheriff"), "black": _("Mafia"), "don": _("Don")}
STAGES = {"all": _("Overall"), "qualifying": _("Qualifying"), "semifinal": _("Semifinal"), "final": _("Final")}
RESULTS = {"red": _("Red team won"), "black": _("Black team won"), "draw": _("Draw"), "annulled": _("Annulled, replayed")}
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
