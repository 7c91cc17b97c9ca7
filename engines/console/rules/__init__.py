"""One module per part of RULES.md §7; each function's docstring names its clause.

speeches 7.4 · nominations 7.5 · day_end 7.6 · voting 7.7 · last_words 7.8 · night 7.9 ·
best_move 7.10 · fouls 7.11 · removals 7.12–7.13 · game_end 7.14 · overrides 7.16.
"""
