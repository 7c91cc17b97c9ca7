"""Every explanation line is a code with parameters and a clause, worded from the catalogue
(scoring/explanation_texts.py) in the page's language."""
import pytest
from django.utils import translation

from engines.scoring.fileformat import parse_document
from engines.scoring.messages import NOTES
from engines.scoring.standings import explain_player
from scoring import explanation_texts as explanations
from scoring.selectors import GamePoints, Line
from tests.engines.scoring.messages_corpus import corpus_tournaments
from tests.languages import assert_translated, placeholders


def test_every_note_code_of_the_core_has_a_text():
    assert set(explanations.NOTE_TEXTS) == set(NOTES)


@pytest.mark.parametrize("code", sorted(NOTES))
def test_every_note_has_russian_and_english(code):
    assert_translated(code, explanations.NOTE_TEXTS[code])


def test_notes_take_their_details_from_their_params():
    for _name, doc in corpus_tournaments():
        t = parse_document(doc)
        for player in t.players:
            for line in explain_player(t, player.id):
                assert placeholders(str(explanations.NOTE_TEXTS[line.code])) <= set(line.params), line


def test_lines_in_the_pages_language():
    stored = [["best_move", "8.3.1", 40, "best_move", {"named": [4, 6, 8], "blacks": 3}],
              ["removal", "8.2.4", -50, "removal", {"removal": "disqualifying_foul"}],
              ["compensation", "8.6.3", 30, "compensation", {"role": "sheriff", "ci": "0.30", "b": 3, "n": 4}]]
    game = GamePoints(7, 3, "red", tuple(Line(*line) for line in stored), 0, 20)
    with translation.override("ru"):
        lines = explanations.lines(game)
    assert [line["note"] for line in lines] == [
        "лучший ход: назвал 4, 6, 8, чёрных среди них: 3",
        "удалён из-за стола (дисквалифицирующий фол)",
        "убит первым (шериф), красные проиграли: Ci = 0.30 (B = 3, N = 4)",
    ]
    assert [line["component"] for line in lines] == ["Лучший ход", "Удаление", "Компенсация за первую ночь"]
    assert [line["points"] for line in lines] == ["0.40", "-0.50", "0.30"]
    with translation.override("en"):
        assert explanations.lines(game)[0]["note"] == "best move: named 4, 6, 8, 3 of them black"
        assert game.lines[0].note == "best move: named 4, 6, 8, 3 of them black"
