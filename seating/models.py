"""What a stored seating remembers beside its games: how it was made (seed, budget, mode) so that
anyone can make it again, and the manual swaps an organiser made, so that a reseating can apply
them again."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Stage


class SeatingRecord(models.Model):
    """How the stage's seating was last generated or reseated: the same seed and budget give the
    same seating on every machine (a time limit instead depends on the machine's speed)."""

    stage = models.OneToOneField(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="seating_record")
    seed = models.PositiveBigIntegerField(_("seed"))
    iterations = models.PositiveIntegerField(_("move budget"), null=True, blank=True)
    time_limit = models.FloatField(_("time limit, seconds"), null=True, blank=True)
    balance = models.CharField(_("balance"), max_length=16, blank=True)
    clubs_apart = models.BooleanField(_("clubs kept apart"), default=False)
    # judge j of the seating is the judge with the j-th id here (chosen per stage in the form)
    judges = models.JSONField(_("judges"), default=list, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("seating record")
        verbose_name_plural = _("seating records")

    def __str__(self) -> str:
        return f"{self.stage}: seed {self.seed}"


class ManualSwap(models.Model):
    """Two players an organiser swapped in a round of a stage (in that order of choosing)."""

    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="manual_swaps")
    round_number = models.PositiveSmallIntegerField(_("round"))
    player_a = models.ForeignKey(Player, verbose_name=_("first player"), on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, verbose_name=_("second player"), on_delete=models.CASCADE, related_name="+")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("made by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("manual swap")
        verbose_name_plural = _("manual swaps")
        ordering = ["made_at", "id"]

    def __str__(self) -> str:
        return f"{self.stage}, round {self.round_number}: {self.player_a} ↔ {self.player_b}"


class SeatNotice(models.Model):
    """What a player was last told of his seats in a stage (seating/notices.py): a new seating
    that leaves his seats as they were tells him nothing again."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+")
    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="+")
    digest = models.CharField(_("digest of the seats told"), max_length=64)
    told_at = models.DateTimeField(_("told at"), auto_now=True)

    class Meta:
        verbose_name = _("seat notice")
        verbose_name_plural = _("seat notices")
        constraints = [models.UniqueConstraint(fields=["player", "stage"], name="one_seat_notice_per_player_and_stage")]

    def __str__(self) -> str:
        return f"{self.player}, {self.stage}"
