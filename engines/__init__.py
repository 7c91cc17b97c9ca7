"""The pure engines: the rules and algorithms the apps stand on, with no Django and nothing of ours.

    scoring   a tournament's protocols to its standings, every hundredth explained (RULES.md §3-§4, §8)
    seating   a stage's seating: generator, reseat, quality report
    console   the live game: RULES.md §7 as a state machine over the event log
    ratings   ratings across tournaments: predictions, updates, season points

Each runs on a file as ``python -m engines.<name>`` (``python -m scoring`` and the other old names
stay as aliases), in a Celery job, in the browser (the console, under Pyodide) and in a hypothesis
test alike. import-linter holds them at the bottom: an engine imports no app, no other engine and
no Django.
"""
