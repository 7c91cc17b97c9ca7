"""The rating: P(red wins) from who sits on each side in which role, learned game by game.

For a game with seats i (player, role), side s_i = +1 for team red (red, sheriff) and -1 for
team black (black, don):

    logit P(red wins) = b + sum_i s_i * w(role_i) * (a_i + s_i * d_i + r_i(role_i))

- ``b``: the side term, red's base rate in logits (learned, a Kalman state of its own), plus,
  for a game under another ruleset than the first one met, that ruleset's own part (a Kalman
  state of its own each, learned only from its games: red wins more under some rules);
- ``a_i``: player i's overall skill; ``d_i``: how much better he is for red than for black
  (his skill as red or sheriff is a_i + d_i, as black or don a_i - d_i), with a tighter
  prior, so the side part is shrunk towards the overall skill; ``r_i``: his own part as
  sheriff (r_i(sheriff)) and as don (r_i(don)), 0 in the other seats, with a tighter prior
  still (a good player is a good sheriff; some are better at it than their skill says);
- ``w``: seat weights, w(red) = e^(l + k), w(black) = e^(l - k), w(sheriff) = e^ws,
  w(don) = e^wd; l (how much the skills of the ordinary seats matter at all), k (a red seat
  against a black one), ws and wd learned: their own Kalman state, with the current skills as
  features (d logit / d l = the red and black seats' terms, and so on); all 1 at the start.

Each player carries a Gaussian belief N((a, d), P) with a 2x2 covariance, and one for each of
his two role parts, kept apart from it (the role parts learn only from his games in that
seat, a few in ten; tracking their covariance with (a, d) changed no forecast measurably
and would cost a 4x4 matrix a player). Before a game the (a, d) belief widens with the days
since the player's last game (a random walk, capped at a newcomer's prior); the role parts
are taken as lasting (what changes with time is carried by the skill). The prediction
integrates over every belief (the probit approximation p = sigma(m / sqrt(1 + pi v / 8)), m
and v the mean and variance of the logit), so unknown players pull a forecast towards 0.5.
After the game (y = 1 red won, 0 black won, 0.5 draw) one step of the Kalman filter for a
logistic observation (as Glicko and the "simplified Kalman" ratings do), per player
h_i = s_i w_i (1, s_i), u_i = P_i h_i:

    (a, d)_i += u_i (y - p) / (1 + q v),  P_i -= u_i u_i^T q / (1 + q v),  q = p (1 - p)

and the same for b (feature 1) and for the weights. Each player keeps his own step (an earlier
version cut the ten's changes to a zero sum, each player's in proportion to his variance; on
the bench's worlds that cost up to 0.0031 of log-loss, bench/rating_projection.py). What the
ten's skill changes add up to is then taken out of every player's skill at once and handed to
b, and the side parts are kept centred the same way: lowering every a by c lowers a game's
logit by c x the sum of its seats' signed weights, every d by c x the sum of the weights, the
same in every 6/1/2/1 game, so b takes it and no forecast between players already met moves
(a newcomer is taken for an average player of those met). So the mean skill of all players
stays 0 for ever: no inflation, and activity alone earns nothing.

This is one filter with fixed priors; the rating as run is a bank of them with different
priors, weighed by their past forecasts (bank.py).

Shown: rating = skill - 2 x uncertainty (cautious), on Elo's scale (params.py).

Everything is a pure function of the games given, in order: no clock, no randomness; the
state can be saved (``to_state``) and resumed (``from_state``) with identical results.
"""
from __future__ import annotations

import math

from .games import BLACK, BLACK_WIN, DON, DRAW, RED, RED_WIN, SHERIFF, RatedGame
from .params import DAYS_A_YEAR, DEFAULT, Params

