"""The API's view of the permission cast (tests/protocols/helpers.py): a client per persona, and the
complete valid protocol of `complete_post` in the API's JSON."""
from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.protocols.helpers import ROLES, Cast


def client_for(cast: Cast, who: str) -> APIClient:
    """An API client with the persona's token (none for the anonymous visitor)."""
    client = APIClient()
    if who != "anonymous":
        token, _ = Token.objects.get_or_create(user=getattr(cast, who))
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def protocol(game, **changes) -> dict:
    """Red wins: the protocol of tests/protocols/helpers.complete_post, as JSON for the API.

    `changes` replace top-level fields; `seat3={"fouls": 5}` changes one seat."""
    seats = []
    for seat in game.seats.order_by("number"):
        n = seat.number
        seats.append({"number": n, "player": seat.player_id, "role": ROLES[n], "fouls": 0})
    left = {3: ("voted", 1), 10: ("killed", 1), 7: ("voted", 2), 8: ("killed", 2), 9: ("voted", 3)}
    for n, (how, on) in left.items():
        seats[n - 1].update(left_how=how, left_on=on)
    seats[0].update(extra="0.3", extra_reason="нашёл обоих чёрных")
    seats[1].update(fouls=2)
    data = {
        "version": game.version,
        "seats": seats,
        "nominations": [{"day": 1, "by_seat": 1, "nominee_seat": 3}, {"day": 1, "by_seat": 4, "nominee_seat": 5},
                        {"day": 2, "by_seat": 2, "nominee_seat": 7}, {"day": 3, "by_seat": 1, "nominee_seat": 9}],
        "votes": [{"day": 1, "ballot": 1, "nominee_seat": 3, "votes": 6}, {"day": 1, "ballot": 1, "nominee_seat": 5, "votes": 4}],
        "first_killed_seat": 10, "best_move": [3, 7, 9], "result": "red",
    }
    for key, value in changes.items():
        if key.startswith("seat") and key[4:].isdigit():
            data["seats"][int(key[4:]) - 1].update(value)
        else:
            data[key] = value
    return data
