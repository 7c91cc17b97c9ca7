"""Every problem, of the scoring core's checks and of this app's, is a code with parameters worded
from the catalogue (protocols/problem_texts.py) in the page's language: each has Russian and
English, takes its details from the parameters, and nothing English is added to the Russian."""
from pathlib import Path

import pytest
from django.utils import translation

import protocols
from engines.scoring.messages import PROBLEMS
from engines.scoring.problems import Problem
from protocols.presentation import problem_text
from protocols.problem_texts import PROBLEM_TEXTS
from tests.code_scan import written_keys
from tests.engines.scoring.messages_corpus import corpus_problems
from tests.languages import ENGLISH, assert_translated, placeholders

APP = Path(protocols.__file__).parent
# the modules of this app that make problems
WRITERS = ("entry/parse.py", "entry/rules.py", "entry/storable.py", "services.py", "protests.py", "tournament_file.py")


def test_the_scan_finds_this_apps_problems():
    assert {"red_wins_black_alive", "not_a_whole_number", "amendment_without_reason", "decision_text_missing"} <= (
        set().union(*(written_keys(APP / name) for name in WRITERS)))


def test_every_problem_key_has_a_text_and_no_text_is_left_over():
    written = set().union(*(written_keys(APP / name) for name in WRITERS))
    assert set(PROBLEM_TEXTS) == set(PROBLEMS) | written


@pytest.mark.parametrize("key", sorted(PROBLEM_TEXTS))
def test_every_text_has_russian_and_english(key):
    assert_translated(key, PROBLEM_TEXTS[key])


def test_the_cores_problems_take_their_details_from_their_params():
    seen = set()
    for _heading, problems in corpus_problems():
        for p in problems:
            needed = placeholders(str(PROBLEM_TEXTS[p.key]))
            assert needed <= set(p.params), (p.key, needed, p.params)
            seen.add(p.key)
    assert seen == set(PROBLEMS)


def test_russian_has_no_english_added():
    for _heading, problems in corpus_problems():
        for p in problems:
            with translation.override("ru"):
                text = problem_text(p)
            assert p.message not in text
            # values from the file (ids, kinds, the settings' names) may be Latin; the sentence is not
            assert not ENGLISH.search(text.replace(p.field or "", "")) or p.key in ("unknown_setting", "unknown_format"), text


def test_a_problem_reads_with_seat_field_and_clause():
    p = Problem("G", 3, "extra", "extra_over_winner_limit", params={"extra": "0.75"}, clause="8.4.3")
    with translation.override("ru"):
        assert problem_text(p) == "Место 3, доп. баллы: 0,75 — больше 0,70, наибольшего для игрока победившей команды (8.4.3)"
    with translation.override("en"):  # numbers as each language writes them
        assert problem_text(p) == "Seat 3, extra points: 0.75 is over 0.70, the most for a player of the winning team (8.4.3)"
    with translation.override("en"):
        assert problem_text(p) == "Seat 3, extra points: 0.75 is over 0.70, the most for a player of the winning team (8.4.3)"
