"""The rating as it is run: a few filters that differ only in their priors, each weighed by how
well it forecast the games before (Bayesian model averaging over the priors' spreads).

How far players lie apart, how much a side or a seat of their own adds, is a property of the
field, not of a game of ten: a club where everyone is of one level and a federation with
champions and beginners want different priors, and a season tells which. Each member of the
bank is the whole model of model.py with its own (skill, side part, role part) spreads
(``PRIORS``); all learn from every game. A game's forecast is the members' forecasts averaged
with weights exp(-L_k), L_k the member's log-loss summed over every earlier game (its
predictive likelihood on the past games only, the posterior of "this member is the right one"
under a uniform prior). So the mixture forecasts nearly as well as the best member from the
start (at most ln 5 nats behind it over a season) and soon follows it alone.

What is shown (ratings, uncertainties, the learned side term and weights) is the leading
member's: the one with the least log-loss so far (the design's default while they are
tied). A change of leader moves every shown rating at once; on the bench's seasons it happens
within the first few hundred games, if at all.

On the bench's simulated worlds (bench/rating.py, 20,000 games, seeds 1-3) the bank takes
0.0001-0.0032 off the log-loss of the default member alone, most where the world's players
differ more by side than the default prior says; it costs 0.0001 where the default is right.
Five members cost five updates a game: 100,000 games recompute in about 7 s of CPU.
"""
from __future__ import annotations

import math
from dataclasses import replace

from .games import RatedGame
from .model import RatingModel
from .params import DEFAULT, Params

# (skill_sd, side_sd, role_sd) of each member, in logits: the design's default first (params.py
# says why those values); then wider and narrower fields: side and seat parts as wide as the
# skills' default, skills wider with parts as the default, skills wider still with parts half
# the default, and a field of near equals.
PRIORS = ((0.30, 0.15, 0.15), (0.45, 0.30, 0.30), (0.45, 0.15, 0.15), (0.60, 0.075, 0.075), (0.10, 0.05, 0.05))
STATE_FORMAT = 4  # a bank; its members' states are model.STATE_FORMAT (3)
_OUTCOME = {"red": 1.0, "black": 0.0, "draw": 0.5}
_TINY = 1e-12


class RatingBank:
    """The members of ``PRIORS`` learning side by side; the interface of one RatingModel
    (update, predict, player, summary, mean_skill, players, day, params, to_state, from_state),
    with forecasts averaged and everything else the leading member's."""

    def __init__(self, params: Params = DEFAULT, priors=PRIORS):
        self.members = [RatingModel(replace(params, skill_sd=a, side_sd=d, role_sd=r)) for a, d, r in priors]
        self.losses = [0.0] * len(self.members)  # each member's log-loss over the games so far

    # -- forecasts ---------------------------------------------------------------------------
    def _mix(self, forecasts) -> float:
        low = min(self.losses)
        weights = [math.exp(low - loss) for loss in self.losses]
        return sum(w * p for w, p in zip(weights, forecasts)) / sum(weights)

    def predict(self, game: RatedGame) -> float:
        """P(team red wins ``game``) from the games learned so far; changes nothing."""
        return self._mix([m.predict(game) for m in self.members])

    def update(self, game: RatedGame) -> float:
        """Learn from one rated game; returns the forecast made before learning it."""
        forecasts = [m.update(game) for m in self.members]
        p = self._mix(forecasts)
        y = _OUTCOME[game.result]
        for k, q in enumerate(forecasts):
            q = min(max(q, _TINY), 1.0 - _TINY)
            self.losses[k] -= y * math.log(q) + (1.0 - y) * math.log(1.0 - q)
        return p

    # -- what is shown: the leading member's -------------------------------------------------
    @property
    def leader(self) -> RatingModel:
        """The member with the least log-loss so far (the first of the tied: the default)."""
        return self.members[min(range(len(self.members)), key=lambda k: (self.losses[k], k))]

    @property
    def players(self) -> dict:
        return self.leader.players

    @property
    def day(self) -> int | None:
        return self.leader.day

    @property
    def params(self) -> Params:
        return self.leader.params

    @property
    def games(self) -> int:
        return self.leader.games

    def player(self, pid: str, day: int | None = None) -> dict | None:
        return self.leader.player(pid, day)

    def mean_skill(self) -> float:
        return self.leader.mean_skill()

    def summary(self) -> dict:
        """The leader's summary, with its priors and each member's share of the forecast."""
        out = self.leader.summary()
        low = min(self.losses)
        weights = [math.exp(low - loss) for loss in self.losses]
        total = sum(weights)
        out["priors"] = {"skill_sd": self.params.skill_sd, "side_sd": self.params.side_sd,
                         "role_sd": self.params.role_sd}
        out["members"] = [{"skill_sd": m.params.skill_sd, "side_sd": m.params.side_sd,
                           "role_sd": m.params.role_sd, "share": w / total}
                          for m, w in zip(self.members, weights)]
        return out

    # -- saving and resuming -----------------------------------------------------------------
    def to_state(self) -> dict:
        """A JSON-able copy of the whole bank; ``from_state`` resumes it exactly."""
        return {"format": STATE_FORMAT, "losses": list(self.losses), "members": [m.to_state() for m in self.members]}

    @classmethod
    def from_state(cls, state: dict) -> RatingBank:
        """The bank ``to_state`` saved; ValueError for a state of another format (one model's,
        or an older bank's: only a full recompute gives what this one would have learned)."""
        if state.get("format") != STATE_FORMAT:
            raise ValueError(f"a rating state of format {state.get('format', 1)}, this rating reads {STATE_FORMAT}")
        bank = cls.__new__(cls)
        bank.members = [RatingModel.from_state(s) for s in state["members"]]
        bank.losses = [float(x) for x in state["losses"]]
        return bank


def rate_season(games, params: Params = DEFAULT) -> tuple[RatingBank, list[float]]:
    """Fold a season's games (in order) into a bank; with each game's forecast made before it
    was learned."""
    bank = RatingBank(params)
    update = bank.update
    return bank, [update(g) for g in games]
