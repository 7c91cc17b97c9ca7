"""The rating calculator for sports-mafia tournaments: a pure core, no Django.

Modules: model (plain data), settings, decimals (exact point arithmetic), fileformat
(mafia-tournament/1) with document_shape (its types and defaults), bounds (what a tournament can
hold), validation (RULES.md §2–§4 checks), problems and messages (codes and their English),
rules/ (one piece per rule), rulesets, tiebreaks, standings (mafia-standings/1), explain (every
player's explanation in one pass), render (JSON and table output), fastpath (the command line's
one sweep) and cli (``python -m scoring``). The Django app is the package around this one
(scoring/: models, recompute, selectors), and this package never imports it.
"""
