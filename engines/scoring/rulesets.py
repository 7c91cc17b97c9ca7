"""Rulesets as data: which rules score, which components are main points, which count in
tiebreak 1, the tiebreak order, and which game features the ruleset allows.

A third ruleset is a new ``Ruleset(...)`` added to ``RULESETS``, not new branches in the
calculator.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import RULESET_FIIM, RULESET_MAFCLUB
from .rules.base import Rule
from .rules.best_move import BestMove
from .rules.compensation import FirstNightCompensation
from .rules.escalating import EscalatingCompensation
from .rules.judge_extra import JudgeExtra
from .rules.penalties import Penalties
from .rules.removal import Removal
from .rules.replay import ReplayPenalty
from .rules.win import WinPoints

# The breakdown of mafia-standings/1, in its order; a ruleset without a component shows 0.00.
BREAKDOWN_KEYS = ("win", "compensation", "removal", "best_move", "judge_extra", "penalty",
                  "replay_penalty")


@dataclass(frozen=True)
class Ruleset:
    key: str
    rules: tuple[Rule, ...]
    main: frozenset[str]             # components summed into "main"; the rest are "extra"
    tiebreak_extra: tuple[str, ...]  # components of tiebreak 1 (8.8.1)
    tiebreaks: tuple[str, ...]       # metric keys (tiebreaks.py), best first; the lot ends ties
    annulled_games: bool             # whether annulled games, replays and gross violations exist

    @property
    def components(self) -> list[str]:
        """The breakdown keys its rules can give points for, in the breakdown's order (a page or
        a sheet of a FIIM tournament has no "replay penalty" line)."""
        keys = {rule.key for rule in self.rules}
        return [key for key in BREAKDOWN_KEYS if key in keys]


_TIEBREAK_EXTRA = ("removal", "best_move", "judge_extra", "penalty", "replay_penalty")
_TIEBREAKS = ("total", "tiebreak_extra", "wins", "wins_as_don_or_sheriff", "first_killed")

FIIM = Ruleset(
    key=RULESET_FIIM,
    rules=(WinPoints(), FirstNightCompensation(), Removal(), BestMove(), JudgeExtra(),
           Penalties()),
    main=frozenset(("win", "compensation")),
    tiebreak_extra=_TIEBREAK_EXTRA,
    tiebreaks=_TIEBREAKS,
    annulled_games=False,
)

MAFCLUB = Ruleset(
    key=RULESET_MAFCLUB,
    rules=(WinPoints(), EscalatingCompensation(), Removal(), BestMove(), JudgeExtra(),
           Penalties(), ReplayPenalty()),
    main=frozenset(("win",)),
    tiebreak_extra=_TIEBREAK_EXTRA,
    tiebreaks=_TIEBREAKS,
    annulled_games=True,
)

RULESETS: dict[str, Ruleset] = {r.key: r for r in (FIIM, MAFCLUB)}


def get_ruleset(key: str) -> Ruleset:
    try:
        return RULESETS[key]
    except KeyError:
        raise ValueError(f"unknown ruleset {key!r}; known: {', '.join(RULESETS)}") from None
