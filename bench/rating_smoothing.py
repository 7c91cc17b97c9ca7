"""What a smoothing pass over the history would add to ours: measured, not adopted.

    .venv/bin/python bench/rating_smoothing.py [--games 20000] [--world default] [--seed 1]
                                               [--windows 10,50,0] [--sweeps 2] [--until N]

Ours' default filter (engines.ratings.model, one belief a player) and the same filter with, at
each tournament's end, a pass over the games of the last W tournaments (0: all of them): each
player's skill and side part as a chain over his tournaments (a random walk at ours' drift), his
role parts as constants, every game a Gaussian observation of its logit linearised at the
current estimates with today's seat weights and side term (iteratively reweighted least
squares); block Gauss-Seidel over the players, each chain solved by a Kalman smoother given the
others. Older tournaments are folded into each player's forward message and frozen. After the
pass the filter goes on from the smoothed last values (its variances kept).

This is the "whole-history" step (TrueSkill Through Time's and WHR's kind) with ours'
structure: it gets back part of what a belief a player loses (the covariance between players
met at one table), and it relinearises the early games with the seat weights learned since.
``--until N`` smooths only while the history is young (its cost then stops growing). Printed:
log-loss of ours and of each window, and the CPU time taken.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rating import measures  # noqa: E402
from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.model import _OUTCOME, R_DON, R_SHERIFF, RatingModel  # noqa: E402

ROLE_AT = {1: 0, 3: 1}


class Site:
    """A game in the pass: its result, its current logit but b (f), and the linearisation:
    the pseudo-observation z of f and its precision q."""

    __slots__ = ("y", "q", "z", "f", "seats")


class Smoothed(RatingModel):
    """Ours' default filter with a smoothing pass over the last ``window`` tournaments at each
    tournament's end (``sweeps`` Gauss-Seidel sweeps, each relinearising every game first)."""

    def __init__(self, *a, sweeps=2, window=4, until=0, **k):
        super().__init__(*a, **k)
        self.sweeps = sweeps
        self.window = window
        self.until = until  # smooth only while the history holds at most this many games (0: always)
        self.nodes = {}   # pid -> window nodes: [day, tournament, a, d, [(site, x, s, code)]]
        self.anchor = {}  # pid -> (ma, md, p00, p01, p11, day): forward message from the frozen nodes
        self.role_info = {}  # pid -> [num_s, den_s, num_d, den_d] from frozen games
        self.tours = []
        self.tour = None

    def update(self, game):
        if self.tour is not None and game.tournament != self.tour and (not self.until or self.games <= self.until):
            self.smooth()
        if game.tournament != self.tour:
            self.tours.append(game.tournament)
        self.tour = game.tournament
        site = Site()
        site.y = _OUTCOME[game.result]
        site.q = site.z = site.f = 0.0
        seats = []
        for pid, role in game.seats:
            code = {"red": 0, "sheriff": 1, "black": 2, "don": 3}[role]
            s = 1.0 if code < 2 else -1.0
            chain = self.nodes.setdefault(pid, [])
            if not chain or chain[-1][1] != game.tournament:
                chain.append([game.day, game.tournament, 0.0, 0.0, []])
            entry = [site, 0.0, s, code]
            chain[-1][4].append(entry)
            seats.append((pid, entry))
        site.seats = seats
        return super().update(game)

    def smooth(self):
        offset = self.d_offset
        nodes, roles_info, anchors = self.nodes, self.role_info, self.anchor
        wts = self.weights()
        wcode = (wts["red"], wts["sheriff"], wts["black"], wts["don"])
        cutoff = self.tours[-self.window] if len(self.tours) >= self.window else None
        a0, d0, r0, ga, gd = self._a0, self._d0, self._r0, self._ga, self._gd
        # the players' current values: the filter's, for the last node; earlier nodes keep theirs
        role = {}
        for pid, chain in nodes.items():
            st = self.players[pid]
            if chain:
                chain[-1][2], chain[-1][3] = st[0] - self.a_offset, st[1] - offset
            role[pid] = [st[R_SHERIFF], st[R_DON]]
        sites = {}
        for chain in nodes.values():
            for node in chain:
                for entry in node[4]:
                    entry[1] = entry[2] * wcode[entry[3]]
                    sites[id(entry[0])] = entry[0]
        sites = list(sites.values())
        b = self.base
        for site in sites:  # each game's logit but b, from the nodes' current values
            site.f = 0.0
        for pid, chain in nodes.items():
            rs, rd = role[pid]
            for node in chain:
                a, d = node[2], node[3]
                for site, x, s, code in node[4]:
                    site.f += x * (a + s * d + (rs if code == 1 else rd if code == 3 else 0.0))
        order = sorted(nodes)
        for _ in range(self.sweeps):
            for site in sites:
                f = b + site.f
                p = 1.0 / (1.0 + math.exp(-f)) if f > -30 else 1e-13
                q = p * (1.0 - p)
                if q < 1e-6:
                    q = 1e-6
                site.q = q
                site.z = site.f + (site.y - p) / q
            for pid in order:
                chain = nodes[pid]
                if not chain:
                    continue
                self._solve_chain(pid, chain, anchors.get(pid), a0, d0, ga, gd)
                self._solve_roles(pid, chain, role[pid], roles_info.get(pid), r0)
        for pid, chain in nodes.items():
            st = self.players[pid]
            if chain:
                st[0], st[1] = chain[-1][2] + self.a_offset, chain[-1][3] + offset
            st[R_SHERIFF], st[R_DON] = role[pid]
        # freeze what leaves the window
        if cutoff is not None:
            for pid, chain in nodes.items():
                while chain and chain[0][1] < cutoff:
                    node = chain.pop(0)
                    anchors[pid] = self._forward(anchors.get(pid), node, a0, d0, ga, gd)
                    info = roles_info.setdefault(pid, [0.0, 0.0, 0.0, 0.0])
                    rs, rd = role[pid]
                    for site, x, _s, code in node[4]:
                        if code & 1:
                            k = 0 if code == 1 else 2
                            wq = site.q * x * x
                            info[k] += wq * ((site.z - site.f) / x + (rs if code == 1 else rd))
                            info[k + 1] += wq
            self.tours = [t for t in self.tours if t >= cutoff]

    @staticmethod
    def _obs(node):
        j00 = j01 = h0 = h1 = 0.0
        a, d = node[2], node[3]
        for site, x, s, _code in node[4]:
            t = (site.z - site.f) / x + a + s * d
            wq = site.q * x * x
            j00 += wq
            j01 += wq * s
            h0 += wq * t
            h1 += wq * t * s
        return j00, j01, h0, h1

    @staticmethod
    def _predict(state, day, a0, d0, ga, gd):
        """(m_a, m_d, p00, p01, p11) on ``day`` from a filtered state (None: a newcomer's prior)."""
        if state is None:
            return 0.0, 0.0, a0, 0.0, d0
        m_a, m_d, p00, p01, p11, last = state
        if last is not None and day is not None and day > last:
            gap = day - last
            p00 += min(ga * gap, a0)
            p11 += min(gd * gap, d0)
        return m_a, m_d, p00, p01, p11

    def _forward(self, anchor, node, a0, d0, ga, gd):
        m_a, m_d, p00, p01, p11 = self._predict(anchor, node[0], a0, d0, ga, gd)
        j00, j01, h0, h1 = self._obs(node)
        det = p00 * p11 - p01 * p01
        i00, i01, i11 = p11 / det, -p01 / det, p00 / det
        l00, l01, l11 = i00 + j00, i01 + j01, i11 + j00
        e0 = i00 * m_a + i01 * m_d + h0
        e1 = i01 * m_a + i11 * m_d + h1
        dl = l00 * l11 - l01 * l01
        c00, c01, c11 = l11 / dl, -l01 / dl, l00 / dl
        day = node[0] if node[0] is not None else (anchor[5] if anchor else None)
        return (c00 * e0 + c01 * e1, c01 * e0 + c11 * e1, c00, c01, c11, day)

    def _solve_chain(self, pid, chain, anchor, a0, d0, ga, gd):
        filt, pred = [], []
        state = anchor
        for node in chain:
            pred.append(self._predict(state, node[0], a0, d0, ga, gd))  # for the smoother's backward pass
            state = self._forward(state, node, a0, d0, ga, gd)
            filt.append(state)
        sa, sd = filt[-1][0], filt[-1][1]
        new = [None] * len(chain)
        new[-1] = (sa, sd)
        for n in range(len(chain) - 2, -1, -1):
            fa, fd, f00, f01, f11, _ = filt[n]
            pa, pd, q00, q01, q11 = pred[n + 1]
            det = q00 * q11 - q01 * q01
            n00, n01, n11 = q11 / det, -q01 / det, q00 / det
            g00 = f00 * n00 + f01 * n01
            g01 = f00 * n01 + f01 * n11
            g10 = f01 * n00 + f11 * n01
            g11 = f01 * n01 + f11 * n11
            sa, sd = fa + g00 * (sa - pa) + g01 * (sd - pd), fd + g10 * (sa - pa) + g11 * (sd - pd)
            new[n] = (sa, sd)
        for node, (na, nd) in zip(chain, new):
            da, dd = na - node[2], nd - node[3]
            for site, x, s, _code in node[4]:
                site.f += x * (da + s * dd)
            node[2], node[3] = na, nd

    @staticmethod
    def _solve_roles(pid, chain, role, info, r0):
        for k, want in ((0, 1), (1, 3)):
            r_old = role[k]
            num = info[2 * k] if info else 0.0
            den = 1.0 / r0 + (info[2 * k + 1] if info else 0.0)
            touched = []
            for node in chain:
                for site, x, _s, code in node[4]:
                    if code == want:
                        wq = site.q * x * x
                        num += wq * ((site.z - site.f) / x + r_old)
                        den += wq
                        touched.append((site, x))
            if not touched:
                continue
            r_new = num / den
            for site, x in touched:
                site.f += x * (r_new - r_old)
            role[k] = r_new


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--world", default="default", choices=list(WORLDS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--windows", default="10,50,0", help="tournaments a pass covers; 0: all")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--until", type=int, default=0,
                        help="smooth only while the history holds at most this many games (0: always)")
    args = parser.parse_args(argv)
    games, _truth = simulate(args.games, args.seed, WORLDS[args.world])
    t0 = time.process_time()
    plain = RatingModel()
    base = measures(games, [plain.update(g) for g in games])[0].mean()
    print(f"ours' default filter: log-loss {base:.4f} ({time.process_time() - t0:.1f} s CPU)")
    for window in (int(w) for w in args.windows.split(",")):
        t0 = time.process_time()
        model = Smoothed(sweeps=args.sweeps, window=window or len(games), until=args.until)
        ll = measures(games, [model.update(g) for g in games])[0].mean()
        label = f"the last {window} tournaments" if window else "the whole history"
        if args.until:
            label += f" until it holds {args.until} games"
        print(f"smoothing {label}: log-loss {ll:.4f} ({ll - base:+.4f}), {time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
