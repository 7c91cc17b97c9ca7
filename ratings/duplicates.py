"""Likely duplicates among the players: two rows whose nicknames read the same once case, ё/е,
spaces and punctuation are ignored ("Ivan.K" and "ivan k"), or, in one club, whose real names
read the same. Only a flag for a person to look at: a merge is always a superuser's decision."""
from __future__ import annotations

import unicodedata
from collections import defaultdict

from tournaments.models import Player
from tournaments.names import name_key


def nickname_key(nickname: str) -> str:
    """A nickname as people compare it: tournaments/names.py's `name_key` (the project's one
    normalisation: case, ё/е, look-alike letters, invisible characters) of the nickname with its
    punctuation read as spaces, so each part keeps its own script, then without the spaces."""
    spaced = "".join(ch if ch.isalnum() or unicodedata.category(ch) == "Cf" else " " for ch in nickname)
    return name_key(spaced).replace(" ", "")


def likely_duplicates() -> dict[int, set[int]]:
    """Player pk -> the pks of the other players that are likely the same person."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for pk, nickname, real_name, club_id in Player.objects.values_list("pk", "nickname", "real_name", "club_id"):
        key = nickname_key(nickname)
        if key:
            groups[("nickname", key)].append(pk)
        real = name_key(real_name)
        if real and club_id is not None:
            groups[("real name", club_id, real)].append(pk)
    found: dict[int, set[int]] = defaultdict(set)
    for pks in groups.values():
        if len(pks) > 1:
            for pk in pks:
                found[pk].update(p for p in pks if p != pk)
    return dict(found)
