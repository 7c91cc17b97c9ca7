"""The standings as after round N (scoring/cuts.py) are the standings a recomputation gives with
the later rounds' games left out, scope by scope, line by line, game by game."""
import pytest

from protocols.models import Game
from scoring import cuts, selectors
from scoring.recompute import recompute
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db


def _stored(t, scope="all"):
    state = selectors.current_by_id(t.pk)
    found = selectors.scoped(t.pk, state.version, scope)
    return found, selectors.lines(found.snapshot, explained=True) if found.snapshot else []


def _comparable(lines):
    return [(line.place, line.player_id, line.total, line.main, line.extra, line.tiebreak_extra, line.wins,
             line.games, line.decided_by_lot, line.breakdown, line.points) for line in lines]


@pytest.mark.parametrize("after", [1, 3, 4])
def test_after_round_n_equals_a_recompute_without_the_later_rounds(after):
    t = played("after-round", players=20, rounds=4, final_games=1, seed=3)
    recompute(t.pk)
    marks = cuts.round_marks(t)
    assert [(m.ordinal, m.stage, m.number) for m in marks] == [
        (1, "qualifying", 1), (2, "qualifying", 2), (3, "qualifying", 3), (4, "qualifying", 4), (5, "final", 1)]
    assert cuts.effective(marks, 5) is None and cuts.effective(marks, after) == after
    cut = cuts.after_round(t, selectors.current_by_id(t.pk), after)
    seen = {scope: (cut.scoped(scope), cut.lines(cut.scoped(scope).snapshot)) for scope in ("all", "qualifying", "final")}

    later = [m for m in marks if m.ordinal > after]
    for m in later:
        Game.objects.filter(tournament=t, stage__kind=m.stage, round__number=m.number).delete()
    recompute(t.pk, force=True)
    for scope, (scoped, lines) in seen.items():
        found, stored_lines = _stored(t, scope)
        assert scoped.stages == found.stages, scope
        assert (scoped.snapshot is None) == (found.snapshot is None), scope
        if found.snapshot is not None:
            assert scoped.snapshot.games == found.snapshot.games
            assert scoped.snapshot.scored == found.snapshot.scored
            assert _comparable(lines) == _comparable(stored_lines), scope
    assert cut.scoped().snapshot.games == 2 * after
