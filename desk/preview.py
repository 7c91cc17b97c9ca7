"""What a proposed protocol change would do to the standings, before anything is written.

The tournament is read as the scoring core sees it (protocols.scoring_records), the game is replaced by
the proposed protocol, and the core scores both; `compare` lists the players whose place or
total changes. The standings are the overall ones, as the public page shows them."""
from __future__ import annotations

from engines.scoring.model import Tournament as CoreTournament
from engines.scoring.standings import RowChange, compare, compute_standings
from protocols.entry import ProtocolEntry, game_code, to_core_game
from protocols.scoring_records import load


def standings_effect(game, entry: ProtocolEntry) -> list[RowChange]:
    """The change to the overall standings if `game`'s protocol were `entry` (signed off)."""
    loaded = load(game.tournament)
    current = loaded.tournament
    file_ids = {pk: fid for fid, pk in loaded.player_pks.items()}
    gid = game_code(game)
    proposed = to_core_game(
        entry, game_id=gid, stage=game.stage.kind, round_number=game.round.number, table=game.table.number,
        replay_of=game_code(game.replay_of) if game.replay_of_id else None, player_ids=file_ids,
    )
    games = tuple(g for g in current.games if g.id != gid) + (proposed,)
    changed = CoreTournament(current.name, current.ruleset, current.participants, current.games_before_final,
                             current.lot_seed, current.players, games, current.settings)
    return compare(compute_standings(current), compute_standings(changed))
