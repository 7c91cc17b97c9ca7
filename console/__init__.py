"""The live judge console (RULES.md §7). ``engines.console`` is the pure game; the Django app that
stores a game's event log and serves the table's screen is built on top of it."""
