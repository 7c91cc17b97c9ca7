"""What the ratings app stores.

- `RatingSettings`: per tournament, whether it counts for the rating (a friendly game does
  not) and its category (stars 1-5, for season points). No row means rated, no category.
- `RatingState`: one row; `requested_version` is raised by every change that calls for a
  recomputation (a sign-off, an amendment, an import, a merge), `computed_version` is that of
  the newest stored snapshot. A job stores the version it read under the row's lock, and does
  nothing when a snapshot at least that new exists: a stale job never overwrites a newer result.
- `RatingSnapshot`: one computation over every rated game; `PlayerRating` each player's rating
  in it, `GameRating` each player's rating before and after each game, so every change is
  explained.
"""
from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, models, transaction
from django.db.models import Case, F, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from protocols.models import Game
from tournaments.models import Player, Tournament

STARS_MIN, STARS_MAX = 1, 5


class RatingSettings(models.Model):
    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="rating_settings", primary_key=True,
    )
    rated = models.BooleanField(
        _("counts for the rating"), default=True,
        help_text=_("Off for a friendly game: its games change nobody's rating."),
    )
    stars = models.PositiveSmallIntegerField(
        _("category (stars)"), null=True, blank=True,
        validators=[MinValueValidator(STARS_MIN), MaxValueValidator(STARS_MAX)],
        help_text=_("1 to 5 stars; the season points of a place grow with the category. Empty: no season points."),
    )

    class Meta:
        verbose_name = _("rating settings of a tournament")
        verbose_name_plural = _("rating settings of tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(stars__isnull=True) | models.Q(stars__gte=STARS_MIN, stars__lte=STARS_MAX),
                name="rating_stars_1_to_5",
            ),
        ]

    def __str__(self):
        return str(self.tournament)


class RatingState(models.Model):
    """The single row (pk 1) that versions the rating and that a job locks while it computes."""

    SINGLETON = 1

    requested_version = models.PositiveIntegerField(
        _("requested version"), default=0, help_text=_("Raised by every change that calls for a recomputation."),
    )
    computed_version = models.PositiveIntegerField(_("computed version"), default=0)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    stale_since = models.DateTimeField(_("stale since"), null=True, blank=True)
    # What an incremental update resumes from (recompute.py): the model's whole state after the
    # last rated game of the computed version, that game's place in the season's order, and a
    # fingerprint of the rated games (count, sum of protocol versions, sum of ids) that any
    # amendment, removal or earlier insertion changes. Empty: the next job recomputes in full.
    model_state = models.JSONField(_("model state"), null=True, blank=True, editable=False)
    last_key = models.JSONField(_("last rated game's place"), null=True, blank=True, editable=False)
    fingerprint = models.JSONField(_("rated games' fingerprint"), null=True, blank=True, editable=False)
    full_needed = models.BooleanField(
        _("full recomputation needed"), default=False,
        help_text=_("Set by a change that is not a sign-off (a merge, a tournament's settings or publication)."),
    )

    class Meta:
        verbose_name = _("rating state")
        verbose_name_plural = _("rating state")

    def __str__(self):
        return f"v{self.computed_version}/{self.requested_version}"

    @classmethod
    def raise_requested(cls, *, full: bool = False) -> None:
        """Raise the requested version by one (creating the row on the first request);
        `stale_since` keeps the time of the first request not computed yet. `full`: the change
        may touch games already rated, so the next job must not resume incrementally."""
        now = timezone.now()
        changes = {"full_needed": True} if full else {}
        updated = cls.objects.filter(pk=cls.SINGLETON).update(
            requested_version=F("requested_version") + 1,
            stale_since=Case(When(requested_version__lte=F("computed_version"), then=now), default=F("stale_since")),
            **changes,
        )
        if not updated:
            try:
                with transaction.atomic():
                    cls.objects.create(pk=cls.SINGLETON, requested_version=1, stale_since=now, full_needed=full)
            except IntegrityError:  # created meanwhile by another transaction
                cls.objects.filter(pk=cls.SINGLETON).update(requested_version=F("requested_version") + 1, **changes)


class RatingSnapshot(models.Model):
    version = models.PositiveIntegerField(_("version"), unique=True)
    computed_at = models.DateTimeField(_("computed at"))
    games = models.PositiveIntegerField(_("games rated"))
    players = models.PositiveIntegerField(_("players rated"))
    summary = models.JSONField(_("learned parts"), default=dict, help_text=_("Side term, red's base rate, seat weights."))

    class Meta:
        ordering = ["-version"]
        verbose_name = _("rating snapshot")
        verbose_name_plural = _("rating snapshots")

    def __str__(self):
        return f"v{self.version}"


class PlayerRating(models.Model):
    snapshot = models.ForeignKey(RatingSnapshot, verbose_name=_("snapshot"), on_delete=models.CASCADE, related_name="player_ratings")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField(_("rating"), help_text=_("Skill minus twice its uncertainty, in Elo points."))
    skill = models.FloatField(_("skill"))
    uncertainty = models.FloatField(_("uncertainty"))
    games = models.PositiveIntegerField(_("games"))
    wins = models.PositiveIntegerField(_("wins"))
    provisional = models.BooleanField(_("provisional"))

    class Meta:
        ordering = ["snapshot", "-rating"]
        verbose_name = _("player's rating")
        verbose_name_plural = _("players' ratings")
        constraints = [models.UniqueConstraint(fields=["snapshot", "player"], name="rating_once_per_snapshot")]

    def __str__(self):
        return f"{self.player_id}: {self.rating:.0f}"


class GameRating(models.Model):
    snapshot = models.ForeignKey(RatingSnapshot, verbose_name=_("snapshot"), on_delete=models.CASCADE, related_name="game_ratings")
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="game_ratings")
    p_red = models.FloatField(_("forecast: red wins"), help_text=_("From the games before this one only."))
    before = models.FloatField(_("rating before"))
    after = models.FloatField(_("rating after"))
    sigma_before = models.FloatField(_("uncertainty before"))
    sigma_after = models.FloatField(_("uncertainty after"))

    class Meta:
        ordering = ["snapshot", "game", "player"]
        verbose_name = _("rating change in a game")
        verbose_name_plural = _("rating changes in games")
        constraints = [models.UniqueConstraint(fields=["snapshot", "game", "player"], name="game_rating_once")]
        indexes = [models.Index(fields=["snapshot", "player"], name="game_rating_player")]

    def __str__(self):
        return f"{self.game_id}/{self.player_id}: {self.before:.0f} -> {self.after:.0f}"


class PlayerRecord(Player):
    """The players as the ratings' admin shows them: likely duplicates flagged, and the merge of
    two rows that are the same person (a proxy: no table of its own)."""

    class Meta:
        proxy = True
        verbose_name = _("player record")
        verbose_name_plural = _("player records (duplicates and merge)")
