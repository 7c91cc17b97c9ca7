"""A refusal of the console's engine in words: one sentence per code of engines/console/codes.py,
in the page's language, naming the refusal's parameters, with its clause of RULES.md §7.

The engine refuses with a code, its clause and plain parameters (``Refused.params``, the
``params`` of a refusal in the view's JSON); it holds no words. This is where they are worded on
the server: ``refusal_text("NOMINATE_TWICE", "7.5.2", {"by": 2, "nominee": 5})`` is "Игрок 2
уже выставил кандидатуру сегодня (7.5.2)" in Russian. Each code has one msgid, with the names of
``codes.PARAMS`` as its ``%(name)s`` parameters.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

TEXTS = {
    # the header
    "LOG_FORMAT": _("This is not a mafia-game-log/1 document with a list of events"),
    "LOG_RULESET": _("The log's ruleset must be fiim or mafclub"),
    "LOG_SETTING": _("The log's setting %(key)s is unknown or has a value it cannot take"),
    "LOG_SEATS": _("The log must seat ten different players at seats 1 to 10"),
    "LOG_ROLES": _("The roles must be 6 red, 1 sheriff, 2 black and 1 don"),
    # the events
    "EVENT_FORM": _("The event is malformed: its field %(field)s is missing, not allowed or of the wrong kind"),
    "LOG_CLOSED": _("The game is ended: only an undo can reopen it"),
    "GAME_OVER": _("The game is over: only ending it, undo or the judge's decision on the result"),
    "NEXT_NOT_NOW": _("Nothing here is ended by next: enter what the phase waits for"),
    "NEXT_SEAT": _("Player %(seat)s does not have the floor now"),
    "NOMINATE_NOT_NOW": _("Nominations are made only during the day's speeches"),
    "NOMINATE_NOT_SPEAKER": _("Player %(by)s is not the speaker: only the speaker nominates"),
    "NOMINATE_THREE_FOULS": _("Player %(by)s has 3 fouls and may not nominate"),
    "NOMINATE_TWICE": _("Player %(by)s has already nominated today"),
    "NOMINEE_NOT_IN_GAME": _("Player %(seat)s is not in the game and cannot be nominated"),
    "NOMINEE_TAKEN": _("Player %(seat)s is already nominated today"),
    "NOMINATE_SELF": _("Player %(by)s may not nominate himself"),
    "WITHDRAW_NOT_ALLOWED": _("A nomination cannot be withdrawn under these rules"),
    "WITHDRAW_NOT_NOW": _("A nomination is withdrawn only during the day's speeches"),
    "WITHDRAW_NOT_OWN": _("Player %(by)s has no nomination of player %(seat)s to withdraw in his turn"),
    "VOTE_NOT_NOW": _("No vote is running now"),
    "VOTE_ORDER": _("Player %(called)s is called now, not player %(seat)s"),
    "VOTE_COUNT": _("The votes for player %(seat)s must be from 0 to %(uncast)s, not %(count)s"),
    "VOTE_ALL_NOT_NOW": _("The question whether all leave is not put now"),
    "VOTE_ALL_COUNT": _("The votes for all leaving must be from 0 to %(voters)s, not %(for)s"),
    "SHOT_NOT_NOW": _("The mafia shoots only in the night's shooting"),
    "SHOT_NOT_BLACK": _("Player %(by)s is not a black player in the game"),
    "SHOT_TWICE": _("Player %(by)s has already shot tonight"),
    "DON_CHECK_NOT_NOW": _("The don checks only in his turn at night"),
    "SHERIFF_CHECK_NOT_NOW": _("The sheriff checks only in his turn at night"),
    "CHECK_TARGET": _("The checker cannot check his own seat %(target)s"),
    "BEST_MOVE_NO_RIGHT": _("Nobody may make the best move now"),
    "BEST_MOVE_ONCE": _("Player %(seat)s has already made or declined the best move"),
    "BEST_MOVE_SEATS": _("A best move names up to 3 different seats from 1 to 10, never player %(seat)s's own"),
    "FOUL_NOT_AT_TABLE": _("Player %(seat)s is not at the table and gets no foul"),
    "REMOVE_KIND": _("These rules have no such removal"),
    "REMOVE_NOT_AT_TABLE": _("Player %(seat)s is not at the table and cannot be disqualified"),
    "REMOVE_REASON": _("A team loss or a replay needs a reason"),
    "OVERRIDE_REASON": _("The judge's decision needs a reason"),
    "OVERRIDE_NOT_NOW": _("This decision of the judge is not possible now"),
    "UNDO_EMPTY": _("There is nothing to undo"),
    "END_NOT_OVER": _("The game is not over yet"),
    "END_RESULT": _("That is not the result the console proposes: the judge decides the result first"),
}


def refusal_text(code: str, clause: str | None, params: dict | None = None) -> str:
    """The refusal's sentence in the active language with its parameters, and its clause in
    brackets: "Player 2 has already nominated today (7.5.2)". An unknown code (a newer engine
    than this server) is said as the code itself."""
    text = TEXTS.get(code)
    sentence = str(text) % dict(params or {}) if text is not None else code
    return f"{sentence} ({clause})" if clause else sentence
