"""console/refusal_texts.py: every refusal code of the engine has a sentence in Russian and in
English that names the refusal's parameters, with its clause."""
from __future__ import annotations

import pytest
from django.utils import translation

from console.refusal_texts import TEXTS, refusal_text
from engines.console import CLAUSES, Refused
from engines.console.codes import PARAMS
from tests.engines.console.table import Table
from tests.languages import assert_translated, placeholders

# a value per parameter, each different, so a sentence that drops one shows it
SAMPLE = {"seat": 4, "by": 2, "nominee": 5, "called": 6, "count": 11, "uncast": 9, "for": 8, "voters": 7,
          "target": 3, "field": "note", "key": "timers.speech", "what": "hold_vote"}


def test_every_code_of_the_engine_has_a_sentence_and_no_other_does():
    assert set(TEXTS) == set(CLAUSES)


@pytest.mark.parametrize("code", sorted(CLAUSES))
def test_every_sentence_is_translated_and_names_only_the_refusals_params(code):
    assert_translated(code, TEXTS[code])
    assert placeholders(str(TEXTS[code])) <= set(PARAMS.get(code, ()))


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("code", sorted(CLAUSES))
def test_every_sentence_renders_with_its_params_and_clause(code, language):
    given = {name: SAMPLE[name] for name in PARAMS.get(code, ())}
    with translation.override(language):
        text = refusal_text(code, CLAUSES[code], given)
    assert text.endswith(f" ({CLAUSES[code]})") and "%(" not in text
    for name in placeholders(str(TEXTS[code])):
        assert str(SAMPLE[name]) in text, (code, name)


def test_the_sentences_in_russian():
    with translation.override("ru"):
        assert refusal_text("NOMINATE_TWICE", "7.5.2", {"by": 2, "nominee": 5}) == \
            "Игрок 2 уже выставил кандидатуру сегодня (7.5.2)"
        assert refusal_text("VOTE_COUNT", "7.7.3", {"seat": 4, "count": 11, "uncast": 9}) == \
            "Голосов за игрока 4 может быть от 0 до 9, а не 11 (7.7.3)"
        assert refusal_text("EVENT_FORM", "7.17", {"field": "note"}) == \
            "Событие записано неверно: поля note нет, оно недопустимо или неверного вида (7.17)"


def test_the_engines_own_refusal_in_words():
    t = Table().to_day1().push("nominate", by=1, seat=3).push("next", seat=1)
    with pytest.raises(Refused) as refused:
        t.game.push({"type": "nominate", "by": 2, "seat": 3})
    exc = refused.value
    with translation.override("ru"):
        assert refusal_text(exc.code, exc.rule, exc.params) == "Игрок 3 уже выставлен сегодня (7.5.3)"
    with translation.override("en"):
        assert refusal_text(exc.code, exc.rule, exc.params) == "Player 3 is already nominated today (7.5.3)"


def test_a_code_this_server_does_not_know_is_said_as_itself():
    assert refusal_text("NEW_CODE", "7.99", {}) == "NEW_CODE (7.99)"
