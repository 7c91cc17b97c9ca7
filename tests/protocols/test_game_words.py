"""One wording of roles, their letters, results and phases (protocols/vocabulary.py, worded by
protocols/wording.py): the judge's console, the live table, the public protocol, the entry page,
the desk and the printed sheet say the same word for the same role, in Russian and in English."""
import json
import re

import pytest
from django.utils import translation

from console.models import ConsoleLog
from engines.console.public import NIGHT
from engines.console.state import PHASES
from exports.sheets import completed_sheets
from protocols.models import Game
from protocols.vocabulary import PHASE_NAMES
from protocols.wording import phase_name
from tests.console.test_log_service import post, seat_roles
from tests.protocols.helpers import make_cast
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db

WORDS = {
    "ru": {"red": ("Мирный", "К"), "sheriff": ("Шериф", "Ш"), "black": ("Мафия", "Ч"), "don": ("Дон", "Д")},
    "en": {"red": ("Civilian", "R"), "sheriff": ("Sheriff", "S"), "black": ("Mafia", "B"), "don": ("Don", "D")},
}


def page_json(html: str, element_id: str) -> dict:
    return json.loads(re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S).group(1))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_consoles_roles_button_shows_the_protocols_letters(client, lang):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(cast.judge)
    html = client.get(f"/judge/games/{cast.game.pk}/console/screen/?lang={lang}").content.decode()
    texts = page_json(html, "console-data")["texts"]
    assert texts["role_letter"] == {role: letter for role, (_name, letter) in WORDS[lang].items()}
    assert texts["role"] == {role: name for role, (name, _letter) in WORDS[lang].items()}


@pytest.fixture
def game():
    tournament = played("words", players=10, rounds=1)
    return Game.objects.get(tournament=tournament, number=1)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_role_has_one_word_on_the_protocol_the_live_table_the_console_the_entry_page_and_the_sheet(admin_client, game, lang):
    black = game.seats.filter(role="black").select_related("player").first()
    name, letter = WORDS[lang]["black"]

    protocol = admin_client.get(f"/t/words/games/1/?lang={lang}").content.decode()
    row = re.search(rf'<tr class="role-black">\s*<td class="num">{black.number}\b.*?</tr>', protocol, re.S).group(0)
    assert f"<td>{name}</td>" in row

    live = admin_client.get(f"/t/words/tables/{game.table.number}/live/?lang={lang}").content.decode()
    assert page_json(live, "live-texts")["roles"]["black"] == name

    console = admin_client.get(f"/judge/games/{game.pk}/console/screen/?lang={lang}").content.decode()
    texts = page_json(console, "console-data")["texts"]
    assert (texts["role"]["black"], texts["role_letter"]["black"]) == (name, letter)

    entry = admin_client.get(f"/judge/games/{game.pk}/?lang={lang}").content.decode()
    assert f"<strong>{letter}</strong> {name.lower()}" in entry  # the entry page's role keys

    with translation.override(lang):
        [sheet] = completed_sheets(game.tournament, [game])
    assert next(s.role_letter for s in sheet.seats if s.number == black.number) == letter
    # and the result, as the console, the live table and the sheet name it
    assert page_json(live, "live-texts")["results"][game.result] == texts["result"][game.result] == sheet.result


def test_every_phase_of_the_core_has_one_name_for_the_judge_the_hall_and_the_desk(client):
    assert tuple(PHASE_NAMES) == (NIGHT,) + PHASES  # the hall's one neutral night, then the judge's phases
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:2]):  # night 0 over: day 1's speeches
        assert post(client, cast.game, index, event).status_code == 200
    html = client.get(f"/judge/games/{cast.game.pk}/console/screen/?lang=ru").content.decode()
    on_screen = page_json(html, "console-data")["texts"]["phase"]["day_speech"]
    from console.live import desk_line, table_view

    with translation.override("ru"):
        log = ConsoleLog.objects.get(game=cast.game)
        hall = table_view(cast.game, log=log)["state"]["phase_name"]
        desk = desk_line(log)["phase_name"]
        assert on_screen == hall == desk == phase_name("day_speech") == "Речи"
