"""Stored standings: a versioned snapshot per tournament and scope (overall, or one stage),
with one row per player holding their numbers, breakdown and clause-by-clause explanation.

Public pages read these rows; only the recompute job (tasks.py → recompute.py) writes them.
`StandingsState` is the per-tournament row the job locks (SELECT ... FOR UPDATE) so that two
jobs for one tournament never interleave their writes, and whose `requested_version` says how
new a snapshot must be to be current.
"""
from django.db import IntegrityError, models, transaction
from django.db.models import Case, F, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Tournament

SCOPE_ALL = "all"


class StandingsState(models.Model):
    tournament = models.OneToOneField(Tournament, primary_key=True, on_delete=models.CASCADE, related_name="standings_state")
    requested_version = models.PositiveIntegerField(default=0, help_text="Raised by every change that calls for a recomputation.")
    computed_version = models.PositiveIntegerField(default=0, help_text="Version of the newest stored snapshot.")
    computed_at = models.DateTimeField(null=True, blank=True)
    stale_since = models.DateTimeField(
        null=True, blank=True, help_text=_("When the first request not yet computed was made; the sweep recomputes after a minute."),
    )

    class Meta:
        verbose_name = _("standings state")
        verbose_name_plural = _("standings states")

    def __str__(self):
        return f"{self.tournament_id}: v{self.computed_version}/{self.requested_version}"

    @classmethod
    def raise_requested(cls, tournament_id: int) -> None:
        """Raise the tournament's requested version by one, creating its row on the first request;
        `stale_since` keeps the time of the first request that is not computed yet."""
        now = timezone.now()
        raised = dict(
            requested_version=F("requested_version") + 1,
            stale_since=Case(When(requested_version__lte=F("computed_version"), then=now), default=F("stale_since")),
        )
        if cls.objects.filter(tournament_id=tournament_id).update(**raised):
            return
        try:
            with transaction.atomic():  # savepoint: a concurrent creator must not break the caller's transaction
                cls.objects.create(tournament_id=tournament_id, requested_version=1, stale_since=now)
        except IntegrityError:
            cls.objects.filter(tournament_id=tournament_id).update(**raised)


class StandingsSnapshot(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings_snapshots")
    version = models.PositiveIntegerField()
    scope = models.CharField(max_length=16, default=SCOPE_ALL, help_text="'all' or a stage kind.")
    computed_at = models.DateTimeField()
    games = models.PositiveIntegerField(default=0, help_text="Signed-off games scored.")
    stages = models.JSONField(default=list, help_text="Stage kinds with signed-off games, in order.")
    ruleset = models.CharField(max_length=16)
    k = models.CharField(max_length=8, blank=True, help_text="Difficulty coefficient K used, or empty.")
    document = models.JSONField(default=dict, help_text="The mafia-standings/1 document.")
    game_meta = models.JSONField(default=dict, help_text="Game number -> [game id, stage, result] of the scored games.")

    class Meta:
        ordering = ["tournament", "-version", "scope"]
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "version", "scope"], name="snapshot_version_scope_once"),
        ]

    def __str__(self):
        return f"{self.tournament_id} v{self.version} {self.scope}"


class PlayerStanding(models.Model):
    """One player's line of a snapshot. Club and nickname are copied so a page needs no join."""

    snapshot = models.ForeignKey(StandingsSnapshot, on_delete=models.CASCADE, related_name="rows")
    player = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="+")
    place = models.PositiveIntegerField()
    file_id = models.CharField(max_length=40)
    nickname = models.CharField(max_length=80)
    club = models.CharField(max_length=120, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    wins_as_don_or_sheriff = models.PositiveIntegerField(default=0)
    first_killed = models.PositiveIntegerField(default=0)
    main = models.DecimalField(max_digits=8, decimal_places=2)
    extra = models.DecimalField(max_digits=8, decimal_places=2)
    total = models.DecimalField(max_digits=8, decimal_places=2)
    tiebreak_extra = models.DecimalField(max_digits=8, decimal_places=2)
    decided_by_lot = models.BooleanField(default=False)
    breakdown = models.JSONField(default=dict)
    explanation = models.JSONField(
        default=list, help_text="Per game: [number, seat, role, [[component, clause, cents, note], ...]] (explain.py).",
    )

    class Meta:
        ordering = ["snapshot", "place"]
        verbose_name = _("player standing")
        verbose_name_plural = _("player standings")
        constraints = [
            models.UniqueConstraint(fields=["snapshot", "place"], name="standing_place_once"),
        ]
        indexes = [models.Index(fields=["snapshot", "player"], name="standing_snapshot_player")]

    def __str__(self):
        return f"{self.place}. {self.nickname} {self.total}"
