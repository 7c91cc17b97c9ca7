"""Clubs named by a player or a file: one club per name as a Russian reader compares names
(names.name_key: case, ё/е, spaces), made on first mention."""
from __future__ import annotations

from .models import Club
from .names import name_key


class ClubsByName:
    """The clubs stored, found by name; ``get_or_create`` makes a missing one (with the city
    it was given) and remembers it, so a file naming one new club twice makes it once."""

    def __init__(self):
        self._clubs = {name_key(c.name): c for c in Club.objects.all()}

    def get_or_create(self, name: str, city: str = "") -> Club:
        key = name_key(name)
        club = self._clubs.get(key)
        if club is None:
            club = self._clubs[key] = Club.objects.create(name=name, city=city)
        return club
