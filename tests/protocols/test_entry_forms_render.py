"""The entry grid is the page's forms rendered: every box the page shows is a field of
protocols.forms (named by its prefix), none is written by hand, and a refused POST comes back with
what was typed and the refused boxes marked."""
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from protocols.entry import entry_from_game, players_for
from protocols.forms import ProtocolForm
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db

PAGE_OWN = {"csrfmiddlewaretoken", "version", "action", "reason"}  # the page's, not the protocol's


class Boxes(HTMLParser):
    """name -> the attributes of each box inside the protocol form."""

    def __init__(self):
        super().__init__()
        self.boxes: dict[str, list[dict]] = {}
        self.selected: dict[str, str] = {}
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("input", "select", "textarea") and a.get("name"):
            self.boxes.setdefault(a["name"], []).append(a)
            self._select = a["name"] if tag == "select" else None
        elif tag == "option" and self._select and "selected" in a:
            self.selected[self._select] = a.get("value", "")


def _boxes(html: str) -> Boxes:
    parser = Boxes()
    parser.feed(html[html.index('id="protocol-form"'):])
    return parser


def _form(cast):
    stored = entry_from_game(cast.game)
    return ProtocolForm(base=stored, players=players_for(cast.game, stored), ruleset=cast.game.tournament.ruleset)


def test_every_box_of_the_page_is_a_field_of_the_forms_and_every_field_is_shown(client, cast):
    client.force_login(cast.judge)
    html = client.get(reverse("protocols:game", args=[cast.game.pk])).content.decode()
    shown = set(_boxes(html).boxes) - PAGE_OWN
    fields = set(_form(cast).page_values())
    # the gross-violation box is the club ruleset's only (RULES.md 9.13); this tournament plays FIIM's
    assert cast.game.tournament.ruleset != "mafclub"
    assert shown == fields - {f"s{n}-gross" for n in range(1, 11)}
    assert len(shown) == 10 * 9 + 10 * 31 + 3 * 3 + 6


def test_a_refused_post_shows_what_was_typed_with_the_refused_boxes_marked(client, cast):
    client.force_login(cast.judge)
    post = complete_post(cast.game, **{"s3-fouls": "7", "first_killed": "12", "s4-extra": "0.3", "s4-extra_reason": "речь",
                                       "pen0-seat": "2", "pen0-clause": "8.5.1", "pen0-reason": "ломился"})
    response = client.post(reverse("protocols:game", args=[cast.game.pk]), {**post, "action": "save"})
    assert response.status_code == 422
    page = _boxes(response.content.decode())
    assert page.boxes["s3-fouls"][0] == {**page.boxes["s3-fouls"][0], "value": "7", "aria-invalid": "true"}
    assert page.boxes["first_killed"][0]["value"] == "12" and page.boxes["first_killed"][0]["aria-invalid"] == "true"
    assert page.boxes["s4-extra"][0]["value"] == "0.3" and "aria-invalid" not in page.boxes["s4-extra"][0]
    assert page.boxes["pen0-reason"][0]["value"] == "ломился" and page.selected["pen0-clause"] == "8.5.1"
    assert page.selected["outcome"] == post["outcome"]
    checked_roles = {a["name"]: a["value"] for name, radios in page.boxes.items() if name.endswith("-role")
                     for a in radios if "checked" in a}
    assert checked_roles["s3-role"] == post["s3-role"] and len(checked_roles) == 10


def test_the_approval_box_is_disabled_for_the_table_judge_and_open_to_the_chief(client, cast):
    url = reverse("protocols:game", args=[cast.game.pk])
    client.force_login(cast.judge)
    assert "disabled" in _boxes(client.get(url).content.decode()).boxes["s1-extra_approved"][0]
    client.force_login(cast.chief)
    assert "disabled" not in _boxes(client.get(url).content.decode()).boxes["s1-extra_approved"][0]
