"""Games kept on other platforms, read into our tournaments (``manage.py import_games``): the
readers of Polemica's and mafiaratings' game records (``polemica``, ``mafiaratings``), each
turning one record into a game of the tournament file (``ForeignGame``), and the importer that
matches the players and stores the games as draft tournaments (``importer``).
docs/foreign-games.md says what each format holds and what it lacks."""
