"""How two names are compared by people: "find me", the home page's search and the matching of
imported registrations to known players all use `name_key`."""


def name_key(text: str) -> str:
    """A name as people compare it: case-folded (Cyrillic too), ё as е, spaces collapsed.

    Done in Python, not by the database: SQLite's case-insensitive matching is ASCII-only."""
    return " ".join(text.casefold().replace("ё", "е").split())
