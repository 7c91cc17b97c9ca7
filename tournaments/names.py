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
