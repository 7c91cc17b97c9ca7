"""Roles, results, removals and clauses are defined once (protocols/vocabulary.py), store the scoring
core's values and are labelled in both languages, the roles with their protocol letters."""
from django.utils import translation

from engines.scoring import model as core
from protocols.models import Game, Seat, SeatPenalty
from protocols.vocabulary import ROLE_LETTERS, ROLE_NAMES, GameResult, PenaltyClause, Removal, Role, in_sentence


def test_the_values_are_the_cores_constants():
    assert tuple(Role.values) == core.ROLES == tuple(ROLE_NAMES) == tuple(ROLE_LETTERS)
    assert tuple(GameResult.values) == core.RESULTS
    assert tuple(Removal.values) == core.REMOVALS
    assert tuple(PenaltyClause.values) == core.PENALTY_CLAUSES


def test_the_models_take_their_choices_here():
    assert Seat._meta.get_field("role").choices == Role.choices
    assert Seat._meta.get_field("removed").choices == Removal.choices
    assert Game._meta.get_field("result").choices == GameResult.choices
    assert SeatPenalty._meta.get_field("clause").choices == PenaltyClause.choices


def test_role_letters_and_labels_in_both_languages():
    with translation.override("ru"):
        assert [str(ROLE_LETTERS[r]) for r in core.ROLES] == ["К", "Ш", "Ч", "Д"]
        assert [str(label) for label in Role.labels] == ["Мирный (К)", "Шериф (Ш)", "Мафия (Ч)", "Дон (Д)"]
        assert in_sentence(Removal.DISQUALIFYING_FOUL.label) == "дисквалифицирующий фол"
    with translation.override("en"):
        assert [str(ROLE_LETTERS[r]) for r in core.ROLES] == ["R", "S", "B", "D"]
        assert [str(label) for label in Role.labels] == ["Civilian (R)", "Sheriff (S)", "Mafia (B)", "Don (D)"]
