"""The public protocol of a played game: the day record (nominations in speaking order, votes per
nominee, who left), each player's points of the game with their clauses, and a visible mark with
the reason when the chief judge amended the signed-off protocol."""
import re

import pytest

from protocols.day_record import speaking_order
from protocols.models import Game, Nomination, ProtocolVersion, VoteCount
from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    t = played("proto", players=20, rounds=2)
    recompute(t.pk)
    return Game.objects.filter(tournament=t, number=1).get()


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _day(html: str, n: int) -> str:
    return _text(re.search(rf'<section class="day" id="day-{n}">(.*?)</section>', html, re.S).group(1))


def test_the_protocol_shows_each_days_nominations_votes_and_who_left(client, game):
    html = client.get("/t/proto/games/1/?lang=en").content.decode()
    nominations = list(game.nominations.order_by("day", "id"))
    assert nominations, "the demo game has a day record"
    gone = {s.number: s.left_on + 1 for s in game.seats.exclude(left_how="")}
    for n in {nom.day for nom in nominations}:
        day = _day(html, n)
        order = speaking_order(n, gone)
        said = " , ".join(f"{nom.by_seat} → {nom.nominee_seat}"
                          for nom in sorted(nominations, key=lambda nom: order.index(nom.by_seat)) if nom.day == n)
        assert f"Nominations: {said}" in day
        for vote in game.votes.filter(day=n, ballot=1):
            assert f"seat {vote.nominee_seat}: {vote.votes}" in day
    for seat in game.seats.select_related("player").exclude(left_how=""):
        day = _day(html, seat.left_on)
        if seat.left_how == "voted":
            assert f"{seat.number} {seat.player.nickname} (voted out, day {seat.left_on})" in day
        if seat.left_how == "killed":  # after the day's vote: night N follows day N
            killed = f"{seat.number} {seat.player.nickname} (killed, night {seat.left_on})"
            assert killed in day
            assert "voted out" not in day.split(killed, 1)[1]


def test_nominations_read_in_the_days_speaking_order_and_votes_in_the_order_nominated(client, game):
    # day 2 opens one living seat after day 1's first speaker: seat 2 speaks first, seat 1 last.
    # Stored in seat order (1 then 5), the table heard 5 -> 7 before 1 -> 3, and voted on 7 first.
    game.seats.filter(number__in=[1, 2, 5]).update(left_how="", left_on=None)
    game.nominations.filter(day=2).delete()
    game.votes.filter(day=2).delete()
    Nomination.objects.bulk_create([Nomination(game=game, day=2, by_seat=1, nominee_seat=3),
                                    Nomination(game=game, day=2, by_seat=5, nominee_seat=7)])
    VoteCount.objects.bulk_create([VoteCount(game=game, day=2, ballot=1, nominee_seat=3, votes=4),
                                   VoteCount(game=game, day=2, ballot=1, nominee_seat=7, votes=5)])
    day = _day(client.get("/t/proto/games/1/?lang=en").content.decode(), 2)
    assert "Nominations: 5 → 7 , 1 → 3" in day
    assert day.index("seat 7: 5") < day.index("seat 3: 4")


def test_the_protocol_shows_every_players_points_of_the_game_with_the_clause(client, game):
    html = client.get("/t/proto/games/1/?lang=en").content.decode()
    protocol = re.search(r'<table class="protocol">.*?</table>', html, re.S).group(0)
    lines = re.search(r'<table class="lines game-lines">.*?</table>', html, re.S).group(0)
    for seat in game.seats.all():
        row = PlayerStanding.objects.get(snapshot__tournament=game.tournament, snapshot__scope="all", player_id=seat.player_id)
        stored = next(lines_ for number, _s, _r, lines_ in row.explanation if number == game.number)
        total = sum(line[2] for line in stored) / 100
        seat_row = re.search(rf'<tr class="role-\w+">\s*<td class="num">{seat.number}\b.*?</tr>', protocol, re.S).group(0)
        assert f'<td class="num game-points">{total:.2f}</td>' in seat_row
        shown = re.findall(rf'<tr data-seat="{seat.number}">.*?</tr>', lines, re.S)
        assert len(shown) == max(1, len(stored))  # a game that gave nothing has one "no points" line
        for tr, (_component, clause, cents, *_rest) in zip(shown, stored or [("none", "8.2.3", 0)], strict=True):
            assert f"<td>{clause}</td>" in tr and f'<td class="num">{cents / 100:.2f}</td>' in tr
    winners = "8.2.1" if game.result == "red" else "8.2.2"
    assert winners in lines


def test_an_amended_protocol_says_so_with_the_reason(client, game):
    before = client.get("/t/proto/games/1/?lang=en").content.decode()
    assert 'class="amended"' not in before
    ProtocolVersion.objects.create(game=game, version=game.version + 1, action="amend",
                                   reason="протест игрока 4: фол снят", data={})
    html = client.get("/t/proto/games/1/?lang=en").content.decode()
    box = _text(re.search(r'<div class="amended" role="note">(.*?)</div>', html, re.S).group(1))
    assert "Amended : the chief judge changed this protocol after it was signed off." in box
    assert "протест игрока 4: фол снят" in box
