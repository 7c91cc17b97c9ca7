"""The tournament's awards: the nominations the scoring core computes from the signed-off protocols
(engines/scoring/awards.py, docs/awards.md) and the organisers' own (tournaments.HandAward).

    tournament_awards(tournament, version) -> list[Award]   in the order they are presented: red,
                                                sheriff, black, don, best first-killed, then the
                                                organisers' awards by their order
    awards_for(tournament, user) -> AwardsView  what a viewer may see of them, worded in the
                                                active language (the pages and the diplomas)
    award_title(award), award_rule(award)       an award's name and its rule in words

The awards tell the standings, so they follow the standings' rules: nothing while the organisers
hide the standings, nor while a stage is hidden from the viewer (scoring/cuts.py); the judges,
the chief judge and the organisers see them then too, to prepare the ceremony and the diplomas.

The computed ones are kept in the cache under the standings' version and the tournament's share
(a sign-off or an amendment makes a new version, so never a stale answer); the organisers' are
read each time (one query).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from engines.scoring.awards import BEST_FIRST_KILLED, nominations
from protocols.scoring_records import load
from tournaments.models import HandAward, Tournament

from . import cuts, selectors
from .vocabulary import SCOPES

CACHE_SECONDS = 3600


@dataclass(frozen=True, slots=True)
class Nominee:
    player_id: int | None  # the Player's pk (None: a player the protocols name but the database lost)
    nickname: str
    points: Decimal | None  # the points the nomination counts; None for an organisers' award
    games: int  # games in the role, or the times first-killed
    place: int  # the overall place


@dataclass(frozen=True, slots=True)
class Award:
    kind: str  # a role, "first_killed", or "hand" for an organisers' award
    title: str  # the organisers' title of a hand award; "" for a computed one (the page names it)
    min_games: int  # the games in the role a nominee needs (the rule shown beside it)
    typical_games: int  # the games most players played (G of the rule)
    winner: Nominee | None
    runners_up: tuple[Nominee, ...] = ()

    @property
    def computed(self) -> bool:
        return self.kind != "hand"


def _computed(tournament: Tournament) -> list[Award]:
    loaded = load(tournament)
    share = Fraction(str(tournament.award_min_share))
    out = []
    for found in nominations(loaded.tournament, share):
        nominees = [Nominee(loaded.player_pks.get(c.player), c.nickname, Decimal(c.cents).scaleb(-2), c.games, c.place)
                    for c in found.ranking[:3]]
        out.append(Award(found.kind, "", found.min_games, found.typical_games,
                         nominees[0] if nominees else None, tuple(nominees[1:])))
    return out


def tournament_awards(tournament: Tournament, version: int) -> list[Award]:
    """Every award of the tournament as its standings stand at `version` (see the module)."""
    key = f"awards:{tournament.pk}:{version}:{tournament.award_min_share}"
    computed = cache.get(key)
    if computed is None:
        computed = _computed(tournament)
        cache.set(key, computed, CACHE_SECONDS)
    hand = [Award("hand", award.title, 0, 0, Nominee(award.player_id, award.player.nickname, None, 0, 0))
            for award in HandAward.objects.filter(tournament=tournament).select_related("player")]
    return [*computed, *hand]



def award_title(award: Award) -> str:
    """The award's name in the page's language: a computed nomination's, or the organisers' title."""
    titles = {
        "red": pgettext("award", "Best red player"), "sheriff": pgettext("award", "Best sheriff"),
        "black": pgettext("award", "Best black player"), "don": pgettext("award", "Best don"),
        BEST_FIRST_KILLED: pgettext("award", "Best first-killed"),
    }
    return titles.get(award.kind, award.title)


def award_rule(award: Award) -> str:
    """The rule that decided a computed nomination, in words ("" for an organisers' award)."""
    n = award.min_games
    if award.kind == BEST_FIRST_KILLED:
        return _("The most best-move points (RULES.md 8.3) earned when killed first; a tie goes to the more times "
                 "killed first, then to the better place.")
    role = {
        "red": pgettext("award rule: in the games as ...", "a red player"),
        "sheriff": pgettext("award rule: in the games as ...", "the sheriff"),
        "black": pgettext("award rule: in the games as ...", "a black player"),
        "don": pgettext("award rule: in the games as ...", "the don"),
    }.get(award.kind)
    if role is None:
        return ""
    return ngettext(
        "The most points earned in the games as %(role)s, among the players with at least %(n)s game in that role; "
        "a tie goes to fewer games, then to the better place.",
        "The most points earned in the games as %(role)s, among the players with at least %(n)s games in that role; "
        "a tie goes to fewer games, then to the better place.", n) % {"role": role, "n": n}


@dataclass(frozen=True)
class AwardsView:
    """What a viewer may see of the awards: the list, or why it is withheld."""

    awards: list[dict]
    withheld: str  # "" when shown: "standings" (the organisers hide the standings) or "stage"
    hidden_stages: tuple[str, ...] = ()


def awards_for(tournament: Tournament, user) -> AwardsView:
    """The awards `user` may see of `tournament`, each as a dict the templates and the diploma
    file read: kind, title, rule, winner (a scoring.awards.Nominee or None), runners_up."""
    if not tournament.standings_public:
        return AwardsView([], "standings")
    time = cuts.viewer_time(tournament, user)
    if time.hidden_stages:
        return AwardsView([], "stage", tuple(str(SCOPES.get(kind, kind)) for kind in time.hidden_stages))
    version = selectors.current_of(tournament).version
    rows = [{"kind": a.kind, "title": award_title(a), "rule": award_rule(a), "winner": a.winner,
             "runners_up": a.runners_up, "computed": a.computed}
            for a in tournament_awards(tournament, version)]
    return AwardsView(rows, "")
