"""The rules of play (RULES.md §7.1.3): the organiser sets them on the tournament's admin page, each
console log's header records them, they are fixed once a game has started, and the public page
words them in Russian and English."""
import json

import pytest
from django.urls import reverse

from tests.hostile.test_admin_forms import page_post
from tests.protocols.helpers import make_cast
from tournaments.game_rules import described

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    cast = make_cast()
    for seat, role in zip(range(1, 11), ["red"] * 6 + ["sheriff", "black", "black", "don"]):
        row = cast.game.seats.get(number=seat)
        row.role = role
        row.save(update_fields=["role"])
    return cast


def admin_save(client, tournament, **rules):
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    data = page_post(client.get(url))
    data.update({k: "" if v is None else str(v) for k, v in rules.items()})
    return client.post(url, data)


def test_the_organiser_changes_a_setting_and_a_timer_and_only_the_differences_are_stored(client, cast):
    client.force_login(cast.organiser)
    tournament = cast.game.tournament
    assert tournament.ruleset == "fiim"
    # withdrawal differs from fiim's preset, self-nomination is set to what the preset says already
    response = admin_save(client, tournament, rule_withdrawal="yes", rule_self_nomination="yes", timer_speech=45,
                          rule_silenced_turn_s=0)
    assert response.status_code == 302, response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert tournament.game_settings == {"withdrawal": True, "silenced_turn_s": 0, "timers": {"speech": 45}}


def test_a_value_outside_the_engines_bounds_is_the_fields_error(client, cast):
    client.force_login(cast.organiser)
    tournament = cast.game.tournament
    response = admin_save(client, tournament, rule_best_move_min_in_game=11, timer_speech=0)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "rule_best_move_min_in_game" in errors and "timer_speech" in errors
    tournament.refresh_from_db()
    assert tournament.game_settings == {}


def test_the_console_log_records_the_settings_and_the_game_runs_by_them(client, cast):
    tournament = cast.game.tournament
    tournament.game_settings = {"timers": {"mafia_agreement": 40}}
    tournament.save(update_fields=["game_settings"])
    client.force_login(cast.judge)
    start = client.get(reverse("console:console", args=[cast.game.pk])).json()
    assert cast.game.console_log.header["settings"] == {"timers": {"mafia_agreement": 40}}
    assert start["timer"]["seconds"] == 40  # night 0's agreement: 40 s here, 60 s in table 7.15


def test_once_a_game_started_the_rules_of_play_and_the_ruleset_are_refused(client, cast):
    tournament = cast.game.tournament
    client.force_login(cast.judge)
    url = reverse("console:console", args=[cast.game.pk])
    stored = client.post(url, json.dumps({"index": 0, "event": {"type": "next"}}), content_type="application/json")
    assert stored.status_code == 200
    client.force_login(cast.organiser)
    response = admin_save(client, tournament, rule_withdrawal="yes")
    assert response.status_code == 200
    assert "игра этого турнира уже началась" in str(response.context["adminform"].form.non_field_errors())
    response = admin_save(client, tournament, ruleset="mafclub")
    assert "ruleset" in response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert (tournament.ruleset, tournament.game_settings) == ("fiim", {})
    # other fields still save
    assert admin_save(client, tournament, name="Кубок, переименованный").status_code == 302


@pytest.mark.parametrize("lang,words", [
    ("ru", ["Правила игры", "Выступающий может снять свою кандидатуру", "да", "изменено организаторами", "45 секунд"]),
    ("en", ["Rules of play", "A speaker may withdraw his own nomination", "yes", "changed by the organisers", "45 seconds"]),
])
def test_the_public_page_words_the_rules_in_each_language(client, cast, lang, words):
    tournament = cast.game.tournament
    tournament.game_settings = {"withdrawal": True, "timers": {"speech": 45}}
    tournament.save(update_fields=["game_settings"])
    page = client.get(reverse("public:rules", args=[tournament.slug]), {"lang": lang}, HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == 200
    text = page.content.decode()
    for word in words:
        assert word in text
    assert text.count("изменено организаторами" if lang == "ru" else "changed by the organisers") == 2


def test_every_setting_and_timer_of_the_engine_is_worded():
    lines = described("mafclub", {})
    assert len(lines) == 13 + 9 and not any(line.changed for line in lines)
    assert all(line.label and line.value and line.clause for line in lines)
