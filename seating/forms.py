"""Admin forms of the seating: generate (with preview), swap two seats, reseat."""
from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.core import signing
from django.db.models import Case, Value, When
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Registration, Stage, StageKind
from tournaments.stage_plan import FALLBACK_GAMES_BEFORE_FINAL

from .selectors import active_registrations, standings_pick, stored_seating
from .services import BALANCE_CHOICES, DEFAULT_BALANCE

PREVIEW_SALT = "seating.preview"
RESEAT_SALT = "seating.reseat"
PREVIEW_MAX_AGE = 24 * 3600  # seconds a preview can be saved after it was made
SEED_MAX = 2**32 - 1  # "Generate again" adds one; any seed up to this is a draw of its own

BALANCE_HELP = _(
    "What gives way when opponents and judges or tables conflict. Opponents first may seat a player "
    "with one judge or at one table far more often than the others (say 1 to 7 times in 10 games)."
)


_LARGEST_ID = 2**63 - 1  # larger ids make SQLite raise OverflowError instead of finding nothing


def _is_id(value) -> bool:
    """Whether a submitted value can be a primary key the database may be asked about."""
    text = str(value).strip()
    return text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= _LARGEST_ID


class PlayerChoiceField(forms.ModelChoiceField):
    """A player by id; an id no database holds is "not one of the choices" (not a crash)."""

    def to_python(self, value):
        if value not in self.empty_values and not _is_id(value):
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class PlayersChoiceField(forms.ModelMultipleChoiceField):
    """Players by id; an id no database holds is "not one of the choices" (not a crash)."""

    def _check_values(self, value):
        for pk in value:
            if not _is_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"], code="invalid_choice", params={"value": pk},
                )
        return super()._check_values(value)


class PlayerAutocomplete(AutocompleteSelect):
    """The admin's autocomplete; a re-shown form leaves out a submitted value that is no id."""

    def optgroups(self, name, value, attr=None):
        return super().optgroups(name, [v for v in value if _is_id(v)], attr)


def balance_field() -> forms.ChoiceField:
    """The balance mode; empty (an old form, a script) means the default."""
    return forms.ChoiceField(
        label=_("Balance"), choices=BALANCE_CHOICES, initial=DEFAULT_BALANCE, required=False, help_text=BALANCE_HELP,
    )


def clean_balance_value(value: str) -> str:
    return value or DEFAULT_BALANCE


class GenerateSeatingForm(forms.Form):
    games = forms.IntegerField(label=_("Games per player"), min_value=1, max_value=60)
    seed = forms.IntegerField(
        label=_("Seed"), min_value=0, max_value=SEED_MAX, initial=0, help_text=_("The same seed gives the same seating."),
    )
    time_limit = forms.FloatField(
        label=_("Time limit, seconds"), required=False, min_value=0.1, max_value=60,
        help_text=_("Empty: the generator's own budget (reproducible from the seed)."),
    )
    tables = forms.IntegerField(label=_("Tables a round"), required=False, min_value=1, help_text=_("Empty: one per 10 players."))
    balance = balance_field()
    players = PlayersChoiceField(
        label=_("Players"), queryset=Player.objects.none(), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=_("Empty: every registration not withdrawn. A final seats exactly 10."),
    )

    def __init__(self, *args, stage: Stage, **kwargs):
        super().__init__(*args, **kwargs)
        self.stage = stage
        registrations = list(active_registrations(stage=stage))
        self.numbers = {r.player_id: r.number for r in registrations}
        order = Case(*[When(pk=r.player_id, then=Value(index)) for index, r in enumerate(registrations)], default=Value(0))
        self.fields["players"].queryset = Player.objects.filter(pk__in=self.numbers).order_by(order)
        self.fields["players"].label_from_instance = self._player_label
        if stage.kind == StageKind.FINAL:
            self.fields["games"].initial = 10
            del self.fields["tables"]
            del self.fields["balance"]  # one table, the seats rotated: nothing to balance
        else:
            self.fields["games"].initial = stage.tournament.games_before_final or FALLBACK_GAMES_BEFORE_FINAL
        self.standings_note = self._preselect_from_standings()

    def _preselect_from_standings(self) -> str | None:
        """A semifinal or final starts with the top of the current standings ticked; returns a
        note on where they come from (or why nobody is ticked)."""
        pick = standings_pick(stage=self.stage)
        if pick is None:
            return None
        if self.stage.kind == StageKind.FINAL:
            self.fields["players"].help_text = _(
                "Pre-selected: the 10 best of the current standings. A final seats exactly 10; change the selection as needed."
            )
        else:
            self.fields["players"].help_text = _(
                "Pre-selected: the best of the current standings, as many as the largest multiple of 10 not above half "
                "the field, at least 10 (here %(size)d). Change the selection as needed; none ticked: every registration "
                "not withdrawn."
            ) % {"size": pick.size}
        if pick.snapshot is None:
            return gettext("No standings with a signed-off game yet: nobody is pre-selected, choose the players yourself.")
        self.fields["players"].initial = [player.pk for player in pick.players]
        note = gettext("Pre-selected: the top %(count)d of the standings computed %(when)s (version %(version)d).") % {
            "count": len(pick.players), "when": formats.date_format(timezone.localtime(pick.snapshot.computed_at), "DATETIME_FORMAT"),
            "version": pick.snapshot.version,
        }
        if len(pick.players) < pick.size:
            note += " " + gettext("The standings hold only %(have)d of the %(need)d players: choose the rest yourself.") % {
                "have": len(pick.players), "need": pick.size,
            }
        return note

    def clean_balance(self) -> str:
        return clean_balance_value(self.cleaned_data.get("balance"))

    def _player_label(self, player: Player) -> str:
        number = self.numbers.get(player.pk)
        return f"{number}. {player}" if number is not None else str(player)

    def chosen_players(self) -> list[Player] | None:
        players = self.cleaned_data.get("players")
        return list(players) if players else None


