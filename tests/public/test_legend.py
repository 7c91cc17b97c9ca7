"""The standings explain their marks: K with its value, the side whose wins it weighs and why it
applies, and a player's breakdown lists only the components their tournament's ruleset has."""
import re

import pytest

from protocols.models import Game
from scoring.models import PlayerStanding, StandingsSnapshot
from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _legend(html: str) -> str:
    found = re.search(r'<p class="k-legend" id="k-legend">(.*?)</p>', html, re.S)
    return _text(found.group(1)) if found else ""


def test_the_standings_say_what_k_is_which_wins_it_weighs_and_that_the_final_changes_it(client):
    t = played("kay", players=20, rounds=4, seed=1)
    recompute(t.pk)
    snapshot = StandingsSnapshot.objects.get(tournament=t, scope="all")
    results = list(Game.objects.filter(tournament=t).values_list("result", flat=True))
    red, black = results.count("red"), results.count("black")
    assert red != black and snapshot.k  # the seed gives a K: the test is about its wording
    legend = _legend(client.get("/t/kay/?lang=en").content.decode())
    hard = "red" if red < black else "black"
    assert f"K = {snapshot.k} — the difficulty coefficient (8.7)" in legend
    assert f"Of {len(results)} games red won {red} and black {black}" in legend
    assert f"a win of the {hard} team, the side that won fewer games" in legend
    assert "at most 20 participants" in legend
    assert "the final's included, can change it" in legend
    russian = _legend(client.get("/t/kay/?lang=ru").content.decode())
    comma = snapshot.k.replace(".", ",")  # one decimal form per language: «K = 1,40» beside «1,40» in the table
    assert f"K = {comma}" in russian and f"K = {snapshot.k}" not in russian and "финал" in russian
    meta = re.search(r'<a href="#k-legend">K = ([^<]+)</a>', client.get("/t/kay/?lang=ru").content.decode()).group(1)
    assert meta == comma


def test_no_k_line_claims_k_where_the_tournament_is_too_large(client):
    t = played("big", players=30, rounds=2)
    recompute(t.pk)
    assert not StandingsSnapshot.objects.get(tournament=t, scope="all").k
    html = client.get("/t/big/?lang=en").content.decode()
    assert "does not apply: the tournament has more than 20 participants" in _legend(html)
    assert "K =" not in _text(html)


def test_the_lot_mark_is_explained_only_when_a_place_was_drawn(client):
    t = played("lot", players=20, rounds=2)
    recompute(t.pk)
    html = client.get("/t/lot/?lang=en").content.decode()
    drawn = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", decided_by_lot=True).exists()
    assert ("place decided by lot (8.8.5)" in html) == drawn
    assert "G — games, W — wins" in html


def _breakdown_labels(html: str) -> list[str]:
    table = re.search(r'<table class="breakdown">(.*?)</tbody>', html, re.S).group(1)
    return re.findall(r"<tr><td>([^<]*)</td>", table)


@pytest.mark.parametrize(("ruleset", "replay_line"), [("fiim", False), ("mafclub", True)])
def test_a_players_breakdown_lists_only_what_the_ruleset_can_give(client, ruleset, replay_line):
    t = played(f"rs-{ruleset}", players=20, rounds=2)
    Tournament.objects.filter(pk=t.pk).update(ruleset=ruleset)
    recompute(t.pk)
    row = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", place=1).get()
    labels = _breakdown_labels(client.get(f"/t/{t.slug}/players/{row.player_id}/?lang=en").content.decode())
    assert labels[:2] == ["Win", "First-night compensation"]
    assert ("Replay penalty" in labels) is replay_line
    assert len(labels) == (7 if replay_line else 6)


@pytest.mark.parametrize("language,games,wins,expected", [
    ("ru", 1, 1, ["Из 1 игры красные", "выиграли по 1 игре."]),
    ("ru", 3, 3, ["Из 3 игр красные", "выиграли по 3 игры."]),
    ("ru", 21, 21, ["Из 21 игры красные", "выиграли по 21 игре."]),
    ("ru", 6, 5, ["Из 6 игр красные", "выиграли по 5 игр."]),
    ("en", 1, 1, ["Of 1 game red won", "have won 1 game each."]),
    ("en", 6, 5, ["Of 6 games red won", "have won 5 games each."]),
])
def test_the_k_line_counts_games_in_the_grammar_of_its_language(language, games, wins, expected):
    from django.template.loader import render_to_string
    from django.utils import translation

    from public.legend import SIDES, KLegend

    common = {"red_wins": wins, "black_wins": wins, "games": games, "max_participants": 20}
    with translation.override(language):
        applies = _text(render_to_string("public/_k_legend.html", {"k_legend": KLegend(
            "applies", k="1.50", hard_side=SIDES["red"], **{**common, "black_wins": wins + 1})}))
        equal = _text(render_to_string("public/_k_legend.html", {"k_legend": KLegend("equal", **common)}))
    assert expected[0] in applies and expected[1] in equal
