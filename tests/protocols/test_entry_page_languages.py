"""The judge's entry page with errors shown speaks the page's language only: every problem, of the
form, of the game flow or of the scoring core's checks, is worded from the catalogue, with no
English added to the Russian."""
import pytest
from django.urls import reverse

from tests.languages import english_runs
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db

# Values the form cannot take.
FORM_ERRORS = {"s1-fouls": "x", "s2-extra": "abc", "s3-role": "mayor", "outcome": "purple", "s4-left_how": "eaten",
               "d1-nom1": "11", "pen0-seat": "3", "pen0-clause": "9.9.9", "s5-removed": "fourth_foul"}
# A protocol the form takes but the checks refuse: role counts, extra points, a penalty that does
# not fit, the best move, the first-killed, votes, who is still in the game.
CHECK_ERRORS = {"s4-role": "black", "s1-extra": "0.75", "pen0-seat": "3", "pen0-clause": "8.5.1", "pen0-reason": "ломился",
                "named1": "10", "named2": "3", "first_killed": "4", "d1-v1-3": "9", "s9-left_how": "", "s8-left_on": "1",
                "d2-nom3": "4", "s2-extra": "0.2", "s2-extra_reason": ""}


def _post(client, cast, overrides, lang):
    client.force_login(cast.judge)
    url = reverse("protocols:game", args=[cast.game.pk])
    response = client.post(f"{url}?lang={lang}", complete_post(cast.game, **overrides))
    assert response.status_code == 422
    return response.content.decode()


def _nicknames(cast):
    return list(cast.game.tournament.registrations.values_list("player__nickname", flat=True))


@pytest.mark.parametrize("errors", [FORM_ERRORS, CHECK_ERRORS], ids=["form", "checks"])
def test_the_russian_entry_page_with_errors_has_no_english_sentence(client, cast, errors):
    html = _post(client, cast, errors, "ru")
    problems = html.split('id="problems"', 1)[1].split("</div>", 1)[0]
    assert problems.count("<li>") >= 6
    assert english_runs(html, leave_out=_nicknames(cast)) == []


def test_the_english_entry_page_with_errors_speaks_english(client, cast):
    html = _post(client, cast, FORM_ERRORS, "en")
    assert "“x” is not a whole number" in html and "“mayor” is not a role" in html
    html = _post(client, cast, CHECK_ERRORS, "en")
    assert "red wins only when no black player is left" in html and "(8.4.3)" in html
