"""The pure rating: a forecast of who wins a sports-mafia game, learned game by game.

Nothing here imports Django, Celery or another app of ours (import-linter checks it), and
nothing reads the clock or draws a random number: the same games in the same order give the
same ratings and predictions on every run. See README.md beside this file for the model.
"""
