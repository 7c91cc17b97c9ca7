"""A code worded in the active language: a role, a team, a result or a console phase by itself
(``role_words`` and the names below, for every page that shows one), or a message code with its
parameters.

The scoring core and this app's checks describe a problem or an explanation line as a code and
JSON-safe parameters (`{"fouls": 5}`, `{"named": [4, 6, 8], "blacks": 3}`). A catalogue maps each
code to a translatable template with `%(name)s` placeholders (problem_texts.py for problems,
scoring/explanation_texts.py for the standings' lines); `render` fills it with the parameters turned into
words of the page's language: a role, a result, a removal or a ruleset by its label, a list as
"4, 6, 8", the kind of a value as "a string". Nothing is parsed out of English sentences.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Ruleset

from .vocabulary import PHASE_NAMES, ROLE_LETTERS, ROLE_NAMES, TEAM_NAMES, GameResult, Removal, in_sentence, label_of


def role_name(role: str) -> str:
    """"Mafia", "Мафия"; "—" for a seat without a role."""
    return str(ROLE_NAMES[role]) if role in ROLE_NAMES else "—"


def role_letter(role: str) -> str:
    """The protocol's letter (9.4.1): К/Ш/Ч/Д, R/S/B/D."""
    return str(ROLE_LETTERS.get(role, ""))


def team_name(team: str) -> str:
    return str(TEAM_NAMES.get(team, team))


def result_name(result: str) -> str:
    return label_of(GameResult, result)


def phase_name(phase: str) -> str:
    return str(PHASE_NAMES.get(phase, phase))


def role_words() -> dict:
    """Every role, team, result and phase in words of the active language, as the pages' scripts
    get them (the judge's console, the live tables): one source, so every page says the same."""
    return {
        "role": {role: role_name(role) for role in ROLE_NAMES},
        "role_letter": {role: role_letter(role) for role in ROLE_LETTERS},
        "team": {team: team_name(team) for team in TEAM_NAMES},
        "result": {value: str(label) for value, label in GameResult.choices},
        "phase": {phase: phase_name(phase) for phase in PHASE_NAMES},
    }

# What a field of a tournament file must be (the core's kinds) and what it was.
EXPECTED_KINDS = {
    "str": gettext_lazy("a string"), "int": gettext_lazy("an integer"), "bool": gettext_lazy("true or false"),
    "list": gettext_lazy("a list"), "dict": gettext_lazy("an object"),
    "non_negative_integer": gettext_lazy("a non-negative integer"),
    "non_negative_decimal": gettext_lazy("a non-negative decimal"),
    "seat_numbers": gettext_lazy("seat numbers"), "objects": gettext_lazy("objects"),
}
GOT_KINDS = {
    "null": gettext_lazy("null"), "boolean": gettext_lazy("a boolean"), "number": gettext_lazy("a number"),
    "string": gettext_lazy("a string"), "list": gettext_lazy("a list"), "object": gettext_lazy("an object"),
}


class _Words(dict):
    def __missing__(self, key):  # a template naming a parameter the message lacks
        return "—"


def _word(key: str, value, params: dict) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if value is None:
        return "—"
    if key == "role":
        return in_sentence(ROLE_NAMES.get(value, value))
    if key == "result":
        return in_sentence(label_of(GameResult, value))
    if key == "removal":
        return in_sentence(label_of(Removal, value))
    if key == "ruleset":
        return label_of(Ruleset, value)
    if key == "expected":
        kind = str(EXPECTED_KINDS.get(value, value))
        return _("%(kind)s or null") % {"kind": kind} if params.get("nullable") else kind
    if key == "got":
        return str(GOT_KINDS.get(value, value))
    return str(value)


def words(params: dict | None) -> dict[str, str]:
    """The parameters as words of the active language, keyed as in the templates."""
    params = params or {}
    return _Words((key, _word(key, value, params)) for key, value in params.items())


def render(template, params: dict | None) -> str:
    """A catalogue template (lazy or plain) filled with the parameters, in the active language."""
    return str(template) % words(params)
