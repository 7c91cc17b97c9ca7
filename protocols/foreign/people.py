"""Who each person of the foreign records is among our players: never two people made one without
the organiser saying so.

In this order, for each name the records give (a person's newest):

1. The organiser's answer for the name, when there is one: ``same[name] = nickname`` (everyone of
   the records called so is that player: ours, or a name of these records), or ``name in new``
   (each of them is a new player; the first keeps the name when it is free, each other gets his
   platform's id beside it).
2. A person imported before is the player that import made him (protocols.ForeignPerson).
3. Otherwise the name decides, and a question is asked, one a name, when it is not sure about
   someone new here (the answer then is about everyone of the name, those imported before too):
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

from django.utils.translation import gettext as _

from protocols.models import ForeignPerson
from tournaments.models import Player
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
    known = _imported_before(people)
    ours = set(Player.objects.filter(nickname__in=names | set(same.values()) | {nick for nick, _made in known.values()})
               .values_list("nickname", flat=True))
    # name_key -> our nicknames, and the records' names met so far: of two look-alike names of
    # the records, the one a reader sorts second is asked about the first
    spelled: dict[str, set[str]] = defaultdict(set)
    for nickname in Player.objects.values_list("nickname", flat=True).iterator():
        spelled[name_key(nickname)].add(nickname)
    accounts = _accounts(ours)
    taken = set(ours)

    def give(key: str, nickname: str, name: str) -> None:
        out.nicknames[key] = nickname
        if nickname in ours:
            out.matched[name] = nickname
        elif nickname not in out.new_players:
            out.new_players.append(nickname)
            taken.add(nickname)

    def ask(name: str, candidates: list[str], why: str, people_asked: list[str]) -> None:
        out.questions.append(Question(name, candidates, why, several=len(people_asked) > 1))

    def follows_another(n: str) -> bool:  # answered as the same as another name of these records (not ours)
        return n in same and same[n] != n and same[n] in names and same[n] not in ours

    # a name answered as another of the records' goes after it, to be whoever its people are
    for name in sorted(by_name, key=lambda n: (follows_another(n), name_key(n), n)):
        owners = sorted(by_name[name])
        look_alikes = sorted(spelled[name_key(name)] - {name})
        spelled[name_key(name)].add(name)
        fresh = [key for key in owners if key not in known]
        # an answer is about everyone of the name (so the same answer again changes nothing); a
        # question is asked while one of them is new here, and says so when they are several
        asked = owners if name in same or name in new else fresh
        for key in owners:
            if key not in asked:
                give(key, known[key][0], name)
        if not asked:
            continue
        if name in same and name in new:
            ask(name, look_alikes, _("answered both as the same player and as a new one"), asked)
        elif name in same:
            target = same[name]
            if target not in ours and target not in names:
                ask(name, look_alikes, _("no player is called '%(name)s'") % {"name": target}, asked)
            elif same.get(target, target) != target:  # A is B, and B is C: say which
                ask(name, look_alikes, _("'%(name)s' is answered as '%(other)s'") % {"name": target, "other": same[target]}, asked)
            elif follows_another(name):
                theirs = {out.nicknames[key] for key in by_name[target] if key in out.nicknames}
                if len(theirs) > 1:
                    ask(name, look_alikes, _("'%(name)s' is answered as different people") % {"name": target}, asked)
                elif not theirs:
                    ask(name, look_alikes, _("'%(name)s' is to be answered first") % {"name": target}, asked)
                else:
                    nickname = theirs.pop()
                    for key in asked:
                        give(key, nickname, name)
            else:
                for key in asked:
                    give(key, target, name)
        elif name in new:
            _split(name, asked, known, give, taken)
        else:
            other_account = name in ours and any(_other_account(key, accounts.get(name, ())) for key in asked)
            if look_alikes or len(asked) > 1 or other_account:
                why = "look-alike" if look_alikes else "two people" if len(asked) > 1 else "another account"
                ask(name, look_alikes + ([name] if name in ours else []), why, owners)
            else:
                give(asked[0], name, name)
    return out


def _split(name: str, asked: list[str], known: dict[str, tuple[str, bool]], give, taken: set[str]) -> None:
    """People of one name answered as different people: a person imported before keeps the
    player made for him alone (``_imported_before``), whatever it is called now (a merge may have
    renamed it); the first of the others takes the name where it is free, each other gets his
    platform's id."""
    kept = set()
    for key in asked:
        mine, made = known.get(key, (None, False))
        if made:
            give(key, mine, name)
            kept.add(key)
    for key in asked:
        if key not in kept:
            give(key, name if name not in taken else _suffixed(name, key, taken), name)


def _imported_before(people: dict[str, str]) -> dict[str, tuple[str, bool]]:
    """Person key -> (the player an import made him, whether it made that player for him alone:
    a player two people of the records were answered to be is neither's own)."""
    links = list(ForeignPerson.objects.filter(key__in=people).values_list("key", "player_id", "player__nickname",
                                                                            "made_for_him"))
    # the same human's accounts on two platforms are one player rightly: count one platform's people
    holders: dict[tuple[int, str], int] = defaultdict(int)
    for key, pid in ForeignPerson.objects.filter(player_id__in={pid for _k, pid, _n, _m in links}).values_list(
            "key", "player_id"):
        holders[pid, _platform(key)] += 1
    return {key: (nickname, made and holders[pid, _platform(key)] == 1) for key, pid, nickname, made in links}


def _platform(key: str) -> str:
    return key.partition(":")[0].removesuffix("-name")


def _accounts(ours: set[str]) -> dict[str, set[str]]:
    """Our nickname -> the platform accounts (keys) imported as him."""
    out: dict[str, set[str]] = defaultdict(set)
    for nickname, key in ForeignPerson.objects.filter(player__nickname__in=ours).values_list("player__nickname", "key"):
        out[nickname].add(key)
    return out


def _other_account(key: str, keys) -> bool:
    """Whether our player was imported as another account of the key's platform."""
    found = _ACCOUNT.fullmatch(key)
    return bool(found) and any(other != key and other.startswith(f"{found.group(1)}:") for other in keys)


def _forms(name: str, key: str):
    """The nicknames a person of ``name`` gets when it is someone else's: the name, cut to fit,
    with his platform's id beside it ("Гудвин (mafiaratings 502)"), then with a number added."""
    platform = _platform(key)
    label = PLATFORM.get(platform, platform)
    tail = f"{label} {key.partition(':')[2]}" if _ACCOUNT.fullmatch(key) else label
    for number in range(1, 101):  # a hundred forms are plenty: each is one person's
        suffix = f" ({tail})" if number == 1 else f" ({tail}, {number})"
        yield name[:NICKNAME_MAX - len(suffix)].rstrip() + suffix


def _suffixed(name: str, key: str, taken: set[str]) -> str:
    """The first of ``_forms`` nobody has."""
    for nickname in _forms(name, key):
        if nickname not in taken and not Player.objects.filter(nickname=nickname).exists():
            return nickname
    raise ValueError(f"no free nickname for {name!r}")  # a hundred players of one person's forms: not a club's history
