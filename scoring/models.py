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


class StoredJSONField(models.JSONField):
    """A JSONField kept as PostgreSQL's `json` (the text, checked valid) rather than `jsonb`.

    Nothing queries inside these values (scoring.selectors reads them whole), and turning a
    snapshot's explanations into jsonb was a third of the time PostgreSQL took to store a
    1,000-player league's snapshot (bench/standings.py). Other databases: a JSONField."""

    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def from_db_value(self, value, expression, connection):
        if value is not None and not isinstance(value, str):
            return value  # psycopg decodes `json` itself (Django has it hand jsonb over as text)
        return super().from_db_value(value, expression, connection)


class StandingsState(models.Model):
    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), primary_key=True, on_delete=models.CASCADE, related_name="standings_state",
    )
    requested_version = models.PositiveIntegerField(
        _("requested version"), default=0, help_text=_("Raised by every change that calls for a recomputation."),
    )
    computed_version = models.PositiveIntegerField(_("computed version"), default=0, help_text=_("Version of the newest stored snapshot."))
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    stale_since = models.DateTimeField(
        _("stale since"), null=True, blank=True,
        help_text=_("When the first request not yet computed was made; the sweep recomputes after a minute."),
    )

    class Meta:
        db_table = "snapshots_standingsstate"  # the app's label before it was "scoring"; the tables kept it
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
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="standings_snapshots")
    version = models.PositiveIntegerField(_("version"))
    scope = models.CharField(_("scope"), max_length=16, default=SCOPE_ALL, help_text=_("'all' or a stage kind."))
    computed_at = models.DateTimeField(_("computed at"))
    games = models.PositiveIntegerField(_("games"), default=0, help_text=_("Signed-off games scored."))
    stages = models.JSONField(_("stages"), default=list, help_text=_("Stage kinds with signed-off games, in order."))
    ruleset = models.CharField(_("ruleset"), max_length=16)
    k = models.CharField(_("K"), max_length=8, blank=True, help_text=_("Difficulty coefficient K used, or empty."))
    document = StoredJSONField(_("document"), default=dict, help_text=_("The mafia-standings/1 document."))
    game_meta = models.JSONField(
        _("games scored"), default=dict, help_text=_("Game number -> [game id, stage, result] of the scored games."),
    )

    class Meta:
        ordering = ["tournament", "-version", "scope"]
        db_table = "snapshots_standingssnapshot"  # the app's label before it was "scoring"; the tables kept it
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "version", "scope"], name="snapshot_version_scope_once"),
        ]

    def __str__(self):
        return f"{self.tournament_id} v{self.version} {self.scope}"


class PlayerStanding(models.Model):
    """One player's line of a snapshot. Club and nickname are copied so a page needs no join."""

    snapshot = models.ForeignKey(StandingsSnapshot, verbose_name=_("standings snapshot"), on_delete=models.CASCADE, related_name="rows")
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, on_delete=models.SET_NULL, related_name="+")
    place = models.PositiveIntegerField(_("place"))
    file_id = models.CharField(_("id in the tournament file"), max_length=40)
    nickname = models.CharField(_("nickname"), max_length=80)
    club = models.CharField(_("club"), max_length=120, blank=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    wins_as_don_or_sheriff = models.PositiveIntegerField(_("wins as don or sheriff"), default=0)
    first_killed = models.PositiveIntegerField(_("times first-killed"), default=0)
    main = models.DecimalField(_("main points"), max_digits=8, decimal_places=2)
    extra = models.DecimalField(_("extra points"), max_digits=8, decimal_places=2)
    total = models.DecimalField(_("total"), max_digits=8, decimal_places=2)
    tiebreak_extra = models.DecimalField(_("extra points of tiebreak 1"), max_digits=8, decimal_places=2)
    decided_by_lot = models.BooleanField(_("place decided by lot"), default=False)
    mark = models.CharField(
        _("left the tournament"), max_length=16, blank=True, default="",
        help_text=_("\"withdrawn\" or \"excluded\": the player no longer plays; their points stay in the standings."),
    )
    breakdown = models.JSONField(_("points by component"), default=dict)
    explanation = StoredJSONField(
        _("explanation"), default=list,
        help_text=_("Per game: [number, seat, role, [[component, clause, cents, code, params], ...]] (engines/scoring/explain.py)."),
    )

    class Meta:
        ordering = ["snapshot", "place"]
        db_table = "snapshots_playerstanding"  # the app's label before it was "scoring"; the tables kept it
        verbose_name = _("player standing")
        verbose_name_plural = _("player standings")
        constraints = [
            models.UniqueConstraint(fields=["snapshot", "place"], name="standing_place_once"),
        ]
        indexes = [models.Index(fields=["snapshot", "player"], name="standing_snapshot_player")]

    def __str__(self):
        return f"{self.place}. {self.nickname} {self.total}"
