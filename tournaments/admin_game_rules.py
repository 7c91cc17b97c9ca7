"""The tournament's admin form with the rules of play (RULES.md §7.1.3) as one field each.

A field left at "as the preset" follows the ruleset, also when the ruleset changes; a value set
equal to the preset is stored as nothing (``game_rules.overrides_from``), so the stored settings
are exactly what a log's header carries. The bounds are the engine's (``engines.console.settings``:
seconds are whole and not negative, a turn lasts at least one second, a minimum of players is 1-10).
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .game_rules import SETTING_LABELS, TIMER_KEYS, TIMER_LABELS, VALUE_WORDS, InvalidGameSettings, overrides_from
from .models import Tournament

AS_PRESET = ""
BOOLEAN_KEYS = ("withdrawal", "self_nomination", "silence_takes_last_words", "replay_allowed", "all_leave_at_four",
                "day1_vote_eliminates")
CHOICE_KEYS = ("three_fouls_nominate", "vote_cancel", "three_misses", "best_move_at")
# key -> (the least value, the greatest or None)
NUMBER_KEYS = {"silenced_turn_s": (0, 600), "draw_proposal_after": (1, 100), "best_move_min_in_game": (1, 10)}


def rule_field_name(key: str) -> str:
    return f"rule_{key}"


def timer_field_name(name: str) -> str:
    return f"timer_{name}"


def _labelled(key: str) -> str:
    label, clause = SETTING_LABELS[key]
    return f"{label} ({clause})"


def _rule_field(key: str) -> forms.Field:
    as_preset = (AS_PRESET, _("as the ruleset's preset"))
    if key in BOOLEAN_KEYS:
        return forms.TypedChoiceField(
            label=_labelled(key), required=False, empty_value=None,
            choices=[as_preset, ("yes", _("yes")), ("no", _("no"))], coerce=lambda v: v == "yes")
    if key in CHOICE_KEYS:
        return forms.ChoiceField(label=_labelled(key), required=False,
                                 choices=[as_preset, *[(v, words) for (k, v), words in VALUE_WORDS.items() if k == key]])
    low, high = NUMBER_KEYS[key]
    return forms.IntegerField(label=_labelled(key), required=False, min_value=low, max_value=high,
                              help_text=_("Empty: as the ruleset's preset."))


def _timer_field(name: str) -> forms.Field:
    return forms.IntegerField(label=TIMER_LABELS[name], required=False, min_value=1, max_value=3600,
                              help_text=_("Seconds; empty: table 7.15."))


class TournamentForm(forms.ModelForm):
    """The tournament's own fields, and the rules of play as ``rule_*`` and ``timer_*`` fields."""

    class Meta:
        model = Tournament
        fields = ["ruleset"]  # the admin gives the fields of its fieldsets; game_settings is built from the rule fields

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stored = self.instance.game_settings or {}
        for key in SETTING_LABELS:
            field = self.fields[rule_field_name(key)]
            value = stored.get(key)
            if key in BOOLEAN_KEYS and value is not None:
                value = "yes" if value else "no"
            field.initial = value if key in stored else None
        for name in TIMER_KEYS:
            self.fields[timer_field_name(name)].initial = (stored.get("timers") or {}).get(name)

    def chosen_settings(self) -> dict:
        chosen = {}
        for key in SETTING_LABELS:
            value = self.cleaned_data.get(rule_field_name(key))
            if value is not None and value != AS_PRESET:
                chosen[key] = value
        timers = {name: self.cleaned_data[timer_field_name(name)] for name in TIMER_KEYS
                  if self.cleaned_data.get(timer_field_name(name)) is not None}
        if timers:
            chosen["timers"] = timers
        return chosen

    def clean(self):
        cleaned = super().clean()
        ruleset = cleaned.get("ruleset") or self.instance.ruleset
        try:
            # before the model's clean: it compares these with the stored ones
            self.instance.game_settings = overrides_from(ruleset, self.chosen_settings())
        except InvalidGameSettings:
            self.add_error(None, _("Rules of play: these settings are not ones the console takes (RULES.md §7.1.3)."))
        return cleaned


# Declared after the class, from the engine's keys (a new setting gets its field without an edit
# here); declared_fields too, so the admin's form built from this one (modelform_factory) keeps them.
for _field_name, _field in [*((rule_field_name(k), _rule_field(k)) for k in SETTING_LABELS),
                            *((timer_field_name(n), _timer_field(n)) for n in TIMER_KEYS)]:
    TournamentForm.base_fields[_field_name] = TournamentForm.declared_fields[_field_name] = _field

RULE_FIELDS = [rule_field_name(key) for key in SETTING_LABELS]
TIMER_FIELDS = [timer_field_name(name) for name in TIMER_KEYS]
