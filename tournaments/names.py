"""How two names are compared by people: "find me", the home page's search and the matching of
imported registrations to known players all use `name_key`; so may any later check for two
players who are one person (a name's key is the one normalisation of this project).

Two nicknames have one key when a reader cannot tell them apart:
- Unicode compatibility forms are folded (NFKC: a full-width "Ｖ" is "V", a non-breaking space a space);
- format characters are dropped (zero-width space, joiners, soft hyphen, BOM: category Cf);
- case is folded (Cyrillic too), ё is е, runs of spaces are one space;
- within one word that mixes Latin and Cyrillic letters, the look-alikes of LOOK_ALIKES are all
  written in the word's script (below), and a digit 0 among letters is that script's letter o:
  "Bорон" with a Latin B, "Вoрон" with a Latin o and "В0рон" are all "ворон".

A word's script is the script of its letters that have no look-alike ("Sаm" with a Cyrillic а is
Latin by its S); when both scripts or neither have such letters, the script of most of its
letters, Cyrillic on a tie ("Bорон" is Cyrillic, four letters to one). A word in one script only
keeps its letters, so the Latin "TOP" and the Cyrillic "ТОР" keep two keys: a whole word typed in
the other script is another spelling, not a slip of one letter, and the preview shows both names.
"""
from __future__ import annotations

import unicodedata

# Lower-case Latin letter -> the Cyrillic letter it looks like in upper or lower case (after case
# folding "B" is "b", so b stands for the Latin capital B that looks like В).
LOOK_ALIKES = {
    "a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "k": "к", "m": "м", "o": "о", "p": "р",
    "t": "т", "x": "х", "y": "у",
}
_TO_CYRILLIC = str.maketrans({**LOOK_ALIKES, "0": "о"})
_TO_LATIN = str.maketrans({**{cyr: lat for lat, cyr in LOOK_ALIKES.items()}, "0": "o"})
_CYRILLIC_LOOK_ALIKES = frozenset(LOOK_ALIKES.values())


def _is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


def _is_latin(ch: str) -> bool:
    return "a" <= ch <= "z"


def _one_script(word: str) -> str:
    """The word with its look-alike letters (and a 0 among letters) in the word's script."""
    latin = [ch for ch in word if _is_latin(ch)]
    cyrillic = [ch for ch in word if _is_cyrillic(ch)]
    if not latin or not cyrillic:  # one script (or none): a 0 is still read as the letter o
        if "0" not in word or not (latin or cyrillic):
            return word
        return word.translate(_TO_CYRILLIC if cyrillic else _TO_LATIN)
    strong_latin = any(ch not in LOOK_ALIKES for ch in latin)
    strong_cyrillic = any(ch not in _CYRILLIC_LOOK_ALIKES for ch in cyrillic)
    if strong_latin != strong_cyrillic:
        to_cyrillic = strong_cyrillic
    else:
        to_cyrillic = len(cyrillic) >= len(latin)
    return word.translate(_TO_CYRILLIC if to_cyrillic else _TO_LATIN)


def name_key(text: str) -> str:
    """A name as people compare it (the module's docstring says how): "Bорон" (a Latin B), "Ворон"
    with a zero-width space and "ВОРОН" have one key.

    Done in Python, not by the database: SQLite's case-insensitive matching is ASCII-only."""
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    text = text.casefold().replace("ё", "е")
    return " ".join(_one_script(word) for word in text.split())


def _letter_rank(ch: str) -> tuple[int, str]:
    if _is_cyrillic(ch):
        return 2, "е" if ch == "ё" else ch
    if ch.isdigit():
        return 1, ch
    if _is_latin(ch):
        return 3, ch
    if ch.isalpha():
        return 4, ch
    return 0, ch  # spaces and punctuation before every letter, as in a dictionary


def sort_key(text: str) -> tuple:
    """A name's place in a list as a Russian reader sorts it: by letters, case aside, ё as е
    («Алмаз, Ёж, Ежевика, Ёлка»); Cyrillic before Latin, digits before both; on a tie е before ё,
    then lower case before upper (ICU's Russian collation, levels 1-3).

    Ours, not ICU's: PyICU needs libicu's headers and a compiler on every machine for what
    these rules give a list of nicknames; PostgreSQL's ICU collation would not cover SQLite."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    primary = tuple(_letter_rank(ch) for ch in folded)
    secondary = tuple(ch == "ё" for ch in folded)
    tertiary = tuple(not ch.islower() for ch in unicodedata.normalize("NFKC", text))
    return primary, secondary, tertiary, text


_STEMMER = None


def _stems(text: str) -> list[str]:
    """The words of ``text`` as name_key writes them, quotes and punctuation aside, each cut to
    its Russian stem (Snowball's: «Волга» and «Волги» are «волг»; a Latin word keeps its letters)."""
    global _STEMMER
    if _STEMMER is None:
        import snowballstemmer

        _STEMMER = snowballstemmer.stemmer("russian")
    words = "".join(ch if ch.isalnum() else " " for ch in name_key(text)).split()
    return _STEMMER.stemWords(words)


def search_key(text: str) -> list[str]:
    """What ``matches_words`` compares: the stems of a title's or a query's words."""
    return _stems(text)


def matches_words(query: str, title_stems: list[str]) -> bool:
    """Whether every word of ``query`` begins a word of the title (given as ``search_key``): in
    any case, ё as е, quotes and punctuation ignored, any form of a Russian word («кубок волги»
    and «Волга» both find «Осенний кубок «Волги» 2026»), a word typed in part too («куб»)."""
    wanted = _stems(query)
    return bool(wanted) and all(any(stem.startswith(word) for stem in title_stems) for word in wanted)
