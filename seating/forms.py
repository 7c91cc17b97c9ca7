"""Admin forms of the seating: generate (with preview and judges per table), swap two players by nickname, reseat."""
from __future__ import annotations

import itertools
from collections import Counter

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.core import signing
from django.db.models import Case, Value, When
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Judge, Player, Registration, Stage, StageKind
from tournaments.stage_plan import FALLBACK_GAMES_BEFORE_FINAL

from .selectors import PLAYED_STATUSES, active_registrations, judge_choices, standings_pick, stored_seating
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


class IdChoiceField(forms.ModelChoiceField):
    """A row by id; an id no database holds is "not one of the choices" (not a crash)."""

    def to_python(self, value):
        if value not in self.empty_values and not _is_id(value):
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class PlayerChoiceField(IdChoiceField):
    """A player by id (see `IdChoiceField`)."""


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
    clubs_apart = forms.BooleanField(
        label=_("Keep clubs apart"), required=False,
        help_text=_("Players of one club never share a table where the tables allow it (a club with more players than "
                    "tables meets as rarely as possible; the report counts such pairs). On when two registered players "
                    "share a club."),
    )
    players = PlayersChoiceField(
        label=_("Players"), queryset=Player.objects.none(), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=_("Empty: every registration not withdrawn. A final seats exactly 10."),
    )

    def __init__(self, *args, stage: Stage, **kwargs):
        super().__init__(*args, **kwargs)
        self.stage = stage
        registrations = list(active_registrations(stage=stage))
        self._add_judge_fields(len(registrations))
        self.numbers = {r.player_id: r.number for r in registrations}
        clubs = Counter(r.player.club_id for r in registrations if r.player.club_id is not None)
        self.fields["clubs_apart"].initial = any(count > 1 for count in clubs.values())
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

    def _table_count(self, registered: int) -> int:
        """Tables a round as far as the form can tell before it is cleaned: 1 for a final, the
        submitted number, else one per 10 chosen (or registered) players."""
        if self.stage.kind == StageKind.FINAL:
            return 1
        if self.is_bound:
            tables = str(self.data.get("tables", "")).strip()
            if tables.isascii() and tables.isdigit() and 0 < int(tables) <= 100:
                return int(tables)
            chosen = self.data.getlist("players") if hasattr(self.data, "getlist") else self.data.get("players") or []
            if chosen:
                return max(1, len(chosen) // 10)
        return max(1, registered // 10)

    def _add_judge_fields(self, registered: int) -> None:
        """One judge a table ("Judge of table k": judge k of the seating; judges rotate between
        tables over the rounds), the tournament's judges in order by default; a final's judge is
        the chief judge when there is one."""
        choices = judge_choices(stage=self.stage)
        ids = [judge.pk for judge in choices]
        self.judge_names = []
        defaults = list(choices)
        chief = self.stage.tournament.chief_judge_id
        if self.stage.kind == StageKind.FINAL and chief is not None:
            defaults = [judge for judge in choices if judge.pk == chief]
        for k in range(1, min(self._table_count(registered), 100) + 1):
            name = f"judge_{k}"
            self.fields[name] = IdChoiceField(
                label=gettext("Judge of the final") if self.stage.kind == StageKind.FINAL else gettext("Judge %(n)d") % {"n": k},
                queryset=Judge.objects.filter(pk__in=ids).order_by("name"), required=False,
                initial=defaults[k - 1].pk if k <= len(defaults) else None,
                help_text=gettext("The chief judge may judge the final.") if self.stage.kind == StageKind.FINAL
                else gettext("Empty: the next of the tournament's judges."),
            )
            self.judge_names.append(name)

    def chosen_judges(self) -> list[Judge] | None:
        """Judge k of the seating for k = 1..T as chosen; a table left empty gets the next of the
        tournament's judges not chosen elsewhere (so a table count changed on the form still finds
        its judges). None when none is chosen."""
        judges = [self.cleaned_data.get(name) for name in self.judge_names]
        if not any(judges):
            return None
        spare = [judge for judge in judge_choices(stage=self.stage) if judge not in judges]
        if self.stage.tournament.chief_judge_id is not None:  # the chief judges only where chosen
            spare = [judge for judge in spare if judge.pk != self.stage.tournament.chief_judge_id] + [
                judge for judge in spare if judge.pk == self.stage.tournament.chief_judge_id
            ]
        filled = [judge if judge is not None else (spare.pop(0) if spare else None) for judge in judges]
        return list(itertools.takewhile(lambda judge: judge is not None, filled))

    def clean(self):
        data = super().clean()
        seen: set[int] = set()
        for name in self.judge_names:
            judge = data.get(name)
            if judge is not None and judge.pk in seen:
                self.add_error(name, gettext("%(judge)s already judges another table.") % {"judge": judge})
            if judge is not None:
                seen.add(judge.pk)
        return data

    def _player_label(self, player: Player) -> str:
        number = self.numbers.get(player.pk)
        return f"{number}. {player}" if number is not None else str(player)

    def chosen_players(self) -> list[Player] | None:
        players = self.cleaned_data.get("players")
        return list(players) if players else None


def sign_preview(
    *, stage: Stage, document: dict, players: list[Player], games: int, seed: int, balance: str | None = None,
    judges: list[Judge] | None = None, iterations: int | None = None, time_limit: float | None = None,
    clubs_apart: bool = False,
) -> str:
    """The preview as a signed token: Save stores exactly what was shown (no re-run), and how it
    was made."""
    return signing.dumps(
        {
            "stage": stage.pk, "seating": document, "players": [player.pk for player in players], "games": games, "seed": seed,
            "balance": balance, "judges": [judge.pk for judge in judges or []], "iterations": iterations,
            "time_limit": time_limit, "clubs_apart": clubs_apart,
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
            "based_on": plan.based_on, "swaps_kept": list(plan.swaps_kept), "swaps_dropped": [list(x) for x in plan.swaps_dropped],
            "seed": plan.seed, "balance": plan.balance,
        },
        salt=RESEAT_SALT, compress=True,
    )


def read_reseat(token: str, *, stage: Stage) -> dict:
    payload = signing.loads(token, salt=RESEAT_SALT, max_age=PREVIEW_MAX_AGE)
    if payload.get("stage") != stage.pk:
        raise signing.BadSignature("another stage")
    return payload


class SwapPlayersForm(forms.Form):
    """Two players of one round, chosen by nickname: they exchange their tables and seats."""

    round_number = forms.TypedChoiceField(label=_("Round"), coerce=int, choices=())
    player_a = PlayerChoiceField(label=_("First player"), queryset=Player.objects.none())
    player_b = PlayerChoiceField(label=_("Second player"), queryset=Player.objects.none())

    def __init__(self, *args, stage: Stage, **kwargs):
        super().__init__(*args, **kwargs)
        stored = stored_seating(stage=stage)
        open_rounds = [
            stored_round.number for stored_round in stored.rounds
            if not all(game.status in PLAYED_STATUSES for game in stored_round.games)
        ]
        self.fields["round_number"].choices = [(number, gettext("Round %(n)d") % {"n": number}) for number in open_rounds]
        seated = Player.objects.filter(pk__in=stored.roster.player_ids()).order_by("nickname")
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = seated
            self.fields[name].label_from_instance = lambda player: player.nickname

    def clean(self):
        data = super().clean()
        if data.get("player_a") is not None and data.get("player_a") == data.get("player_b"):
            self.add_error("player_b", _("Choose two different players."))
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
