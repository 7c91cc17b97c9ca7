"""The stages are defined once (tournaments/vocabulary.py) and store the scoring core's values."""
from django.utils import translation

from engines.scoring import model as core
from tournaments.models import Stage
from tournaments.vocabulary import STAGE_ORDER, StageKind, stage_position


def test_stage_kinds_are_the_cores_stages_in_playing_order():
    assert tuple(StageKind.values) == core.STAGES
    assert sorted(StageKind.values, key=stage_position) == sorted(core.STAGES, key=core.STAGE_ORDER.get)
    assert list(STAGE_ORDER.values()) == [1, 2, 3] and stage_position("bogus") > 3


def test_the_stage_model_takes_its_choices_here():
    assert Stage._meta.get_field("kind").choices == StageKind.choices


def test_stage_names_in_both_languages():
    with translation.override("ru"):
        assert [str(label) for label in StageKind.labels] == ["Отборочный этап", "Полуфинал", "Финал"]
    with translation.override("en"):
        assert [str(label) for label in StageKind.labels] == ["Qualifying", "Semifinal", "Final"]
