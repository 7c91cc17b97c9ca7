"""Public downloads: only where the public page shows the same data; 404 for anything else."""
import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache

from protocols.models import Game
from tests.factories import TournamentFactory
from tests.tournament_builders import add_scheduled_round

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_the_pages_link_their_files(cup, client):
    page = client.get("/t/cup/").content.decode()
    assert 'href="/t/cup/standings.pdf?lang=ru"' in page and "/t/cup/standings.xlsx" in page
    assert "/t/cup/standings.pdf?lang=ru&amp;stage=final" in client.get("/t/cup/?stage=final").content.decode()
    assert "/t/cup/seating.pdf?lang=ru" in client.get("/t/cup/seating/").content.decode()
    assert "/t/cup/games/1/protocol.pdf?lang=ru" in client.get("/t/cup/games/1/").content.decode()
    assert "/t/cup/seating.pdf?lang=en" in client.get("/t/cup/seating/?lang=en").content.decode()


def test_the_files_download(cup, client):
    for url, kind in [("/t/cup/standings.pdf", "application/pdf"), ("/t/cup/standings.xlsx", "spreadsheetml"),
                      ("/t/cup/standings.pdf?stage=final", "application/pdf"), ("/t/cup/seating.pdf", "application/pdf"),
                      ("/t/cup/seating.xlsx?stage=qualifying", "spreadsheetml"), ("/t/cup/games/1/protocol.pdf", "application/pdf")]:
        response = client.get(url)
        assert response.status_code == 200 and kind in response["Content-Type"], url
        assert response["Content-Disposition"].startswith("attachment;"), url


def test_the_language_follows_the_tournament_unless_asked(cup, client):
    assert "Место" in pdf_text(client.get("/t/cup/standings.pdf").content)[0]
    assert "Place" in pdf_text(client.get("/t/cup/standings.pdf?lang=en").content)[0]
    cup.language = "en"
    cup.save(update_fields=["language"])
    cache.clear()
    assert "GAME PROTOCOL" in pdf_text(client.get("/t/cup/games/1/protocol.pdf").content)[0]


def test_hidden_or_unfinished_things_are_not_downloadable(cup, client):
    games = add_scheduled_round(cup)
    page = client.get(f"/t/cup/games/{games[0].number}/").content.decode()
    assert "protocol.pdf" not in page
    assert client.get(f"/t/cup/games/{games[0].number}/protocol.pdf").status_code == 404
    cup.standings_public = False
    cup.save(update_fields=["standings_public"])
    assert "standings.pdf" not in client.get("/t/cup/").content.decode()
    assert client.get("/t/cup/standings.pdf").status_code == 404
    assert client.get("/t/cup/standings.xlsx").status_code == 404


def test_unknown_things_are_404(cup, client):
    for url in ["/t/nope/standings.pdf", "/t/nope/seating.xlsx", "/t/nope/games/1/protocol.pdf", "/t/cup/standings.csv",
                "/t/cup/seating.doc", "/t/cup/standings.pdf?stage=bogus", "/t/cup/seating.pdf?stage=semifinal",
                "/t/cup/games/999999/protocol.pdf", "/t/cup/games/99999999999999999999999/protocol.pdf",
                "/t/cup/games/0/protocol.pdf", "/t/cup/standings.pdf?stage=semifinal"]:
        assert client.get(url).status_code == 404, url
    assert client.post("/t/cup/standings.pdf").status_code == 405


def test_a_tournament_without_seating_or_standings_has_nothing_to_download(client):
    TournamentFactory(slug="fresh")
    assert client.get("/t/fresh/seating.pdf").status_code == 404
    assert client.get("/t/fresh/standings.xlsx").status_code == 404


def test_a_changed_protocol_is_a_new_file(cup, client):
    game = Game.objects.get(tournament=cup, number=1)
    first = client.get("/t/cup/games/1/protocol.pdf").content
    seat = game.seats.order_by("number").first()
    seat.player.nickname = "Переименованный"
    seat.player.save()
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    second = client.get("/t/cup/games/1/protocol.pdf").content
    assert "Переименованный" not in pdf_text(first)[0] and "Переименованный" in pdf_text(second)[0]


def test_the_public_pages_print_without_their_controls(client, cup):
    page = client.get("/t/cup/").content.decode()
    assert 'href="/static/print.css" media="print"' in page
    css = open(finders.find("print.css")).read()
    hidden = next(line for line in css.splitlines() if "display: none" in line).split("{")[0]
    for selector in (".findme", ".lang", ".downloads", "button", "input", ".t-nav", ".tabs"):
        assert selector in [s.strip() for s in hidden.split(",")], selector
