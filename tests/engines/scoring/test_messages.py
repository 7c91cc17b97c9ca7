"""Messages as data: every explanation line and every problem is a code with parameters, worded by
messages.py; the English reads exactly as it did before (data/messages-golden.txt, printed by
messages_corpus.py)."""
import json
from itertools import product
from pathlib import Path

from engines.scoring import messages
from engines.scoring.fileformat import parse_document
from engines.scoring.rulesets import RULESETS
from engines.scoring.standings import explain_player
from tests.code_scan import written_keys

from .messages_corpus import corpus_problems, corpus_text, corpus_tournaments

GOLDEN = Path(__file__).parent / "data" / "messages-golden.txt"
CORE = Path(messages.__file__).parent


def test_every_note_and_problem_reads_as_before():
    assert corpus_text() == GOLDEN.read_text(encoding="utf-8")


def test_every_rule_names_its_note_codes_and_each_has_english():
    declared = {code for ruleset in RULESETS.values() for rule in ruleset.rules for code in rule.notes}
    assert declared | {"no_points"} == set(messages.NOTES)


def test_explanation_lines_use_the_declared_codes_with_json_params():
    seen = set()
    for _name, doc in corpus_tournaments():
        t = parse_document(doc)
        rules = {rule.key: rule for rule in RULESETS[t.ruleset].rules}
        for player, stages in product(t.players, (None, ("qualifying",), ("semifinal", "final"))):
            for line in explain_player(t, player.id, stages):
                allowed = ("no_points",) if line.component == "none" else rules[line.component].notes
                assert line.code in allowed, line
                assert json.loads(json.dumps(line.params)) == line.params
                seen.add(line.code)
    assert seen == set(messages.NOTES)  # the corpus shows every note


def test_every_problem_the_checks_write_has_english():
    written = written_keys(CORE / "validation.py") | written_keys(CORE / "document_shape.py") | written_keys(CORE / "bounds.py")
    assert "fouls_out_of_range" in written and "wrong_type:items" in written  # the scan sees them
    assert written <= set(messages.PROBLEMS)


def test_the_corpus_shows_every_problem_wording():
    shown = {p.key for _heading, problems in corpus_problems() for p in problems}
    assert shown == set(messages.PROBLEMS)
