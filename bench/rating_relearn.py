"""What relearning the players with the seat weights learned since would add: measured, not adopted.

    .venv/bin/python bench/rating_relearn.py [--games 20000] [--world default|all] [--seed 1]

Ours (engines.ratings.bank, the bank of five filters) against the same bank that, when its
history first holds 500, 1000, 2000, 4000 and 8000 games, at the next tournament's start,
learns every member's players again from all earlier games with the seat weights learned so far
held fixed (the weights' own learning is kept as it was: reading the games twice into them would
count each twice; the side term and the players start from their priors and learn every game
once). The early games were learned while the weights were still near their prior; this reads
them again with what the season has taught since.

Printed per world: both log-losses, their difference, and the CPU time of each. The engine
does not do this: the gain is 0.0000-0.0013 of log-loss (seeds 1-3, every world; most on
black-favoured), and the bank would have to keep the history (up to 8,000 games) in the state
every sign-off loads and saves.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rating import measures  # noqa: E402
from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.bank import RatingBank  # noqa: E402
from engines.ratings.model import RatingModel  # noqa: E402

RELEARN_AT = (500, 1000, 2000, 4000, 8000)


def relearn(model: RatingModel, games) -> None:
    """Learn ``model``'s players again from ``games`` (all learned so far, in order) with its
    seat weights as they are now, held fixed."""
    fresh = RatingModel(model.params)
    fresh.omega = list(model.omega)
    fresh.omega_var = [[0.0] * 4 for _ in range(4)]
    for game in games:
        fresh.update(game)
    model.players, model.base, model.base_var = fresh.players, fresh.base, fresh.base_var
    model.a_offset, model.d_offset, model.day = fresh.a_offset, fresh.d_offset, fresh.day
    model.reference_ruleset, model.rulesets = fresh.reference_ruleset, fresh.rulesets


class RelearningBank(RatingBank):
    """Ours' bank that relearns every member at a tournament's start once the history has
    passed the next of RELEARN_AT."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.history = []
        self.relearned = 0
        self.tournament = None

    def update(self, game):
        if game.tournament != self.tournament:
            due = self.relearned
            while due < len(RELEARN_AT) and len(self.history) >= RELEARN_AT[due]:
                due += 1
            if due > self.relearned:
                for member in self.members:
                    relearn(member, self.history)
                self.relearned = due
        self.tournament = game.tournament
        self.history.append(game)
        return super().update(game)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--world", default="default", choices=[*WORLDS, "all"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    worlds = list(WORLDS) if args.world == "all" else [args.world]
    for name in worlds:
        games, _truth = simulate(args.games, args.seed, WORLDS[name])
        t0 = time.process_time()
        plain = RatingBank()
        base = measures(games, [plain.update(g) for g in games])[0].mean()
        t1 = time.process_time()
        bank = RelearningBank()
        ll = measures(games, [bank.update(g) for g in games])[0].mean()
        t2 = time.process_time()
        print(f"{name:10s} seed {args.seed}: ours {base:.4f} ({t1 - t0:.1f} s CPU), relearning {ll:.4f} "
              f"({ll - base:+.4f}, {t2 - t1:.1f} s CPU)")


if __name__ == "__main__":
    main()
