"""Who each person of the foreign records is among our players: never two people made one without
the organiser saying so.

In this order, for each name the records give (a person's newest):

1. The organiser's answer for the name, when there is one: ``same[name] = nickname`` (everyone of
   the records called so is that player: ours, or a name of these records), or ``name in new``
   (each of them is a new player; the first keeps the name when it is free, each other gets his
   platform's id beside it).
2. A person imported before is the player his code is registered to (the code is the tournament
   file's id of the person, ``person_code``; Registration.code keeps it).
3. Otherwise the name decides, and a question is asked, one a name, when it is not sure:
   - a name that reads as another (tournaments.names.name_key: case, ё, a look-alike letter) of
     ours or of the same records: "look-alike";
   - two or more people of the records with this name: "two people";
   - our player of this exact name came from another account of the same platform: "another
     account".
   Else the exact nickname is our player, and a name we do not have is a new player.
"""
from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from dataclasses import dataclass, field

from tournaments.models import Player, Registration
from tournaments.names import name_key

NICKNAME_MAX = 80  # tournaments.Player.nickname
CODE_MAX = 40  # the tournament file's player id (engines.scoring.bounds)
PLATFORM = {"polemica": "Polemica", "mafiaratings": "mafiaratings"}
_ACCOUNT = re.compile(r"([a-z]+):([0-9]+)")


@dataclass
class Question:
    name: str                   # as the records write it
    candidates: list[str]       # the players it may be: ours, or another name of these records
    why: str                    # "look-alike" | "two people" | "another account" | what is wrong with an answer
    several: bool = False       # more than one person of the records has this name


@dataclass
class People:
    nicknames: dict[str, str] = field(default_factory=dict)   # person key -> the nickname he plays under here
    matched: dict[str, str] = field(default_factory=dict)     # record's name -> our nickname
    new_players: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


def person_code(key: str) -> str:
    """The tournament file's id of a person: readable, at most CODE_MAX characters, one a person
    (a name's letters an id cannot hold would otherwise make "Гудвин" and "Мафиози" one)."""
    if _ACCOUNT.fullmatch(key):
        return key.replace(":", "-")
    digest = hashlib.blake2b(key.encode(), digest_size=6).hexdigest()
    readable = re.sub(r"[^0-9A-Za-z_.-]+", "-", key)[:CODE_MAX - len(digest) - 1].strip("-")
    return f"{readable}-{digest}"


def match(people: dict[str, str], same: dict[str, str], new: set[str]) -> People:
    """``people``: person key -> the name he last played under. The module's docstring says how."""
    out = People()
    by_name: dict[str, list[str]] = defaultdict(list)
    for key, name in people.items():
        by_name[name].append(key)
    names = set(by_name)
    ours = set(Player.objects.filter(nickname__in=names | set(same.values())).values_list("nickname", flat=True))
    # name_key -> our nicknames, and the records' names met so far: of two look-alike names of
    # the records, the one a reader sorts second is asked about the first
    spelled: dict[str, set[str]] = defaultdict(set)
    for nickname in Player.objects.values_list("nickname", flat=True).iterator():
        spelled[name_key(nickname)].add(nickname)
    known = _imported_before(people)
    accounts = _accounts(ours)
    taken = set(ours)

    def give(key: str, nickname: str, name: str) -> None:
        out.nicknames[key] = nickname
        if nickname in ours:
            out.matched[name] = nickname
        elif nickname not in out.new_players:
            out.new_players.append(nickname)
            taken.add(nickname)

    for name in sorted(by_name, key=lambda n: (name_key(n), n)):
        owners = sorted(by_name[name])
        look_alikes = sorted(spelled[name_key(name)] - {name})
        spelled[name_key(name)].add(name)
        if name in same and name in new:
            out.questions.append(Question(name, look_alikes, "answered both as the same player and as a new one"))
        elif name in same:
            if same[name] not in ours and same[name] not in names:
                out.questions.append(Question(name, look_alikes, f"no player is called {same[name]!r}"))
                continue
            if same.get(same[name], same[name]) != same[name]:  # A is B, and B is C: say which
                out.questions.append(Question(name, look_alikes, f"{same[name]!r} is answered as {same[same[name]]!r}"))
                continue
            for key in owners:
                give(key, same[name], name)
        elif name in new:
            for i, key in enumerate(owners):
                give(key, name if i == 0 and name not in taken else _suffixed(name, key, taken), name)
        else:
            fresh = [key for key in owners if key not in known]
            for key in owners:
                if key in known:
                    give(key, known[key], name)
            if not fresh:
                continue
            other_account = name in ours and any(_other_account(key, accounts.get(name, ())) for key in fresh)
            if look_alikes or len(fresh) > 1 or other_account:
                why = "look-alike" if look_alikes else "two people" if len(fresh) > 1 else "another account"
                candidates = look_alikes + ([name] if name in ours else [])
                out.questions.append(Question(name, candidates, why, several=len(fresh) > 1))
                continue
            give(fresh[0], name, name)
    return out


def _imported_before(people: dict[str, str]) -> dict[str, str]:
    """Person key -> the player his code is registered to, where one player holds it."""
    codes = {person_code(key): key for key in people}
    holders: dict[str, set[str]] = defaultdict(set)
    for code, nickname in Registration.objects.filter(code__in=codes).values_list("code", "player__nickname"):
        holders[code].add(nickname)
    return {codes[code]: next(iter(held)) for code, held in holders.items() if len(held) == 1}


def _accounts(ours: set[str]) -> dict[str, set[str]]:
    """Our nickname -> the platform accounts' codes his registrations hold."""
    out: dict[str, set[str]] = defaultdict(set)
    for nickname, code in Registration.objects.filter(player__nickname__in=ours).values_list("player__nickname", "code"):
        if code and re.fullmatch(r"[a-z]+-[0-9]+", code):
            out[nickname].add(code)
    return out


def _other_account(key: str, codes) -> bool:
    """Whether our player holds an account of the key's platform that is not the key's."""
    found = _ACCOUNT.fullmatch(key)
    if not found:
        return False
    platform = found.group(1)
    return any(code.startswith(f"{platform}-") and code != person_code(key) for code in codes)


def _suffixed(name: str, key: str, taken: set[str]) -> str:
    """A new nickname for a person whose name is someone else's: the name, cut to fit, with his
    platform's id beside it ("Гудвин (mafiaratings 502)"), a number added while that is taken."""
    platform, _sep, ident = key.partition(":")
    platform = platform.removesuffix("-name")
    label = PLATFORM.get(platform, platform)
    tail = f"{label} {ident}" if _ACCOUNT.fullmatch(key) else label
    number = 1
    while True:
        suffix = f" ({tail})" if number == 1 else f" ({tail}, {number})"
        nickname = name[:NICKNAME_MAX - len(suffix)].rstrip() + suffix
        if nickname not in taken and not Player.objects.filter(nickname=nickname).exists():
            return nickname
        number += 1
