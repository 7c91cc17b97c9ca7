"""Game protocols (RULES.md §2, regulation section 9): a game, its ten seats, the day/night
record, penalties and protests. Every change is kept by django-simple-history with who, when and
why; `Game.version` is the optimistic lock that stops a stale page from overwriting a newer save.
"""
from decimal import Decimal

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from engines.scoring.bounds import REASON_MAX
from tournaments.models import Judge, Player, Round, Stage, Table, Tournament

from .vocabulary import (
    GameResult,
    GameStatus,
    LeftHow,
    PenaltyClause,
    ProtestPoint,
    ProtestStatus,
    Removal,
    ResultKind,
    Role,
)


class Game(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="games")
    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="games")
    round = models.ForeignKey(Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="games")
    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.RESTRICT, related_name="games")
    number = models.PositiveIntegerField(_("game number"), help_text=_("Number of the game in the tournament."))
    code = models.CharField(
        _("id in the tournament file"), max_length=40, blank=True,
        help_text=_("The game's id in mafia-tournament/1 files; empty: derived from stage, round and table."),
    )
    judge = models.ForeignKey(Judge, verbose_name=_("judge"), null=True, blank=True, on_delete=models.SET_NULL, related_name="games")
    played_on = models.DateField(_("date"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=GameStatus.choices, default=GameStatus.SCHEDULED)
    result = models.CharField(_("result"), max_length=16, choices=GameResult.choices, blank=True)
    result_kind = models.CharField(_("how it ended"), max_length=16, choices=ResultKind.choices, default=ResultKind.NORMAL)
    awarded_reason = models.TextField(_("reason the loss was awarded"), max_length=REASON_MAX, blank=True)
    replay_of = models.OneToOneField(
        "self", verbose_name=_("replay of"), null=True, blank=True, on_delete=models.RESTRICT, related_name="replay",
        help_text=_("The annulled game this game replays (mafclub, 003 item 10)."),
    )
    # Лучший ход / Prima Nota: the first-killed seat and up to three named seats; no seat = a miss.
    first_killed_seat = models.PositiveSmallIntegerField(
        _("first-killed seat"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(10)],
    )
    best_move = models.JSONField(_("best move: named seats"), default=list, blank=True)
    signed_off_at = models.DateTimeField(_("signed off at"), null=True, blank=True)
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("signed off by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    version = models.PositiveIntegerField(_("version"), default=1, help_text=_("Raised on every save of the protocol."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["tournament", "stage__order", "round__number", "table__number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="game_number_unique"),
            # A replay (mafclub) is played at the same table in the same round as the annulled game.
            models.UniqueConstraint(fields=["round", "table"], condition=Q(replay_of__isnull=True), name="one_game_per_table_and_round"),
            models.UniqueConstraint(fields=["tournament", "code"], condition=~Q(code=""), name="game_code_unique"),
            models.CheckConstraint(
                condition=Q(first_killed_seat__isnull=True) | Q(first_killed_seat__gte=1, first_killed_seat__lte=10),
                name="first_killed_seat_in_range",
            ),
            models.CheckConstraint(
                condition=~Q(status="signed_off") | ~Q(result=""), name="signed_off_game_has_result",
            ),
        ]

    def __str__(self):
        return f"{_('Game')} {self.number}"

    @property
    def is_signed_off(self) -> bool:
        return self.status == GameStatus.SIGNED_OFF


class Seat(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"), validators=[MinValueValidator(1), MaxValueValidator(10)])
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats")
    role = models.CharField(_("role"), max_length=8, choices=Role.choices, blank=True)
    fouls = models.PositiveSmallIntegerField(_("fouls"), default=0, validators=[MaxValueValidator(4)])
    removed = models.CharField(_("removed"), max_length=24, choices=Removal.choices, blank=True)
    left_how = models.CharField(_("left the game"), max_length=8, choices=LeftHow.choices, blank=True)
    left_on = models.PositiveSmallIntegerField(_("on day/night"), null=True, blank=True)
    extra = models.DecimalField(_("extra points"), max_digits=3, decimal_places=2, default=Decimal("0"))
    extra_reason = models.TextField(_("reason for the extra points"), max_length=REASON_MAX, blank=True)
    extra_approved = models.BooleanField(_("extra above 0.5 approved by the chief judge"), default=False)
    gross_violation = models.BooleanField(_("caused the annulment (gross violation)"), default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_once_per_game"),
            models.UniqueConstraint(fields=["game", "player"], name="player_once_per_game"),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=10), name="seat_number_1_to_10"),
            models.CheckConstraint(condition=Q(fouls__gte=0, fouls__lte=4), name="fouls_0_to_4"),
            models.CheckConstraint(condition=Q(extra__gte=0), name="extra_not_negative"),
            models.CheckConstraint(condition=~Q(removed="fourth_foul") | Q(fouls=4), name="fourth_foul_removal_needs_4_fouls"),
        ]

    def __str__(self):
        return f"{self.game}, {_('seat')} {self.number}: {self.player}"


class SeatPenalty(models.Model):
    """A −0.4 penalty of 8.5 with its clause and the judge's written reason (9.10)."""

    seat = models.ForeignKey(Seat, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="penalties")
    clause = models.CharField(_("clause"), max_length=8, choices=PenaltyClause.choices)
    reason = models.TextField(_("reason"), max_length=REASON_MAX)
    history = HistoricalRecords()

    class Meta:
        ordering = ["seat", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self):
        return f"{self.clause}: {self.seat}"


