"""A tournament with K switched off exports a valid file that scores the same."""
import json
from io import StringIO

import pytest
from django.core.management import call_command

from demo.builder import build_tournament
from engines.scoring.fileformat import parse_document
from engines.scoring.standings import compute_standings
from protocols.scoring_records import tournament_data

pytestmark = pytest.mark.django_db


def test_k_off_survives_export_and_scores_without_k(tmp_path):
    tournament = build_tournament("k-off", players=10, tables=1, qualifying_rounds=4, final_games=0, seed=5)
    tournament.k_applies = False
    tournament.save()
    path = tmp_path / "k-off.json"
    call_command("export_tournament", "k-off", str(path), stdout=StringIO())
    document = json.loads(path.read_text())
    parsed = parse_document(document)
    assert compute_standings(parsed).to_document()["k"] is None
    assert compute_standings(parsed).to_document() == compute_standings(tournament_data(tournament)).to_document()
    # With K on, the same ten-player tournament uses one (its games are not split evenly).
    tournament.k_applies = True
    tournament.save()
    results = [g.result for g in tournament_data(tournament).games]
    if results.count("red") != results.count("black"):
        assert compute_standings(tournament_data(tournament)).to_document()["k"] is not None
