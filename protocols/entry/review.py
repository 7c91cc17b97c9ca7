"""Every problem of an entry at once, in two kinds: errors, which stop the action the judge asked
for, and warnings, which a draft may still carry but a sign-off may not.

The entry page shows both together, each beside its field, so a judge never learns of a problem
only after fixing another: a draft save reports the values the form could not take and what every
save needs as errors, and what the sign-off will refuse (roles, the day record against the result,
a 4th foul without a removal...) as warnings; a sign-off or an amendment reports all of it as
errors. The services check again when they store; this only decides what the judge sees first.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engines.scoring.problems import Problem

from ..models import GameStatus, ProtocolVersion
from .model import ProtocolEntry
from .rules import check_entry, shape_problems


@dataclass
class Review:
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def was_imported(game) -> bool:
    """Was the game's protocol imported from a tournament file (and so may lack a day record)?"""
    return ProtocolVersion.objects.filter(game=game, action="import").exists()


def review_entry(*, entry: ProtocolEntry, game, stored: ProtocolEntry, form_problems: list[Problem],
                 signing: bool, reason: str = "") -> Review:
    """The problems of the judge's `entry` for `game`: `form_problems` (values the form could not
    take; their fields are left out of the checks, which would only repeat them as missing), then
    the checks. `signing` (or a signed-off game) makes every check an error."""
    complete = signing or game.is_signed_off
    taken = {(p.seat, p.field) for p in form_problems}
    imported = was_imported(game)
    checked = [p for p in check_entry(entry, game, complete=True, stored=stored, imported=imported)
               if (p.seat, p.field) not in taken]
    if complete:
        errors = [*form_problems, *checked]
        if game.is_signed_off and not reason.strip():
            errors.append(Problem(None, None, "reason", "amendment_without_reason"))
        return Review(errors=errors)
    every_save = {_key(p) for p in shape_problems(entry, game, stored=stored)}
    return Review(errors=[*form_problems, *(p for p in checked if _key(p) in every_save)],
                  warnings=[p for p in checked if _key(p) not in every_save])


def draft_warnings(*, entry: ProtocolEntry, game) -> list[Problem]:
    """What the sign-off would refuse in a saved draft, for the page that opens it. A game nobody
    has saved yet shows none: an empty protocol is not the judge's mistake."""
    if game.status != GameStatus.IN_PLAY:
        return []
    return review_entry(entry=entry, game=game, stored=entry, form_problems=[], signing=False).warnings


def _key(p: Problem) -> tuple:
    return (p.seat, p.field, p.code, repr(sorted((p.params or {}).items())))
