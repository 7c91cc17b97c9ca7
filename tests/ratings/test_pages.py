"""The ratings' public pages: a player's profile across tournaments (its chart and the numbers
beside it, others overlaid), the leaderboards and their filters, a club's page, a head-to-head,
the draft rule, and both languages."""
import re

import pytest

from ratings.models import GameRating, PlayerRating, RatingSettings
from ratings.recompute import current_snapshot
from ratings.recompute import recompute as recompute_rating
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tests.languages import english_runs
from tests.ratings.helpers import shared_season
from tournaments.models import Player, Publication

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return shared_season("pg")


def test_the_profile_lists_every_tournament_and_charts_the_rating_with_its_numbers(client, season):
    first, second, players = season
    pid = players[0]
    html = client.get(f"/players/{pid}/", {"lang": "en"}).content.decode()
    # both tournaments, with place and total of their standings
    assert html.count(f'href="/t/{first.slug}/players/{pid}/"') == 2 and f'href="/t/{second.slug}/players/{pid}/"' in html
    # the chart: one line through every rated game, the two tournaments marked
    svg = re.search(r"<svg class=\"chart\".*?</svg>", html, re.S).group(0)
    games = GameRating.objects.filter(snapshot=current_snapshot(), player_id=pid).order_by("pk")
    assert svg.count("<circle") == games.count() == 6
    assert svg.count("<title>Demo pg-") == 2
    # the numbers beside it: per tournament, the rating before the first game and after the last
    rows = re.findall(r'<td class="num">(\d)</td><td class="wrap">.*?</td><td class="num">(\d+)</td>'
                      r'<td class="num">(\d+)</td><td class="num">(\d+)</td><td class="num change">([^<]+)</td>', html)
    assert len(rows) == 2
    chain = list(games.values_list("before", "after"))
    assert rows[0][2] == str(round(chain[0][0])) and rows[1][3] == str(round(chain[-1][1]))
    change = chain[5][1] - chain[3][0]
    assert rows[1][4] == ("+" if change > 0 else "−") + f"{abs(change):.1f}"
    rating = PlayerRating.objects.get(snapshot=current_snapshot(), player_id=pid)
    assert f'<dd class="rating">{round(rating.rating)}</dd>' in html
    # the Russian page writes the change with a comma and has no English sentence
    ru = client.get(f"/players/{pid}/", {"lang": "ru"}).content.decode()
    assert "Изменение рейтинга по турнирам" in ru and f"{abs(change):.1f}".replace(".", ",") in ru
    nicknames = list(Player.objects.values_list("nickname", flat=True)) + ["Demo pg-a", "Demo pg-b"]
    assert english_runs(ru, leave_out=nicknames) == []


def test_the_profile_counts_games_by_role_and_seat_first_killed_and_best_moves(client, season):
    from protocols.models import Seat
    _first, _second, players = season
    pid = players[0]
    seats = Seat.objects.filter(player_id=pid)
    html = client.get(f"/players/{pid}/", {"lang": "en"}).content.decode()
    table = re.search(r'<table class="by-role">.*?</table>', html, re.S).group(0)
    counts = [int(n) for n in re.findall(r'<td>[^<]+</td><td class="num">(\d+)</td>', table)]
    assert sum(counts) == seats.count() == 6
    killed = sum(1 for s in seats.select_related("game") if s.game.first_killed_seat == s.number)
    assert f'<dd class="first-killed">{killed}</dd>' in html


def test_compare_overlays_other_players_and_a_bad_value_names_the_field(client, season):
    _first, _second, players = season
    html = client.get(f"/players/{players[0]}/", {"compare": f"{players[1]},{players[2]}", "lang": "en"}).content.decode()
    assert html.count('<g class="series"') == 3
    assert f'href="/players/{players[0]}/vs/{players[1]}/"' in html
    bad = client.get(f"/players/{players[0]}/", {"compare": "x", "lang": "en"})
    assert bad.status_code == 400 and "compare: give player numbers" in bad.content.decode()
    missing = client.get(f"/players/{players[0]}/", {"compare": "999999", "lang": "ru"})
    assert missing.status_code == 400 and "сравнение: нет игрока 999999" in missing.content.decode()