class Nomination(models.Model):
    """Day N: the speaker at `by_seat` nominated `nominee_seat` (withdrawn: "Отзываю")."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="nominations")
    day = models.PositiveSmallIntegerField(_("day"), validators=[MinValueValidator(1)])
    by_seat = models.PositiveSmallIntegerField(_("nominated by seat"), validators=[MinValueValidator(1), MaxValueValidator(10)])
    nominee_seat = models.PositiveSmallIntegerField(_("nominee seat"), validators=[MinValueValidator(1), MaxValueValidator(10)])
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "day", "id"]
        verbose_name = _("nomination")
        verbose_name_plural = _("nominations")
        constraints = [
            models.UniqueConstraint(fields=["game", "day", "by_seat"], name="one_nomination_per_speaker_per_day"),
        ]

    def __str__(self):
        return f"{_('day')} {self.day}: {self.by_seat} → {self.nominee_seat}"


class VoteCount(models.Model):
    """Votes cast on day N: ballot 1 is the vote, 2 the revote after a tie, 3 "do all tied leave?"
    (nominee_seat empty, `votes` = those for leaving)."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="votes")
    day = models.PositiveSmallIntegerField(_("day"), validators=[MinValueValidator(1)])
    ballot = models.PositiveSmallIntegerField(_("ballot"), default=1, validators=[MinValueValidator(1), MaxValueValidator(3)])
    nominee_seat = models.PositiveSmallIntegerField(_("nominee seat"), null=True, blank=True)
    votes = models.PositiveSmallIntegerField(_("votes"), validators=[MaxValueValidator(10)])
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "day", "ballot", "nominee_seat"]
        verbose_name = _("vote count")
        verbose_name_plural = _("vote counts")
        constraints = [
            models.UniqueConstraint(fields=["game", "day", "ballot", "nominee_seat"], name="one_count_per_nominee_and_ballot"),
        ]

    def __str__(self):
        return f"{_('day')} {self.day}, {_('ballot')} {self.ballot}: {self.nominee_seat or '—'} × {self.votes}"


class Protest(models.Model):
    """A protest of 8.9 / 003 item 7, filed within 10 minutes of the game's end (its sign-off);
    later only when the chief judge accepts it with a reason. The decision is written on the
    protocol (9.10) and changes only by a new decision with a reason."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="protests")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="protests")
    point = models.CharField(_("point protested"), max_length=16, choices=ProtestPoint.choices, default=ProtestPoint.OTHER)
    seat = models.PositiveSmallIntegerField(
        _("seat concerned"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(10)],
    )
    text = models.TextField(_("protest"))
    filed_at = models.DateTimeField(_("filed at"), auto_now_add=True)
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("filed by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    late_reason = models.TextField(
        _("why it was accepted late"), blank=True,
        help_text=_("The chief judge's reason for accepting a protest after the ten minutes."),
    )
    status = models.CharField(_("status"), max_length=16, choices=ProtestStatus.choices, default=ProtestStatus.PENDING)
    decision = models.TextField(_("decision"), blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("decided by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-filed_at"]
        verbose_name = _("protest")
        verbose_name_plural = _("protests")

    def __str__(self):
        return f"{self.game}: {self.player}"


class ProtocolVersion(models.Model):
    """One saved version of a protocol: the whole protocol as data, with who, when and why.

    simple-history keeps every row's history too; this table keeps the protocol as one document
    per save, so that the page can show "what changed" between any two versions and a conflict
    can show the other person's change."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField(_("version"))
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("saved by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    saved_at = models.DateTimeField(_("saved at"), auto_now_add=True)
    action = models.CharField(_("action"), max_length=16)
    reason = models.TextField(_("reason"), blank=True)
    data = models.JSONField(_("protocol"))

    class Meta:
        ordering = ["game", "-version"]
        verbose_name = _("protocol version")
        verbose_name_plural = _("protocol versions")
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="protocol_version_once"),
        ]

    def __str__(self):
        return f"{self.game} v{self.version}"


class FileImportStatus(models.TextChoices):
    PENDING = "pending", _("Waiting")
    RUNNING = "running", _("In progress")
    DONE = "done", _("Imported")
    FAILED = "failed", _("Failed")


class FileImportJob(models.Model):
    """A tournament file imported by a background job (import_jobs.py): a file of many games takes
    longer than a web request may. The document was checked when it was received; the job checks
    it again, imports it in one transaction and records the result or every problem."""

    document = models.JSONField(_("file"), encoder=DjangoJSONEncoder)
    slug = models.CharField(_("slug"), max_length=80, blank=True, help_text=_("The new tournament's slug."))
    into = models.ForeignKey(Tournament, verbose_name=_("into tournament"), null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+", help_text=_("The tournament the file updates; empty: a new one."))
    status = models.CharField(_("status"), max_length=16, choices=FileImportStatus.choices, default=FileImportStatus.PENDING)
    done = models.PositiveIntegerField(_("done"), default=0, help_text=_("Games imported so far."))
    total = models.PositiveIntegerField(_("of"), default=0, help_text=_("Games in the file."))
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created = models.BooleanField(_("created"), default=False)
    problems = models.JSONField(_("problems"), default=list, blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("requested by"), null=True, blank=True,
                                     on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament file import")
        verbose_name_plural = _("tournament file imports")

    def __str__(self):
        return f"{self._meta.verbose_name} {self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status in (FileImportStatus.DONE, FileImportStatus.FAILED)


class ForeignPerson(models.Model):
    """A person of another platform's game records (protocols/foreign) and the player he is here:
    once the history import has said who he is, every later import says the same, whatever his
    name then matches."""

    key = models.CharField(_("person on the platform"), max_length=200, unique=True)  # "mafiaratings:1147", "polemica-name:…"
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="foreign_people")
    made_for_him = models.BooleanField(_("player made for him"), default=False)  # by an import, not matched to one of ours

    class Meta:
        verbose_name = _("person of another platform")
        verbose_name_plural = _("people of other platforms")

    def __str__(self):
        return self.key
