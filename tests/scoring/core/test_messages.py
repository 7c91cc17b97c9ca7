"""The core's English: every explanation note and every problem reads exactly as it did before
they became codes with parameters (data/messages-golden.txt, printed by messages_corpus.py)."""
from pathlib import Path

from .messages_corpus import corpus_text

GOLDEN = Path(__file__).parent / "data" / "messages-golden.txt"


def test_every_note_and_problem_reads_as_before():
    assert corpus_text() == GOLDEN.read_text(encoding="utf-8")