_PI_8 = math.pi / 8.0
_OUTCOME = {RED_WIN: 1.0, BLACK_WIN: 0.0, DRAW: 0.5}
_ROLE_INDEX = {RED: 0, SHERIFF: 1, BLACK: 2, DON: 3}  # red team first
# a player's record: a, d (raw, see a_offset and d_offset), Paa, Pad, Pdd, last day, then the statistics,
# then the role parts and their variances
A, D, PAA, PAD, PDD, LAST = range(6)
GAMES_RED, GAMES_SHERIFF, GAMES_BLACK, GAMES_DON, WINS, DRAWS, TOUR, TOUR_START = range(6, 14)
R_SHERIFF, P_SHERIFF, R_DON, P_DON = range(14, 18)
_ROLE_PART = {1: R_SHERIFF, 3: R_DON}  # by role code: where his part in that seat is kept
# 1: before the role parts; 2: each game's change of the ten skills projected onto a zero sum
# (a stored state of an earlier format is recomputed in full)
STATE_FORMAT = 3


class RatingModel:
    """The state of the rating after the games given so far.

    ``predict(game)`` gives P(red wins) without changing anything; ``update(game)`` gives
    the same number and then learns from the game's result. Games must come in the season's
    order (reader.read_season); a game's day may be None (no time passes).
    """

    def __init__(self, params: Params = DEFAULT):
        self.params = params
        self.players: dict[str, list] = {}
        self.base = params.base_mean
        self.base_var = params.base_sd ** 2
        self.omega = [0.0, 0.0, 0.0, 0.0]  # l, k, ws, wd
        ws = params.weight_sd ** 2
        self.omega_var = [[ws if r == c else 0.0 for c in range(4)] for r in range(4)]
        self.a_offset = 0.0
        self.d_offset = 0.0
        self.reference_ruleset: str | None = None  # the first met: its side term is b alone
        self.rulesets: dict[str, list[float]] = {}  # any other: [mean, variance] of its part
        self.day: int | None = None
        self.games = 0
        self._a0 = params.skill_sd ** 2
        self._d0 = params.side_sd ** 2
        self._r0 = params.role_sd ** 2
        self._ga = params.skill_drift_a_year ** 2 / DAYS_A_YEAR
        self._gd = params.side_drift_a_year ** 2 / DAYS_A_YEAR
        self._gb = params.base_drift_a_year ** 2 / DAYS_A_YEAR
        self._rs0 = params.ruleset_sd ** 2

    # -- the parts ---------------------------------------------------------------------------
    def weights(self) -> dict[str, float]:
        lam, k, ws, wd = self.omega
        return {RED: math.exp(lam + k), SHERIFF: math.exp(ws), BLACK: math.exp(lam - k), DON: math.exp(wd)}

    def _belief(self, pid: str, day: int | None):
        """(a, d, Paa, Pad, Pdd) of a player on ``day``: widened by the time away."""
        st = self.players.get(pid)
        if st is None:
            return 0.0, 0.0, self._a0, 0.0, self._d0
        paa, pdd = st[PAA], st[PDD]
        last = st[LAST]
        if day is not None and last is not None and day > last:
            gap = day - last
            paa = min(paa + self._ga * gap, self._a0)
            pdd = min(pdd + self._gd * gap, self._d0)
        return st[A] - self.a_offset, st[D] - self.d_offset, paa, st[PAD], pdd

    def _forecast(self, game: RatedGame):
        """The prediction and what the update needs of it, in one pass over the seats:
        (p, v, rows, P_w J, the side term's variance, the weights by role code)."""
        lam, k, ws, wd = self.omega
        wr, wb = math.exp(lam + k), math.exp(lam - k)
        # by role: (code, side, weight, which weight parameter, its sign)
        w = (wr, math.exp(ws), wb, math.exp(wd))
        day = game.day
        base_var = self.base_var
        if day is not None and self.day is not None and day > self.day:
            base_var += self._gb * (day - self.day)
        m = self.base
        v = base_var
        part = self._ruleset_part(game.ruleset)
        if part is not None:
            m += part[0]
            v += part[1]
        jr = jb = j1 = j2 = 0.0
        rows = []
        append = rows.append
        get = self.players.get
        a0, d0, role0, ga, gd = self._a0, self._d0, self._r0, self._ga, self._gd
        a_offset, offset = self.a_offset, self.d_offset
        for pid, role in game.seats:
            code = _ROLE_INDEX[role]
            st = get(pid)
            if st is None:
                a = d = pad = r = 0.0
                paa, pdd, prr = a0, d0, role0
            else:
                a, d, paa, pad, pdd, last = st[0] - a_offset, st[1] - offset, st[2], st[3], st[4], st[5]
                if code & 1:  # sheriff, don
                    r, prr = st[_ROLE_PART[code]], st[_ROLE_PART[code] + 1]
                if day is not None and last is not None and day > last:
                    paa += ga * (day - last)
                    if paa > a0:
                        paa = a0
                    pdd += gd * (day - last)
                    if pdd > d0:
                        pdd = d0
            if code < 2:  # red, sheriff
                x = w[code]
                contribution = x * (a + d)
                v += x * x * (paa + 2.0 * pad + pdd)
                u0 = x * (paa + pad)
                u1 = x * (pad + pdd)
            else:  # black, don
                x = -w[code]
                contribution = x * (a - d)
                v += x * x * (paa - 2.0 * pad + pdd)
                u0 = x * (paa - pad)
                u1 = x * (pad - pdd)
            if code & 1:  # sheriff, don: his own part in the seat (the don's lowers red's logit as his skill does)
                contribution += x * r
                v += x * x * prr
                ur = x * prr
            else:
                ur = 0.0
            if code == 0:
                jr += contribution
            elif code == 1:
                j1 += contribution
            elif code == 2:
                jb += contribution
            else:
                j2 += contribution
            m += contribution
            append((st, pid, code, x, a, d, paa, pad, pdd, u0, u1, ur))
        # d logit / d (l, k, ws, wd)
        j0, j1_, j2_, j3 = jr + jb, jr - jb, j1, j2
        r0, r1, r2, r3 = self.omega_var
        pj = (r0[0] * j0 + r0[1] * j1_ + r0[2] * j2_ + r0[3] * j3,
              r1[0] * j0 + r1[1] * j1_ + r1[2] * j2_ + r1[3] * j3,
              r2[0] * j0 + r2[1] * j1_ + r2[2] * j2_ + r2[3] * j3,
              r3[0] * j0 + r3[1] * j1_ + r3[2] * j2_ + r3[3] * j3)
        v += j0 * pj[0] + j1_ * pj[1] + j2_ * pj[2] + j3 * pj[3]
        z = m / math.sqrt(1.0 + _PI_8 * v)
        if z >= 0:
            p = 1.0 / (1.0 + math.exp(-z))
        else:
            e = math.exp(z)
            p = e / (1.0 + e)
        return p, v, rows, pj, base_var, w

    def _ruleset_part(self, ruleset: str):
        """[mean, variance] of the ruleset's own part of the side term; None for the first
        ruleset met (and for a game whose ruleset is not known)."""
        if not ruleset or ruleset == self.reference_ruleset or self.reference_ruleset is None:
            return None
        return self.rulesets.get(ruleset) or [0.0, self._rs0]

    def predict(self, game: RatedGame) -> float:
        """P(team red wins ``game``) from the games learned so far; changes nothing."""
        return self._forecast(game)[0]

    # -- learning ----------------------------------------------------------------------------
    def update(self, game: RatedGame) -> float:
        """Learn from one rated game; returns the prediction made before learning it."""
        p, v, rows, pj, base_var, _w = self._forecast(game)
        y = _OUTCOME[game.result]
        q = p * (1.0 - p)
        denominator = 1.0 + q * v
        gain = (y - p) / denominator
        shrink = q / denominator

        # the players' Kalman step (their sum's change is taken out below, into b)
        sum_da = sum_dd = 0.0
        players = self.players
        day = game.day
        a_offset, offset = self.a_offset, self.d_offset
        tournament = game.tournament
        red_won, draw = y == 1.0, y == 0.5
        pr = self.params
        shown_offset, shown_scale, margin = pr.shown_offset, pr.shown_scale, pr.shown_margin
        sqrt = math.sqrt
        role0 = self._r0
        for st, pid, code, _x, a, d, paa, pad, pdd, u0, u1, ur in rows:
            da = u0 * gain
            dd = u1 * gain
            red_team = code < 2
            sum_da += da
            sum_dd += dd
            if st is None:
                st = [a_offset, offset, 0.0, 0.0, 0.0, None, 0, 0, 0, 0, 0, 0, None, 0.0, 0.0, role0, 0.0, role0]
                players[pid] = st
            if st[12] != tournament:  # TOUR, TOUR_START: the shown rating as it began
                st[12] = tournament
                st[13] = shown_offset + shown_scale * (a - margin * sqrt(paa))
            st[0] = a + da + a_offset
            st[1] = d + dd + offset
            st[2] = paa - shrink * u0 * u0
            st[3] = pad - shrink * u0 * u1
            st[4] = pdd - shrink * u1 * u1
            if day is not None:
                st[5] = day
            if code & 1:
                at = _ROLE_PART[code]
                st[at] += ur * gain
                st[at + 1] -= shrink * ur * ur
            st[6 + code] += 1
            if draw:
                st[11] += 1  # DRAWS
            elif red_won == red_team:
                st[10] += 1  # WINS

        # the side term: its own Kalman step; a ruleset's part, its own
        self.base += base_var * gain
        self.base_var = base_var - shrink * base_var * base_var
        part = self._ruleset_part(game.ruleset)
        if part is not None:
            mean, var = part
            self.rulesets[game.ruleset] = [mean + var * gain, var - shrink * var * var]
        elif game.ruleset and self.reference_ruleset is None:
            self.reference_ruleset = game.ruleset
        # the weights (features: the skills before this game)
        omega = self.omega
        pw = self.omega_var
        for r in range(4):
            omega[r] += pj[r] * gain
            row = pw[r]
            f = shrink * pj[r]
            row[0] -= f * pj[0]
            row[1] -= f * pj[1]
            row[2] -= f * pj[2]
            row[3] -= f * pj[3]
        # keep the skills and the side parts centred on the whole population: their mean change
        # goes to b. Lowering every a by ``share`` lowers a game's logit by share x the sum of
        # its seats' signed weights, every d by share x the sum of the weights: the same in
        # every game of 6 red, a sheriff, 2 black and a don, so b takes it and no forecast moves.
        sum_x = sum_w = 0.0
        for row in rows:
            sum_x += row[3]
            sum_w += abs(row[3])
        n = len(players)
        share = sum_da / n
        self.a_offset += share
        self.base += share * sum_x
        share = sum_dd / n
        self.d_offset += share
        self.base += share * sum_w

        if day is not None:
            self.day = day
        self.games += 1
        return p

    # -- what is shown -----------------------------------------------------------------------
    def _shown(self, a: float, paa: float) -> float:
        pr = self.params
        return pr.shown_offset + pr.shown_scale * (a - pr.shown_margin * math.sqrt(paa))

    def player(self, pid: str, day: int | None = None) -> dict | None:
        """One player's rating on ``day`` (default: the last game's): shown rating, skill,
        uncertainty (Elo points), side skills, games by role, wins, draws, the change of the
        shown rating over his last tournament, and whether he is provisional."""
        st = self.players.get(pid)
        if st is None:
            return None
        pr = self.params
        a, d, paa, _pad, pdd = self._belief(pid, self.day if day is None else day)
        scale = pr.shown_scale
        games = st[GAMES_RED] + st[GAMES_SHERIFF] + st[GAMES_BLACK] + st[GAMES_DON]
        shown = self._shown(a, paa)
        return {
            "rating": shown,
            "skill": pr.shown_offset + scale * a,
            "uncertainty": scale * math.sqrt(paa),
            "skill_as_red": pr.shown_offset + scale * (a + d),
            "skill_as_black": pr.shown_offset + scale * (a - d),
            "skill_as_sheriff": pr.shown_offset + scale * (a + d + st[R_SHERIFF]),
            "skill_as_don": pr.shown_offset + scale * (a - d + st[R_DON]),
            "games": games,
            "as_red": st[GAMES_RED], "as_sheriff": st[GAMES_SHERIFF],
            "as_black": st[GAMES_BLACK], "as_don": st[GAMES_DON],
            "wins": st[WINS], "draws": st[DRAWS],
            "last_tournament": st[TOUR],
            "last_tournament_change": self._shown(st[A] - self.a_offset, st[PAA]) - st[TOUR_START],
            "provisional": games < pr.provisional_games or math.sqrt(paa) > pr.provisional_sd,
        }

    def summary(self) -> dict:
        """The learned parts shared by every game: the side term (as a logit and as red's
        base rate), the seat weights, the number of games and players."""
        return {
            "games": self.games, "players": len(self.players),
            "side_term": self.base, "red_base_rate": 1.0 / (1.0 + math.exp(-self.base)),
            "red_base_rate_by_ruleset": self._base_rates(),
            "weights": self.weights(),
        }

    def _base_rates(self) -> dict[str, float]:
        """Red's base rate under each ruleset met (the first one's is b's)."""
        out = {}
        if self.reference_ruleset is not None:
            out[self.reference_ruleset] = 1.0 / (1.0 + math.exp(-self.base))
        for name, (mean, _var) in sorted(self.rulesets.items()):
            out[name] = 1.0 / (1.0 + math.exp(-(self.base + mean)))
        return out

    def mean_skill(self) -> float:
        """The mean overall skill over every player seen: 0 for ever (zero-sum updates)."""
        if not self.players:
            return 0.0
        return sum(st[A] for st in self.players.values()) / len(self.players) - self.a_offset

    # -- saving and resuming -----------------------------------------------------------------
    def to_state(self) -> dict:
        """A JSON-able copy of the whole state; ``from_state`` resumes it exactly."""
        return {
            "format": STATE_FORMAT,
            "params": self.params.to_dict(),
            "players": {pid: list(st) for pid, st in sorted(self.players.items())},
            "base": self.base, "base_var": self.base_var,
            "omega": list(self.omega), "omega_var": [list(r) for r in self.omega_var],
            "a_offset": self.a_offset, "d_offset": self.d_offset, "day": self.day, "games": self.games,
            "reference_ruleset": self.reference_ruleset,
            "rulesets": {name: list(part) for name, part in sorted(self.rulesets.items())},
        }

    @classmethod
    def from_state(cls, state: dict) -> RatingModel:
        """The model ``to_state`` saved; ValueError for a state of another format (an older
        model's: only a full recompute gives what this model would have learned)."""
        if state.get("format") != STATE_FORMAT:
            raise ValueError(f"a rating state of format {state.get('format', 1)}, this model reads {STATE_FORMAT}")
        model = cls(Params(**state["params"]))
        model.players = {pid: list(st) for pid, st in state["players"].items()}
        model.base, model.base_var = state["base"], state["base_var"]
        model.omega = list(state["omega"])
        model.omega_var = [list(r) for r in state["omega_var"]]
        model.a_offset, model.d_offset = state["a_offset"], state["d_offset"]
        model.day, model.games = state["day"], state["games"]
        model.reference_ruleset = state["reference_ruleset"]
        model.rulesets = {name: list(part) for name, part in state["rulesets"].items()}
        return model

