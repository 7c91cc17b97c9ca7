"""Constructions of seatings for particular sizes, and the registry the generator consults.

Each construction (``base.Construction``) has a ``name``, a ``use`` (how the generator plays what
it builds), ``applies(request)`` and ``build(request)``. The generator asks ``starting_rounds``
before the anneal in the pairs mode, and ``whole_stage`` in the near and tables modes when the
searches leave a pair above the cap; each returns what the first construction of ``REGISTRY``
that applies builds, or None. docs/seating.md lists the sizes each one serves; a new one needs a
real tournament size that wants it.
"""
from __future__ import annotations

from ..report import cap_unavoidable
from .base import Built, Construction, Request, Use
from .hadamard import COMPLEMENTARY_20, HADAMARD_20
from .latin import MOLS_GRID_100
from .orbit import CYCLIC_30, ORBIT
from .orthogonal_arrays import ORTHOGONAL_ARRAY_50, SIMPLEX_30
from .projective import PROJECTIVE_100

# in the order they are asked: the cyclic rounds before the simplex code (both 30 x 3), the
# constructions of one size before the orbit model
REGISTRY: tuple[Construction, ...] = (
    MOLS_GRID_100,
    ORTHOGONAL_ARRAY_50,
    CYCLIC_30,
    SIMPLEX_30,
    HADAMARD_20,
    COMPLEMENTARY_20,
    PROJECTIVE_100,
    ORBIT,
)


def _first(request: Request, uses: tuple[Use, ...]) -> Built | None:
    for construction in REGISTRY:
        if construction.use in uses and construction.applies(request):
            built = construction.build(request)
            if built is not None:
                return built
    return None


def starting_rounds(request: Request) -> Built | None:
    """Rounds the anneal keeps (FROZEN) or starts from (START) for this stage, or None."""
    return _first(request, (Use.FROZEN, Use.START))


def whole_stage(request: Request) -> Built | None:
    """A whole stage within ``request.cap`` with every table count in ``request.band`` (STAGE),
    or None. None at once where no such stage exists for the request's mode (its band, or any
    narrower one the request asks for): the orbit model would otherwise spend many seconds of SAT
    search failing to find one (docs/seating.md)."""
    if cap_unavoidable(request.players, request.games, request.tables, request.mode):
        return None
    return _first(request, (Use.STAGE,))


__all__ = ["REGISTRY", "Built", "Construction", "Request", "Use", "starting_rounds", "whole_stage"]