def test_a_player_seen_only_in_drafts_and_a_draft_tournament_are_hidden(client, season):
    first, _second, players = season
    draft = TournamentFactory(slug="pg-draft", publication=Publication.DRAFT)
    hidden = PlayerFactory(nickname="Тайный")
    RegistrationFactory(tournament=draft, player=hidden)
    RegistrationFactory(tournament=draft, player_id=players[0])
    assert client.get(f"/players/{hidden.pk}/").status_code == 404
    assert client.get(f"/players/{players[0]}/vs/{hidden.pk}/").status_code == 404
    assert "pg-draft" not in client.get(f"/players/{players[0]}/").content.decode()
    assert "Тайный" not in client.get("/ratings/", {"provisional": "1"}).content.decode()
    # once the first tournament is a draft again, its games leave the rating
    first.publication = Publication.DRAFT
    first.save(update_fields=["publication"])
    recompute_rating(force=True)
    html = client.get(f"/players/{players[0]}/", {"lang": "en"}).content.decode()
    assert f"/t/{first.slug}/" not in html and html.count("<circle") == 3


def test_the_default_board_is_never_empty_while_few_players_are_established(client, season):
    snapshot = current_snapshot()
    assert PlayerRating.objects.filter(snapshot=snapshot, provisional=False).count() == 0  # six games each
    html = client.get("/ratings/", {"lang": "en"}).content.decode()
    assert "Nobody is rated" not in html and "Fewer than 10 players are established yet" in html
    assert len(re.findall(r'<td class="num rating">', html)) == 20
    assert html.count('title="provisional">?</span>') == 20  # each of them marked
    ru = client.get("/ratings/", {"lang": "ru"}).content.decode()
    assert "Утвердившихся в рейтинге игроков пока меньше 10" in ru
    # ten established players: the board is theirs, the provisional hidden again
    established = list(PlayerRating.objects.filter(snapshot=snapshot).order_by("-rating")[:10])
    PlayerRating.objects.filter(pk__in=[r.pk for r in established]).update(provisional=False)
    html = client.get("/ratings/", {"lang": "en"}).content.decode()
    assert len(re.findall(r'<td class="num rating">', html)) == 10 and "Provisional players are hidden." in html
    assert 'title="provisional">?</span>' not in html


def test_a_filter_value_the_page_cannot_read_is_a_400_naming_it(client, season):
    for field, value in (("season", "0"), ("season", "-1"), ("season", "9" * 20), ("season", "1899"), ("city", "a\x00b"),
                         ("city", "x" * 121), ("provisional", "maybe")):
        for page in ("/ratings/", "/ratings/season/"):
            if field == "provisional" and page == "/ratings/season/":
                continue
            response = client.get(page, {field: value, "lang": "en"})
            assert response.status_code == 400, (page, field, value)
            assert f"{field}: " in response.content.decode(), (page, field, value)
    assert client.get("/ratings/", {"season": "2026", "city": "Москва", "provisional": "on"}).status_code == 200


def test_a_filter_given_twice_is_a_400_naming_it_whichever_value_comes_first(client, season):
    _first, _second, players = season
    for page, field, values in (("/ratings/", "season", ["1", "2026"]), ("/ratings/", "season", ["2026", "1"]),
                                ("/ratings/", "provisional", ["x", "1"]), ("/ratings/season/", "city", ["a", "b"]),
                                (f"/players/{players[0]}/", "compare", [str(players[1]), str(players[2])]),
                                (f"/players/{players[0]}/vs/", "with", ["x", "y"])):
        response = client.get(page, {field: values, "lang": "en"})
        assert response.status_code == 400, (page, field, values)
        assert "give it once" in response.content.decode(), (page, field, values)
    four = ",".join(str(p) for p in players[1:5])
    response = client.get(f"/players/{players[0]}/", {"compare": four, "lang": "en"})
    assert response.status_code == 400 and "compare: at most 3 players beside this one" in response.content.decode()
    assert response.content.decode().count('<g class="series"') == 4  # the three it can show, and his own
    twice = client.get("/players/names.json", {"q": ["a", "b"], "lang": "en"})
    assert twice.status_code == 400 and twice.json()["errors"][0]["field"] == "q"


