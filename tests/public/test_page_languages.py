"""The public pages speak the page's language only: the Russian standings, player and game pages
show no English sentence (every explanation line is worded from the catalogue), and the English
pages show English. A line stored by an older version (an English note) does not break a page."""
import pytest

from demo.builder import build_tournament
from protocols.models import Game
from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.languages import english_runs

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    t = build_tournament("kubok", name="Кубок города", players=20, tables=2, qualifying_rounds=5, final_games=2, seed=8)
    recompute(t.pk)
    return t


def _pages(t) -> list[str]:
    rows = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all")
    numbers = Game.objects.filter(tournament=t).values_list("number", flat=True)
    return ([f"/t/{t.slug}/", f"/t/{t.slug}/?stage=final", f"/t/{t.slug}/seating/", f"/t/{t.slug}/rules/",
             f"/t/{t.slug}/awards/", f"/t/{t.slug}/screen/awards/?shown=6"]
            + [f"/t/{t.slug}/players/{row.player_id}/" for row in rows]
            + [f"/t/{t.slug}/games/{n}/" for n in numbers])


def _nicknames(t) -> list[str]:
    return list(t.registrations.values_list("player__nickname", flat=True))


def test_the_russian_pages_have_no_english_sentence(client, tournament):
    explained = {line[3] for row in PlayerStanding.objects.filter(snapshot__tournament=tournament)
                 for _n, _s, _r, lines in row.explanation for line in lines}
    # the pages show these notes
    assert {"red_win", "black_win_hard", "compensation", "best_move", "judge_extra_approved", "removal", "penalty"} <= explained
    found = {}
    for url in _pages(tournament):
        response = client.get(url, {"lang": "ru"})
        assert response.status_code == 200, url
        runs = english_runs(response.content.decode(), leave_out=_nicknames(tournament))
        if runs:
            found[url] = runs
    assert found == {}


def test_the_english_pages_speak_english(client, tournament):
    row = PlayerStanding.objects.filter(snapshot__tournament=tournament, snapshot__scope="all", place=1).get()
    html = client.get(f"/t/{tournament.slug}/players/{row.player_id}/", {"lang": "en"}).content.decode()
    assert "Game by game" in html and ("red win" in html or "black win" in html)
    html = client.get(f"/t/{tournament.slug}/games/1/", {"lang": "en"}).content.decode()
    assert "Best move" in html and ("Civilian" in html or "Mafia" in html)
    assert "Standings" in client.get(f"/t/{tournament.slug}/", {"lang": "en"}).content.decode()


def test_a_line_stored_by_an_older_version_is_rewritten_and_shows_without_its_note(client, tournament):
    """Lines stored before codes existed ([component, clause, cents, English note]) are given an
    empty code by the migration that keeps the pages to one shape of line."""
    import importlib

    from django.apps import apps

    row = PlayerStanding.objects.filter(snapshot__tournament=tournament, snapshot__scope="all", place=1).get()
    row.explanation = [[n, seat, role, [line[:3] + ["red win in a hard game, K = 1.40"] for line in lines]]
                       for n, seat, role, lines in row.explanation]
    row.save()
    importlib.import_module("scoring.migrations.0008_explanation_lines_with_codes").give_old_lines_a_code(apps, None)
    row.refresh_from_db()
    assert {len(line) for _n, _s, _r, lines in row.explanation for line in lines} == {5}
    html = client.get(f"/t/{tournament.slug}/players/{row.player_id}/", {"lang": "ru"}).content.decode()
    assert 'class="game-card"' in html and "hard game" not in html
