"""Latin squares (engines/seating/constructions/latin.py): what each claims, checked."""
from engines.seating.constructions.latin import MOLS_10, are_orthogonal, is_latin, williams_square


def test_constructions_are_what_they_claim():
    assert is_latin(williams_square(10))
    assert is_latin(MOLS_10[0]) and is_latin(MOLS_10[1])
    assert are_orthogonal(*MOLS_10)