def test_the_rating_board_hides_provisional_players_unless_asked_and_filters(client, season):
    first, _second, players = season
    html = client.get("/ratings/", {"provisional": "1", "lang": "en"}).content.decode()
    shown = [int(x) for x in re.findall(r'<td class="num rating">(\d+)</td>', html)]
    assert len(shown) == 20 and shown == sorted(shown, reverse=True)
    club = Player.objects.get(pk=players[0]).club
    members = Player.objects.filter(club=club).count()
    html = client.get("/ratings/", {"provisional": "1", "club": club.pk}).content.decode()
    assert len(re.findall(r'<td class="num rating">', html)) == members < 20
    html = client.get("/ratings/", {"provisional": "1", "role": "don"}).content.decode()
    dons = len(re.findall(r'<td class="num rating">', html))
    assert 0 < dons <= 12  # twelve games, one don each
    html = client.get("/ratings/", {"provisional": "1", "season": first.start_date.year + 5}).content.decode()
    assert '<td class="num rating">' not in html
    for field, value in (("season", "next"), ("role", "judge"), ("club", "x")):
        response = client.get("/ratings/", {field: value, "lang": "en"})
        assert response.status_code == 400 and f"{field}: " in response.content.decode()


def test_the_season_board_and_the_club_page(client, season):
    first, second, players = season
    RatingSettings.objects.create(tournament=first, stars=3)
    first.publication = Publication.FINISHED
    first.save(update_fields=["publication"])
    html = client.get("/ratings/season/", {"lang": "ru", "season": first.start_date.year}).content.decode()
    points = re.findall(r'<td class="num points">([^<]+)</td>', html)
    assert len(points) == 20 and points[0] == "233,3"  # 3 stars, 350 a win, 20 players of 30: 350 x 20/30
    club = Player.objects.get(pk=players[0]).club
    html = client.get(f"/clubs/{club.pk}/", {"lang": "en"}).content.decode()
    members = Player.objects.filter(club=club, registrations__tournament=first)
    assert len(re.findall(r'<td class="num rating">\d+</td>', html)) == members.count()
    assert f'href="/t/{first.slug}/"' in html and f'href="/t/{second.slug}/"' in html
    assert client.get("/clubs/", {"lang": "en"}).status_code == 200
    assert client.get("/clubs/99999999/").status_code == 404


def test_head_to_head_counts_the_games_the_two_played_together(client, season):
    from protocols.models import Seat
    _first, _second, players = season
    a, b = players[0], players[1]
    together = set(Seat.objects.filter(player_id=a).values_list("game_id", flat=True)) & set(
        Seat.objects.filter(player_id=b).values_list("game_id", flat=True))
    html = client.get(f"/players/{a}/vs/{b}/", {"lang": "en"}).content.decode()
    assert f'<dd class="h2h-games">{len(together)}</dd>' in html
    assert html.count("/games/") == len(together)
    assert client.get(f"/players/{a}/vs/{a}/").status_code == 404


def test_compare_by_nickname_in_any_case_and_with_yo_as_ye(client, season):
    _first, _second, players = season
    other = Player.objects.get(pk=players[1])
    other.nickname = "Ёжик"
    other.save(update_fields=["nickname"])
    html = client.get(f"/players/{players[0]}/", {"with": "ежик", "lang": "en"}).content.decode()
    assert html.count('<g class="series"') == 2 and f'href="/players/{players[0]}/vs/{other.pk}/"' in html
    # a second one keeps the first (the form carries the compared as a hidden field)
    third = Player.objects.get(pk=players[2])
    html = client.get(f"/players/{players[0]}/", {"compare": str(other.pk), "with": third.nickname.upper()}).content.decode()
    assert html.count('<g class="series"') == 3
    unknown = client.get(f"/players/{players[0]}/", {"with": "Никто", "lang": "ru"})
    assert unknown.status_code == 400 and "игрок: игрока с именем «Никто» нет" in unknown.content.decode()
    several = client.get(f"/players/{players[0]}/", {"with": "pg", "lang": "en"})  # every nickname of the season has it
    assert several.status_code == 400 and "player: “pg” matches several players" in several.content.decode()
    listed = re.search(r"matches several players: (.*?)\.<", several.content.decode()).group(1)
    assert len(listed.split(", ")) == 11 and listed.endswith(", …")  # ten names, and there are more


