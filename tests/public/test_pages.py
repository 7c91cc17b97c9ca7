"""Public pages: read the snapshot, constant queries, 404 for unknown things, both languages."""
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from demo.builder import build_tournament
from protocols.models import Game
from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import add_scheduled_round, played
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _rows(html: str) -> list[tuple[str, str, str]]:
    """(place, nickname, total) of each standings row, in page order."""
    body = html.split('<table class="standings">', 1)[1].split("</tbody>", 1)[0]
    out = []
    for tr in re.findall(r"<tr data-place.*?</tr>", body, re.S):
        place = re.search(r'data-place="(\d+)"', tr).group(1)
        nick = re.search(r'<td class="nick">(?:<a [^>]*>)?([^<]*)<', tr).group(1)
        total = re.search(r'<td class="total">([^<]*)</td>', tr).group(1)
        out.append((place, nick, total))
    return out


def _count(client, url):
    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx)


def test_the_standings_table_is_in_place_order_with_two_decimal_totals(client):
    t = played("order", players=20, rounds=3)
    recompute(t.pk)
    html = client.get("/t/order/").content.decode()
    rows = _rows(html)
    assert [int(p) for p, _n, _t in rows] == list(range(1, 21))
    # the page's language writes the numbers: a decimal comma in Russian (the default), a point in English
    assert all(re.fullmatch(r"-?\d+,\d\d", total) for _p, _n, total in rows)
    stored = list(PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all").order_by("place"))
    assert [(n, tot) for _p, n, tot in rows] == [(r.nickname, f"{r.total:.2f}".replace(".", ",")) for r in stored]
    english = _rows(client.get("/t/order/?lang=en").content.decode())
    assert [(n, tot) for _p, n, tot in english] == [(r.nickname, f"{r.total:.2f}") for r in stored]


def test_every_page_answers(client):
    t = played("pages", players=20, rounds=2, final_games=2)
    add_scheduled_round(t)
    recompute(t.pk)
    row = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", place=1).get()
    unplayed = Game.objects.filter(tournament=t, status="scheduled").first()
    for url in ["/", "/t/pages/", "/t/pages/?stage=final", "/t/pages/?stage=qualifying", "/t/pages/?stage=bogus",
                "/t/pages/standings/table/", "/t/pages/standings/version/", f"/t/pages/players/{row.player_id}/",
                "/t/pages/games/1/", f"/t/pages/games/{unplayed.number}/", "/t/pages/seating/",
                f"/t/pages/seating/?me={row.nickname}", "/t/pages/seating/?me=zzz", "/t/pages/seating/?me=pages",
                "/t/pages/seating/?me=%00%01", "/t/pages/seating/?me=" + "x" * 3000, "/t/pages/?stage=%00",
                "/t/pages/?lang=en", "/t/pages/?lang=xx"]:
        assert client.get(url).status_code == 200, url
    for url in ["/t/nope/", "/t/nope/seating/", "/t/pages/players/999999/", "/t/pages/games/999999/",
                "/t/nope/standings/version/", "/t/pages/players/abc/",
                "/t/pages/players/99999999999999999999999/", "/t/pages/games/99999999999999999999/"]:
        assert client.get(url).status_code == 404, url
    assert client.post("/t/pages/").status_code == 405


def test_player_page_explains_every_game(client):
    t = played("explain", players=20, rounds=3)
    recompute(t.pk)
    row = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", place=1).get()
    html = client.get(f"/t/explain/players/{row.player_id}/?lang=en").content.decode()
    assert row.nickname in html and f"{row.total:.2f}" in html
    assert html.count('class="game-card"') == row.games == 3
    for number, _seat, _role, lines in row.explanation:
        assert f"/t/explain/games/{number}/" in html
        for _component, clause, *_code_and_params in lines:
            assert clause in html
    # each game says where it was played, in words, not the tournament file's id ("Q1-T2")
    games = Game.objects.filter(tournament=t, number__in=[number for number, *_rest in row.explanation])
    for game in games.select_related("round", "table"):
        assert f"round {game.round.number}, table {game.table.number}" in html
    assert not re.search(r"\bQ\d+-T\d+\b", html)


def test_the_protocol_shows_once_signed_off(client):
    t = played("protocol", players=10, rounds=1)
    [scheduled] = add_scheduled_round(t)
    html = client.get("/t/protocol/games/1/?lang=en").content.decode()
    assert "Role" in html and "Best move" in html
    html = client.get(f"/t/protocol/games/{scheduled.number}/?lang=en").content.decode()
    assert "once the judge signs it off" in html and "Role" not in html


def test_find_me_shows_the_next_table_and_seat(client):
    t = played("findme", players=20, rounds=2)
    games = add_scheduled_round(t)
    seat = games[1].seats.select_related("player").get(number=7)
    html = client.get(f"/t/findme/seating/?me={seat.player.nickname.upper()}&lang=en").content.decode()
    assert f"table {games[1].table.number}, seat 7" in html
    assert f"/t/findme/players/{seat.player_id}/" in html


def test_hidden_standings_are_not_shown(client):
    t = played("hidden", players=10, rounds=2)
    recompute(t.pk)
    t.standings_public = False
    t.save()
    html = client.get("/t/hidden/?lang=en").content.decode()
    assert "hidden the standings" in html and '<table class="standings">' not in html
    row = PlayerStanding.objects.filter(snapshot__tournament=t).first()
    html = client.get(f"/t/hidden/players/{row.player_id}/?lang=en").content.decode()
    assert "hidden the standings" in html and 'class="game-card"' not in html


def test_both_languages(client):
    t = played("langs", players=10, rounds=1)
    recompute(t.pk)
    assert "Standings" in client.get("/t/langs/?lang=en").content.decode()
    html = client.get("/t/langs/?lang=ru").content.decode()
    assert "Таблица" in html and "Найти меня" in html and 'lang="ru"' in html


def test_query_counts_do_not_grow_with_players_or_games(client):
    small = played("few", players=10, rounds=2)
    large = played("many", players=60, rounds=8)
    for t in (small, large):
        add_scheduled_round(t)
        recompute(t.pk)
    counts = {}
    for t in (small, large):
        row = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", place=1).get()
        urls = [f"/t/{t.slug}/", f"/t/{t.slug}/standings/table/", f"/t/{t.slug}/standings/version/",
                f"/t/{t.slug}/players/{row.player_id}/", f"/t/{t.slug}/games/1/", f"/t/{t.slug}/seating/",
                f"/t/{t.slug}/seating/?me={row.nickname}"]
        counts[t.slug] = [_count(client, url) for url in urls]
    assert counts["few"] == counts["many"], counts
    # version check, tournament + state, find-me nicknames, the played rounds the "as after round"
    # selector offers, snapshots, rows (uncached)
    assert counts["few"][0] <= 6


def test_a_cached_standings_page_costs_one_query(client):
    t = played("cached", players=20, rounds=2)
    recompute(t.pk)
    client.get("/t/cached/")
    with CaptureQueriesContext(connection) as ctx:
        assert client.get("/t/cached/").status_code == 200
    assert len(ctx) == 1


def test_the_version_pointer_is_memoised_for_a_second_and_forgotten_on_change(client, settings,
                                                                             django_capture_on_commit_callbacks):
    settings.STANDINGS_POINTER_TTL = 60
    t = played("memo", players=10, rounds=2)
    recompute(t.pk)
    first = client.get("/t/memo/standings/version/").json()["version"]
    with CaptureQueriesContext(connection) as ctx:
        assert client.get("/t/memo/").status_code == 200
        assert client.get("/t/memo/").status_code == 200
    assert not [q for q in ctx.captured_queries if "s.computed_version" in q["sql"]]  # pointer from memory
    with django_capture_on_commit_callbacks(execute=True):
        recompute(t.pk, force=True)  # this process stored a snapshot: its memo is dropped
    assert client.get("/t/memo/standings/version/").json()["version"] == first + 1
    with django_capture_on_commit_callbacks(execute=True):
        t.standings_public = False
        t.save()
    assert "hidden the standings" in client.get("/t/memo/?lang=en").content.decode()


def test_the_explanation_speaks_russian(client):
    t = played("notes", players=20, rounds=3)
    recompute(t.pk)
    row = next(r for r in PlayerStanding.objects.filter(snapshot__tournament=t) if r.wins)
    html = client.get(f"/t/notes/players/{row.player_id}/?lang=ru").content.decode()
    assert "победа красных" in html or "победа чёрных" in html
    assert " win" not in html


def test_the_standings_page_is_gzipped_for_browsers_that_ask(client):
    import gzip

    t = played("gz", players=20, rounds=2)
    recompute(t.pk)
    plain = client.get("/t/gz/").content
    packed = client.get("/t/gz/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain and len(packed.content) < len(plain) / 3


def test_a_tournament_before_its_first_sign_off(client):
    played("empty-prep", players=10, rounds=0)  # groups, and nothing played
    build_tournament("empty", players=10, tables=1, qualifying_rounds=2, final_games=0, signed_off=False)
    html = client.get("/t/empty/?lang=en").content.decode()
    assert "not been computed yet" in html or "No games have been signed off yet" in html
    t = Tournament.objects.get(slug="empty")
    recompute(t.pk)
    html = client.get("/t/empty/?lang=en").content.decode()
    assert "No games have been signed off yet" in html and '<table class="standings">' not in html
    assert client.get("/t/empty/seating/?lang=en").status_code == 200
    player = t.registrations.first().player_id
    assert "No signed-off games" in client.get(f"/t/empty/players/{player}/?lang=en").content.decode()


def test_a_day_s_leavers_are_counted_in_russian(client):
    # "Выбыл: 3 …" for one player, "Выбыли: 3 …, 7 …" for two: the count of each day's line decides
    t = played("left", players=10, rounds=3)
    recompute(t.pk)
    for number in (1, 2, 3):
        html = client.get(f"/t/left/games/{number}/?lang=ru").content.decode()
        for label, names in re.findall(r'<p class="left">(Выбыл[а-я]*): (.*?)</p>', html):
            assert label == ("Выбыл" if names.count('class="gone"') == 1 else "Выбыли"), (label, names)


def test_the_cached_standings_page_is_kept_per_language_and_per_version(client, django_capture_on_commit_callbacks):
    """The page is cached once per snapshot version and language, whichever says the language (the
    ?lang= switch, its cookie, the browser's Accept-Language), and browsers ask again every time."""
    from django.test import Client

    t = played("per-lang", players=10, rounds=1)
    recompute(t.pk)
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/t/per-lang/").content.decode()
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/t/per-lang/").content.decode()
    assert "Standings" in english and "Таблица" not in english
    assert "Таблица" in russian
    client.get("/t/per-lang/?lang=en")  # the switch leaves its cookie
    by_cookie = client.get("/t/per-lang/")
    assert "Standings" in by_cookie.content.decode()
    assert by_cookie["Cache-Control"] == "no-cache" and not by_cookie.has_header("Expires")
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in by_cookie["Vary"].split(",")}
    version = int(re.search(r'data-version="(\d+)"', english).group(1))
    with django_capture_on_commit_callbacks(execute=True):
        recompute(t.pk, force=True)
    again = Client(HTTP_ACCEPT_LANGUAGE="en").get("/t/per-lang/").content.decode()
    assert int(re.search(r'data-version="(\d+)"', again).group(1)) == version + 1


def test_a_standings_address_with_other_parameters_answers_without_filling_the_cache(client):
    from django.core.cache import cache as default_cache

    t = played("odd-query", players=10, rounds=1)
    recompute(t.pk)
    default_cache.clear()
    for n in range(5):
        response = client.get(f"/t/odd-query/?utm_source={n}")
        assert response.status_code == 200 and len(_rows(response.content.decode())) == 10
    assert not default_cache._cache  # the local-memory cache of the tests: nothing kept for those addresses
    client.get("/t/odd-query/")
    assert default_cache._cache
