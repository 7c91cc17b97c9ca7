"""The tournament domain: who plays, where, in which stage and round, under which judge.

Game protocols (games, seats, penalties, protests) live in `protocols`.
"""
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .action_types import action_type
from .vocabulary import StageKind

# The bounds of engines/scoring/bounds.py that this app's settings use (this app may not import the
# scoring core; tests/tournaments/test_input_bounds.py holds the two equal). docs/input-bounds.md.
PARTICIPANTS_MAX = 30_000
GAMES_BEFORE_FINAL_MAX = 1000
BEST_MOVE_MAX = Decimal("1.00")


class Club(models.Model):
    # "name" has its context: django.contrib.auth's catalogue comes first and words it «имя»
    name = models.CharField(pgettext_lazy("the name of a thing", "name"), max_length=120, unique=True)
    city = models.CharField(_("city"), max_length=120, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name


class Player(models.Model):
    nickname = models.CharField(_("nickname"), max_length=80, unique=True)
    real_name = models.CharField(_("real name"), max_length=160, blank=True)
    club = models.ForeignKey(Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    city = models.CharField(_("city"), max_length=120, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True, on_delete=models.SET_NULL, related_name="player",
        help_text=_("The account the player logs in with to file a protest on a game they played."),
    )

    class Meta:
        ordering = ["nickname"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.nickname


class Judge(models.Model):
    """A judge (ведущий/судья). Linked to a user account so that they can sign protocols in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True, on_delete=models.SET_NULL, related_name="judge",
        help_text=_("The account the judge signs protocols in with; a judge imported from a file may have none yet."),
    )
    name = models.CharField(pgettext_lazy("a person's name", "name"), max_length=160)

    class Meta:
        ordering = ["name"]
        verbose_name = _("judge")
        verbose_name_plural = _("judges")

    def __str__(self):
        return self.name


class Ruleset(models.TextChoices):
    FIIM = "fiim", _("FIIM regulation (section 8)")
    MAFCLUB = "mafclub", _("MafClub 2022 changes")


class Language(models.TextChoices):
    RUSSIAN = "ru", "Русский"
    ENGLISH = "en", "English"


class Publication(models.TextChoices):
    """Who sees the tournament's public pages: nobody but its organisers while it is a draft."""

    DRAFT = "draft", _("draft (not public)")
    PUBLISHED = "published", _("published")
    FINISHED = "finished", _("finished")


class Tournament(models.Model):
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    name = models.CharField(pgettext_lazy("the name of a thing", "name"), max_length=200)
    city = models.CharField(_("city"), max_length=120, blank=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    ruleset = models.CharField(_("ruleset"), max_length=16, choices=Ruleset.choices, default=Ruleset.FIIM)
    # RULES.md §7.1.3: the settings of the games that differ from the ruleset's preset, as a
    # console log's header carries them (tournaments/game_rules.py reads and words them).
    game_settings = models.JSONField(
        _("rules of play changed from the preset"), default=dict, blank=True,
        help_text=_("Set on the tournament's page, field by field; fixed once a game has started."),
    )
    games_before_final = models.PositiveSmallIntegerField(
        _("games before the final"), null=True, blank=True, default=None,
        validators=[MinValueValidator(1), MaxValueValidator(GAMES_BEFORE_FINAL_MAX)],
        help_text=_("Games each player plays before the final; Ci's N is 40 per cent of it (8.6). "
                    "Empty: counted from the qualifying and semifinal rounds of the stage plan."),
    )
    lot_seed = models.CharField(_("lot seed"), max_length=120, help_text=_("Seed of the reproducible lot (tiebreak 8.8.5)."))
    chief_judge = models.ForeignKey(
        Judge, verbose_name=_("chief judge"), null=True, blank=True, on_delete=models.SET_NULL, related_name="chief_of",
    )
    judges = models.ManyToManyField(Judge, verbose_name=_("judges"), through="TournamentJudge", related_name="tournaments", blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), related_name="organised_tournaments", blank=True,
        help_text=_("Who runs this tournament: its setup, registrations, seating and exports."),
    )
    appeals = models.ManyToManyField(
        Judge, verbose_name=_("appeals commission"), related_name="appeals_of", blank=True,
        help_text=_("Judges who may decide protests besides the chief judge, never on a game they judged (8.9, 003 item 7)."),
    )
    participants_override = models.PositiveSmallIntegerField(
        _("participants (override)"), null=True, blank=True, validators=[MaxValueValidator(PARTICIPANTS_MAX)],
        help_text=_("Number of participants for the K rule; empty means the players registered at the start "
                    "(substitutes for withdrawn players do not count)."),
    )
    # Settings that RULES.md marks "setting".
    k_applies = models.BooleanField(_("difficulty coefficient K applies"), default=True)
    k_max_participants = models.PositiveSmallIntegerField(
        _("K applies up to this many participants"), default=20, validators=[MaxValueValidator(PARTICIPANTS_MAX)],
    )
    best_move_three = models.DecimalField(
        _("best move: three blacks named"), max_digits=4, decimal_places=2, default=Decimal("0.40"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(BEST_MOVE_MAX)],
    )
    best_move_two = models.DecimalField(
        _("best move: two blacks named"), max_digits=4, decimal_places=2, default=Decimal("0.25"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(BEST_MOVE_MAX)],
    )
    fourth_foul_removal_counts = models.BooleanField(_("a 4th-foul removal costs 0.5 (8.2.4)"), default=True)
    standings_public = models.BooleanField(_("standings are public"), default=True)
    award_min_share = models.DecimalField(
        _("games in a role a nominee needs"), max_digits=3, decimal_places=2, default=Decimal("0.50"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("1"))],
        help_text=_("As a share of what a fair deal gives: 0.5 with 10 games asks for 3 games as red and 1 as sheriff, "
                    "black or don to be nominated best in that role."),
    )
    # The stream overlay (/t/<slug>/tables/<n>/overlay/): the public view live, and, only when the
    # organiser switches it on, the roles, shots and checks of what happened at least this long ago.
    overlay_reveal = models.BooleanField(
        _("the stream overlay shows roles, shots and checks after a delay"), default=False,
        help_text=_("Off: the overlay shows what the hall sees. On: it also shows the roles, the night's shots and "
                    "checks as they were the delay ago, never sooner."),
    )
    overlay_delay_minutes = models.PositiveSmallIntegerField(
        _("the overlay's delay in minutes"), default=3, validators=[MinValueValidator(3), MaxValueValidator(240)],
        help_text=_("At least 3 minutes: what a player at the table could still learn from the stream."),
    )
    publication = models.CharField(
        _("status"), max_length=16, choices=Publication.choices, default=Publication.PUBLISHED,
        help_text=_("A draft is seen only by its organisers (with a preview banner); published and finished ones by everyone."),
    )
    language = models.CharField(
        _("language of the printed sheets"), max_length=2, choices=Language.choices, default=Language.RUSSIAN,
        help_text=_("Protocol sheets, standings and seating are printed and exported in this language."),
    )
    # A team tournament (docs/teams.md): the team standings sum the members' totals.
    team_size = models.PositiveSmallIntegerField(
        _("players in a team"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("Empty: not a team tournament. Set: teams of at most this many players, and team standings."),
    )
    team_best = models.PositiveSmallIntegerField(
        _("members counted in a team's total"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("Empty: every member's total counts. N: the team's N best members by their own standings."),
    )
    # Sign-up from the site and check-in on the day (tournaments/signups.py, docs/signup.md).
    signup_opens_at = models.DateTimeField(
        _("sign-up opens"), null=True, blank=True,
        help_text=_("Empty: players do not sign up on the site (the organisers register them)."),
    )
    signup_closes_at = models.DateTimeField(_("sign-up closes"), null=True, blank=True)
    capacity = models.PositiveSmallIntegerField(
        _("places"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(PARTICIPANTS_MAX)],
        help_text=_("Registered players at most; beyond it, a waitlist in order of sign-up. Empty: no limit."),
    )
    signup_approval = models.BooleanField(
        _("the organisers approve each sign-up"), default=False,
        help_text=_("Off: a sign-up within the places is registered at once."),
    )
    fee = models.CharField(_("entry fee"), max_length=60, blank=True, help_text=_("As players should read it, e.g. 1500 ₽."))
    checkin_opens_at = models.DateTimeField(
        _("check-in opens"), null=True, blank=True,
        help_text=_("Empty: no check-in. Set: the seating takes only the players checked in."),
    )
    checkin_closes_at = models.DateTimeField(_("check-in closes"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(end_date__gte=models.F("start_date")), name="tournament_dates_in_order"),
        ]

    def __str__(self):
        return self.name

    @property
    def uses_check_in(self) -> bool:
        return self.checkin_opens_at is not None

    def _clean_windows(self):
        for opens, closes in (("signup_opens_at", "signup_closes_at"), ("checkin_opens_at", "checkin_closes_at")):
            start, end = getattr(self, opens), getattr(self, closes)
            if end is not None and start is None:
                raise ValidationError({opens: _("Set when it opens too.")})
            if start is not None and end is not None and end <= start:
                raise ValidationError({closes: _("It closes after it opens.")})

    def clean(self):
        """RULES.md §3: the participants are never fewer than the players seated in its games, so
        an override below that count is refused, naming the field. RULES.md §7.1.3: the ruleset
        and the rules of play are what the engine takes, and change no more once a game started."""
        super().clean()
        self._clean_windows()
        self._clean_rules_of_play()
        from .participants import seated_players  # local: that module reads this one

        if self.participants_override is None:
            return
        seated = seated_players(self)
        if self.participants_override < seated:
            raise ValidationError({"participants_override": _(
                "Players already seated in this tournament's games: %(seated)s. The participants are never "
                "fewer (RULES.md §3).") % {"seated": seated}})

    def _clean_rules_of_play(self):
        from .game_rules import InvalidGameSettings, effective, game_started  # local: that module reads this one

        try:
            effective(self.ruleset, self.game_settings)
        except InvalidGameSettings:
            raise ValidationError({NON_FIELD_ERRORS: _(
                "Rules of play: these settings are not ones the console takes (RULES.md §7.1.3).")}) from None
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).values("ruleset", "game_settings").first()
        if stored is None or (stored["ruleset"], stored["game_settings"]) == (self.ruleset, self.game_settings):
            return
        if game_started(self):
            # the rules of play are many fields of the form, so their refusal is the form's own
            field = "ruleset" if stored["ruleset"] != self.ruleset else NON_FIELD_ERRORS
            raise ValidationError({field: _(
                "Ruleset and rules of play: a game of this tournament has started, so they no longer change "
                "(each game's log keeps the rules it started with, RULES.md §7.16.3).")})

    @property
    def participants(self) -> int:
        """Participants for K (8.7), as tournaments/participants.py counts them."""
        from .participants import participants_for_k  # local: that module reads this one

        return participants_for_k(self)

    @property
    def is_public(self) -> bool:
        return self.publication != Publication.DRAFT


class TournamentJudge(models.Model):
    """A judge of the tournament; `order` makes judge j of the seating the j-th judge."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="judge_links")
    judge = models.ForeignKey(
        Judge, verbose_name=_("judge"), on_delete=models.CASCADE, related_name="tournament_links",
        help_text=_("Judges are created first, under Judges (each with the account he signs protocols in with); "
                    "then chosen here. The seating needs them: table judge j is the judge of order j."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("tournament judge")
        verbose_name_plural = _("tournament judges")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "judge"], name="judge_once_per_tournament"),
        ]

    def __str__(self):
        return f"{self.order}. {self.judge}"


class Team(models.Model):
    """A team of a team tournament (Tournament.team_size): its members are the registrations
    that name it."""

    tournament = models.ForeignKey("Tournament", verbose_name=_("tournament"), on_delete=models.CASCADE,
                                   related_name="teams")
    name = models.CharField(pgettext_lazy("the name of a thing", "name"), max_length=120)

    class Meta:
        ordering = ["tournament", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_name_once_per_tournament")]

    def __str__(self):
        return self.name

    @property
    def file_id(self) -> str:
        """The team's id in a tournament file ("teams"): also what the lot of 8.8.5 reads."""
        return f"t{self.pk}"


class Registration(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="registrations")
    number = models.PositiveSmallIntegerField(_("number"), null=True, blank=True, help_text=_("Player number in the seating draw."))
    code = models.CharField(
        _("id in the tournament file"), max_length=40, blank=True,
        help_text=_("The player's id in mafia-tournament/1 files; it also seeds the lot. "
                    "Empty: p and the player's number in the database, e.g. p17."),
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    substitute = models.BooleanField(
        _("substitute"), default=False,
        help_text=_("Joined after the start in place of a withdrawn player; not counted as a participant for K (8.7)."),
    )
    excluded = models.BooleanField(
        _("excluded"), default=False,
        help_text=_("Excluded from the rest of the tournament (a red card for a second replay, mafclub 003 item 10)."),
    )
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)
    paid = models.BooleanField(_("fee paid"), default=False)
    team = models.ForeignKey(Team, verbose_name=_("team"), null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="members")

    class Meta:
        ordering = ["number", "player__nickname"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="player_registered_once"),
            models.UniqueConstraint(fields=["tournament", "number"], name="registration_number_unique"),
            models.UniqueConstraint(fields=["tournament", "code"], condition=~Q(code=""), name="registration_code_unique"),
        ]

    def __str__(self):
        return f"{self.player} @ {self.tournament}"

    def clean(self):
        super().clean()
        if self.team_id is None or not self.tournament_id:
            return
        if self.team.tournament_id != self.tournament_id:
            raise ValidationError({"team": _("This team is another tournament's.")})
        size = self.tournament.team_size
        if size is None:
            raise ValidationError({"team": _("This tournament has no teams (set its players in a team first).")})
        others = Registration.objects.filter(team_id=self.team_id).exclude(pk=self.pk).count()
        if others >= size:
            raise ValidationError({"team": _("The team has %(size)s players already.") % {"size": size}})

    @property
    def file_id(self) -> str:
        return self.code or f"p{self.player_id}"


class Stage(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="stages")
    kind = models.CharField(_("kind"), max_length=16, choices=StageKind.choices)
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    standings_hidden = models.BooleanField(
        _("standings hidden until revealed"), default=False,
        help_text=_("The public sees the standings as they were before this stage (its games' results and points "
                    "too) until you untick this; the judges, the chief judge and the organisers still see everything."),
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="stage_kind_once"),
            models.UniqueConstraint(fields=["tournament", "order"], name="stage_order_unique"),
        ]

    def __str__(self):
        return f"{self.tournament}: {self.get_kind_display()}"


class SignUpStatus(models.TextChoices):
    PENDING = "pending", _("awaiting the organisers")
    WAITLISTED = "waitlisted", _("on the waitlist")
    CONFIRMED = "confirmed", _("registered")
    WITHDRAWN = "withdrawn", _("withdrawn")
    DECLINED = "declined", _("declined")


class SignUp(models.Model):
    """A player's sign-up from the site (tournaments/signups.py): what he gave, where it stands, and
    the Registration it became once confirmed. A nickname that looks like a stored player's without
    being his account's waits for the organisers (`look_alike`): never a silent merge."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE,
                                   related_name="signups")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("account"), on_delete=models.CASCADE,
                             related_name="signups")
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, blank=True, on_delete=models.PROTECT,
                               related_name="signups", help_text=_("Empty while the organisers decide who he is."))
    look_alike = models.ForeignKey(
        Player, verbose_name=_("stored player with that nickname"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", help_text=_("Approving the sign-up makes the account this player's; decline it if he is "
                                      "someone else (he signs up again with another nickname)."),
    )
    nickname = models.CharField(_("nickname"), max_length=80)
    real_name = models.CharField(_("real name"), max_length=160, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    city = models.CharField(_("city"), max_length=120, blank=True)
    team_name = models.CharField(_("team"), max_length=120, blank=True, help_text=_("A team tournament's team he plays for."))
    status = models.CharField(_("status"), max_length=16, choices=SignUpStatus.choices, default=SignUpStatus.PENDING)
    created_at = models.DateTimeField(_("signed up at"), default=timezone.now)
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now)

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="signup_once_per_account"),
        ]

    def __str__(self):
        return f"{self.nickname} @ {self.tournament}"


class PushSubscription(models.Model):
    """A browser that asked for web push for its user (tournaments/web_push.py): where its push
    service takes messages, and the keys they are encrypted with for it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("account"), on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    endpoint = models.URLField(_("push address"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self):
        return f"{self.user} @ {self.endpoint[:40]}"


class HandAward(models.Model):
    """An award the organisers name by hand (the audience's choice, the best debut, ...), shown and
    printed beside the nominations computed from the protocols (scoring/awards.py)."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE,
                                   related_name="hand_awards")
    title = models.CharField(_("award"), max_length=120)
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="hand_awards")
    order = models.PositiveSmallIntegerField(_("order"), default=1)

    class Meta:
        ordering = ["tournament", "order", "id"]
        verbose_name = _("organisers' award")
        verbose_name_plural = _("organisers' awards")

    def __str__(self):
        return f"{self.title}: {self.player}"

    def clean(self):
        super().clean()
        if self.tournament_id and self.player_id and not Registration.objects.filter(
                tournament_id=self.tournament_id, player_id=self.player_id).exists():
            raise ValidationError({"player": _("This player is not registered in the tournament.")})


class Round(models.Model):
    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)

    class Meta:
        ordering = ["stage__order", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return f"{self.stage.get_kind_display()}, {_('round')} {self.number}"


class Table(models.Model):
    """A physical table of the tournament hall."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    name = models.CharField(pgettext_lazy("the name of a thing", "name"), max_length=80, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self):
        return self.name or f"{_('Table')} {self.number}"


class ActionLog(models.Model):
    """One decision, approval, amendment, sign-off or seating change: who, when, what and why.

    Written by the services that make the change (pretix's log_action), never edited; the
    object is named by its content type and id, and by its label as it was at the time."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="actions")
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("who"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    # a code of a type some app registered (tournaments/action_types.py); shown by its label
    action = models.CharField(_("action"), max_length=32)
    object_type = models.ForeignKey(
        "contenttypes.ContentType", verbose_name=_("object type"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    object_id = models.PositiveBigIntegerField(_("object id"), null=True, blank=True)
    object_label = models.CharField(_("object"), max_length=200, blank=True)
    reason = models.TextField(_("why"), blank=True)
    data = models.JSONField(_("what"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("action log entry")
        verbose_name_plural = _("action log")
        indexes = [
            models.Index(fields=["tournament", "-at"], name="actionlog_tournament_at"),
            # "who holds this game's console": every console append asks (console/control.py)
            models.Index(fields=["object_type", "object_id", "-at"], name="actionlog_object_at"),
        ]

    def __str__(self):
        return f"{timezone.localtime(self.at):%Y-%m-%d %H:%M} {self.action_label}: {self.object_label}"

    @property
    def action_label(self) -> str:
        """The action in the reader's language, as the app that owns it registered it."""
        return str(action_type(self.action).label)

    @property
    def change_lines(self) -> list[str]:
        """What the entry's data says, a line per change, in the reader's language."""
        return action_type(self.action).lines(self.data)
