"""The rating calculator for sports-mafia tournaments: a pure core, no Django.

Modules: model (plain data), settings, decimals (exact point arithmetic), fileformat
(mafia-tournament/1), validation (RULES.md §2–§4 checks), rules/ (one piece per rule),
rulesets, tiebreaks, standings (mafia-standings/1, explanations), render (JSON and table
output), cli (``python -m scoring``). The Django app lives in scoring/snapshots/ and this
package never imports it.
"""