def sign_preview(*, stage: Stage, document: dict, players: list[Player], games: int, seed: int, balance: str | None = None) -> str:
    """The preview as a signed token: Save stores exactly what was shown (no re-run)."""
    return signing.dumps(
        {
            "stage": stage.pk, "seating": document, "players": [player.pk for player in players], "games": games, "seed": seed,
            "balance": balance,
        },
        salt=PREVIEW_SALT, compress=True,
    )


def read_preview(token: str, *, stage: Stage) -> dict:
    payload = signing.loads(token, salt=PREVIEW_SALT, max_age=PREVIEW_MAX_AGE)
    if payload.get("stage") != stage.pk:
        raise signing.BadSignature("another stage")
    return payload


def sign_reseat(*, stage: Stage, plan) -> str:
    """A worked-out reseating as a signed token: Apply writes exactly what was shown."""
    return signing.dumps(
        {
            "stage": stage.pk, "seating": plan.seating.to_document(), "players": plan.roster.player_ids(),
            "played": plan.played_rounds, "withdrawn": list(plan.withdrawn), "substitutes": list(plan.substitutes),
            "based_on": plan.based_on,
        },
        salt=RESEAT_SALT, compress=True,
    )


def read_reseat(token: str, *, stage: Stage) -> dict:
    payload = signing.loads(token, salt=RESEAT_SALT, max_age=PREVIEW_MAX_AGE)
    if payload.get("stage") != stage.pk:
        raise signing.BadSignature("another stage")
    return payload


class SwapSeatsForm(forms.Form):
    """Two seats by game number (as on the grid) and seat number."""

    game_a = forms.IntegerField(label=_("First game"), min_value=1)
    seat_a = forms.IntegerField(label=_("First seat"), min_value=1, max_value=10)
    game_b = forms.IntegerField(label=_("Second game"), min_value=1)
    seat_b = forms.IntegerField(label=_("Second seat"), min_value=1, max_value=10)

    def clean(self):
        data = super().clean()
        if data.get("game_a") == data.get("game_b") and data.get("seat_a") == data.get("seat_b") and data.get("seat_a"):
            self.add_error("seat_b", _("Choose two different seats."))
        return data


class ReseatForm(forms.Form):
    withdrawn = PlayerChoiceField(label=_("Withdrawn player"), queryset=Player.objects.none(), required=False)
    substitute = PlayerChoiceField(
        label=_("Substitute"), queryset=Player.objects.none(), required=False,
        # Search by nickname instead of a list of every player in the database.
        widget=PlayerAutocomplete(Registration._meta.get_field("player"), admin.site),
        help_text=_("Takes over the withdrawn player's remaining games; registered in the tournament on reseating."),
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=SEED_MAX, initial=0)
    time_limit = forms.FloatField(label=_("Time limit, seconds"), required=False, min_value=0.1, max_value=60)
    balance = balance_field()

    def __init__(self, *args, stage: Stage, seated: list[int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.stage = stage
        if seated is None:
            seated = [player.pk for player in stored_seating(stage=stage).roster.players]
        active = Player.objects.filter(
            registrations__tournament_id=stage.tournament_id, registrations__withdrawn=False, pk__in=seated,
        )
        self.fields["withdrawn"].queryset = active.order_by("nickname")
        playing = Registration.objects.filter(tournament_id=stage.tournament_id, withdrawn=False).values("player_id")
        self.fields["substitute"].queryset = Player.objects.exclude(pk__in=playing).exclude(pk__in=seated).order_by("nickname")

    def clean_balance(self) -> str:
        return clean_balance_value(self.cleaned_data.get("balance"))

    def clean(self):
        data = super().clean()
        nothing_chosen = not data.get("withdrawn") and not data.get("substitute")
        if nothing_chosen and not self.has_error("withdrawn") and not self.has_error("substitute"):
            self.add_error("withdrawn", _("Choose a withdrawn player or a substitute."))
        return data
