"""The model's hyperparameters, fixed by design (not fitted to any season): those of one
filter, and the spreads below are the default member's of the bank the rating runs (bank.py
holds the four others beside it, chosen among by their forecasts of the games before).

Skills are in logits of team red's win per seat of average weight: a player 0.3 above
another, put in the same seat, moves the game's log-odds by about 0.3. The values come from
what a game of ten is, not from a data set:

- a newcomer's skill: N(0, 0.30^2). Ten seats add up, so the spread of a table's sum is about
  0.3 x sqrt(10) ~ 0.95 logits: a strong table against a weak one goes 70/30, two random
  tables rarely further apart; that is what club statistics of win rates show (the best
  players of a club win 60-65 % where the average is 50-57 %).
- the side-specific part (better as red than as black, or the reverse): N(0, 0.15^2), half the
  spread of the skill: most of what makes a player good serves both sides, so the side part
  is shrunk towards the overall skill until the games show otherwise.
- the sheriff's and the don's own parts (how much better or worse he is in that seat than
  his skill says): N(0, 0.15^2), as tight as the side part; they learn only from his games in
  that seat (one in ten as sheriff, one in ten as don) and do not walk with time. On the
  simulated worlds with such parts they took 0.0018-0.0024 off the log-loss, and cost
  0.0001-0.0002 on the worlds without (bench/rating.py, issue 36).
- time away: skills walk by 0.15 a year (the side part by 0.075), so a year's break gives
  back a quarter of a newcomer's variance; never more than a newcomer's (the cap).
- the side term (red's base rate): N(0, 0.3^2) at the start (base_mean, base_sd): even odds
  between two equal teams, and within 35-65 % at two standard deviations, the range the
  field's red shares lie in; it may walk by 0.05 a year (rulesets and habits change). It was
  N(0, 1^2), which let a single black win move the next game of ten unseen players to 43 %
  for red; at 0.3 one game moves it by about 2.5 points and a season still teaches it its base
  rate (log-loss unchanged to 4 decimals on every simulated world, seeds 1-3: bench/rating.py).
- a ruleset's own part of the side term: N(0, 0.2^2) for each ruleset but the first one met
  (whose side term is b itself): red's base rate under other rules may differ by 5 points at
  one standard deviation. It does not walk (b does, for all of them).
- seat weights: log-weights N(0, 0.5^2) around 1 (every seat counts the same until the games
  say otherwise): the sheriff's, the don's, a red seat against a black one, and one scale of
  the ordinary seats (where skills matter less than the prior says, it shrinks them).
- provisional: fewer than 20 rated games, or an uncertainty above 0.25 (43 points; a newcomer
  passes it after about 30 games close together, later when his games are years apart).
- shown rating: 1500 + 400/ln 10 x (skill - 2 x uncertainty): Elo's points, so 100 points
  between two players mean the odds an Elo difference of 100 would give, in one seat.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

DAYS_A_YEAR = 365.25


@dataclass(frozen=True, slots=True)
class Params:
    skill_sd: float = 0.30
    side_sd: float = 0.15
    role_sd: float = 0.15
    skill_drift_a_year: float = 0.15
    side_drift_a_year: float = 0.075
    base_mean: float = 0.0
    base_sd: float = 0.3
    base_drift_a_year: float = 0.05
    ruleset_sd: float = 0.2
    weight_sd: float = 0.5
    provisional_games: int = 20
    provisional_sd: float = 0.25
    shown_offset: float = 1500.0
    shown_scale: float = 400.0 / math.log(10.0)
    shown_margin: float = 2.0

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


DEFAULT = Params()