def test_the_names_a_box_suggests_are_public_players_matched_as_people_compare_names(client, season):
    _first, _second, players = season
    Player.objects.filter(pk=players[3]).update(nickname="Ёлка")
    Player.objects.filter(pk=players[4]).update(nickname="Велосипед")
    PlayerFactory(nickname="Ёлочка")  # in no tournament: not public
    found = client.get("/players/names.json", {"q": "ЕЛ"}).json()["players"]
    assert [p["nickname"] for p in found] == ["Ёлка", "Велосипед"]  # the name that starts with it first
    assert client.get("/players/names.json", {"q": "ёлка"}).json()["players"] == [{"id": players[3], "nickname": "Ёлка"}]
    assert client.get("/players/names.json", {"q": ""}).json() == {"players": []}
    bad = client.get("/players/names.json", {"q": "a\x00"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "q"


def test_head_to_head_is_reached_by_clicks_from_a_game_a_club_and_a_profile(client, season):
    from protocols.models import Seat

    first, _second, players = season
    a = Player.objects.get(pk=players[0])
    seat = Seat.objects.filter(player=a, game__tournament=first).select_related("game").first()
    game_page = client.get(f"/t/{first.slug}/games/{seat.game.number}/", {"lang": "en"}).content.decode()
    assert f'href="/players/{a.pk}/vs/"' in game_page and game_page.count('class="h2h-link"') == 10
    assert f'href="/players/{a.pk}/vs/"' in client.get(f"/clubs/{a.club_id}/").content.decode()
    assert f'href="/players/{a.pk}/vs/"' in client.get(f"/players/{a.pk}/").content.decode()
    choice = client.get(f"/players/{a.pk}/vs/", {"lang": "en"}).content.decode()
    rows = re.findall(rf'<a href="/players/{a.pk}/vs/(\d+)/">[^<]+</a></td><td class="num">(\d+)</td>', choice)
    together = Seat.objects.filter(game__seats__player=a).exclude(player=a).values("player").distinct().count()
    assert len(rows) == min(20, together) and [int(n) for _pk, n in rows] == sorted((int(n) for _pk, n in rows), reverse=True)
    b = Player.objects.get(pk=int(rows[0][0]))
    answer = client.get(f"/players/{a.pk}/vs/", {"with": b.nickname.lower()})
    assert answer.status_code == 302 and answer["Location"] == f"/players/{a.pk}/vs/{b.pk}/"
    itself = client.get(f"/players/{a.pk}/vs/", {"with": a.nickname, "lang": "en"})
    assert itself.status_code == 400 and "choose another player" in itself.content.decode()
    draft = TournamentFactory(slug="pg-hidden", publication=Publication.DRAFT)
    hidden = RegistrationFactory(tournament=draft).player
    assert client.get(f"/players/{hidden.pk}/vs/").status_code == 404


def test_a_season_counts_a_tournament_as_soon_as_it_is_finished(client, season):
    first, _second, _players = season
    RatingSettings.objects.create(tournament=first, stars=3)
    year = first.start_date.year
    html = client.get("/ratings/season/", {"season": year, "lang": "en"}).content.decode()
    assert '<td class="num points">' not in html  # published, still running
    first.publication = Publication.FINISHED
    first.save(update_fields=["publication"])
    html = client.get("/ratings/season/", {"season": year, "lang": "en"}).content.decode()
    assert len(re.findall(r'<td class="num points">', html)) == 20
