"""One small, named piece per scoring rule (RULES.md §3, §4).

Each rule is a ``Rule`` with a ``key`` (the breakdown component it feeds), the ``clause``
it comes from, an optional ``prepare`` over the ranked games (tournament-wide values such
as Ci or the replay count) and an ``award`` that lists, for one game, the non-zero
points of each seat. A ruleset (rulesets.py) is an ordered list of these.
"""
from .base import Award, Rule, ScoringContext  # noqa: F401
