"""What the standings' marks mean, worded for the page: the difficulty coefficient K (8.7) and
the point components a tournament's ruleset can produce.

K is read back from the stored snapshot: its value, and from the scored games' results
(`Snapshot.scored`) which side won fewer games, i.e. which wins are "hard" (RULES.md §3).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from engines.scoring.rulesets import BREAKDOWN_KEYS, get_ruleset
from tournaments.participants import k_verdict

SIDES = {"red": _("the red team"), "black": _("the black team")}


@dataclass(frozen=True)
class KLegend:
    """`state` is "applies", "equal" (as many red as black wins), "too_many" (more participants
    than the tournament's K limit) or "off" (switched off in the tournament's settings)."""

    state: str
    k: str = ""
    hard_side: str = ""
    red_wins: int = 0
    black_wins: int = 0
    games: int = 0
    max_participants: int = 0


def k_legend(tournament, snapshot) -> KLegend | None:
    """The K line for a snapshot's standings (scoring.selectors.Snapshot), or None before any game is scored."""
    if snapshot is None or not snapshot.games:
        return None
    results = [game.result for game in snapshot.scored.values()]
    red, black = results.count("red"), results.count("black")
    games = len([r for r in results if r != "annulled"])
    common = {"red_wins": red, "black_wins": black, "games": games, "max_participants": tournament.k_max_participants}
    if not tournament.k_applies:
        return KLegend("off", **common)
    if snapshot.k:
        return KLegend("applies", k=snapshot.k, hard_side=SIDES["red" if red < black else "black"], **common)
    # selectors.tournament_for_page counts the participants (substitutes do not count)
    if not k_verdict(tournament, registered=getattr(tournament, "registered_at_start", None)).applies:
        return KLegend("too_many", **common)
    return KLegend("equal", **common)


def ruleset_components(ruleset: str) -> list[str]:
    """The breakdown keys the ruleset's rules can give points for, in the breakdown's order:
    no "replay penalty" line on a FIIM tournament."""
    try:
        return get_ruleset(ruleset).components
    except ValueError:
        return list(BREAKDOWN_KEYS)
