"""The tournament's words, defined once: the stages, their playing order and their names.

The stored values are the scoring core's (`engines.scoring.model.STAGES`); this app may not import the
core, so tests/tournaments/test_vocabulary.py holds the two equal.
"""
from django.db import models
from django.utils.translation import gettext_lazy as _


class StageKind(models.TextChoices):
    """In playing order."""

    QUALIFYING = "qualifying", _("Qualifying")
    SEMIFINAL = "semifinal", _("Semifinal")
    FINAL = "final", _("Final")


# Playing order; also the `Stage.order` a stage of that kind gets when a tournament file is imported.
STAGE_ORDER = {kind: position for position, kind in enumerate(StageKind, start=1)}


def stage_position(kind: str) -> int:
    """A stage kind's place in playing order (an unknown kind comes last)."""
    return STAGE_ORDER.get(kind, len(STAGE_ORDER) + 1)
