"""The components of a player's points are the scoring core's breakdown, named in both languages."""
from django.utils import translation

from engines.scoring.rulesets import BREAKDOWN_KEYS
from scoring.models import SCOPE_ALL
from scoring.vocabulary import COMPONENTS, SCOPES
from tournaments.vocabulary import StageKind


def test_components_are_the_cores_breakdown():
    assert tuple(COMPONENTS) == BREAKDOWN_KEYS


def test_scopes_are_overall_and_the_stages():
    assert list(SCOPES) == [SCOPE_ALL, *StageKind.values]


def test_every_component_has_russian():
    for key, label in COMPONENTS.items():
        with translation.override("en"):
            english = str(label)
        with translation.override("ru"):
            assert str(label) and str(label) != english, key
