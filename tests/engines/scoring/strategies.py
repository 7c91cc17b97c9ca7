"""Hypothesis strategies: valid tournament documents of every shape the rules allow."""
from __future__ import annotations

from hypothesis import strategies as st

from engines.scoring.rules.penalties import PENALTY_FIT

ROLE_LIST = ["red"] * 6 + ["sheriff", "black", "black", "don"]
STAGES = ["qualifying", "semifinal", "final"]


def _team(role):
    return "red" if role in ("red", "sheriff") else "black"


@st.composite
def game_docs(draw, gid, players, ruleset, round_no, table=1, violators=None,
              result=None, replay_of=None):
    seated = draw(st.permutations(players))[:10]
    roles = draw(st.permutations(ROLE_LIST))
    choices = ["red", "black", "draw"] + (["annulled"] if ruleset == "mafclub" else [])
    if result is None:
        result = draw(st.sampled_from(choices))
    stage = draw(st.sampled_from(STAGES))
    seats = []
    for n in range(10):
        fouls = draw(st.integers(0, 4))
        removed = None
        if fouls == 4:
            removed = draw(st.sampled_from([None, "fourth_foul", "disqualifying_foul"]))
        elif draw(st.integers(0, 9)) == 0:
            removed = "disqualifying_foul"
        seat = {"seat": n + 1, "player": seated[n], "role": roles[n], "fouls": fouls}
        if removed:
            seat["removed"] = removed
        seats.append(seat)
    if result != "draw":
        budget = 100
        for n in draw(st.lists(st.integers(0, 9), max_size=3, unique=True)):
            role = seats[n]["role"]
            if result == "annulled":  # nobody won: the losing team's cap for all (RULES.md §4)
                cap = 40
            else:
                cap = 70 if _team(role) == result else 40
            cents = min(cap, budget, 5 * draw(st.integers(0, 14)))
            if cents <= 0:
                continue
            budget -= cents
            seats[n]["extra"] = f"{cents // 100}.{cents % 100:02d}"
            if cents > 50:
                seats[n]["extra_approved"] = True
    for n in draw(st.lists(st.integers(0, 9), max_size=2, unique=True)):
        fitting = [c for c, (roles_ok, results_ok, _) in PENALTY_FIT.items()
                   if seats[n]["role"] in roles_ok and result in results_ok]
        if fitting:
            clause = draw(st.sampled_from(fitting))
            reason = draw(st.sampled_from(["причина", "", " "]))  # blank is valid
            seats[n]["penalties"] = [{"clause": clause, "reason": reason}]
    if result == "annulled":
        allowed = [n for n in range(10) if (violators or {}).get(seats[n]["player"], 0) < 1]
        if not allowed:  # everyone already violated once: keep it a plain game
            result = "draw"
            for s in seats:
                s.pop("extra", None)
                s.pop("extra_approved", None)
                s.pop("penalties", None)
        else:
            n = draw(st.sampled_from(allowed))
            seats[n]["gross_violation"] = True
            for s in seats:
                s.pop("penalties", None)
            if violators is not None:
                violators[seats[n]["player"]] = violators.get(seats[n]["player"], 0) + 1
    first_killed = None
    if draw(st.booleans()):
        victim = draw(st.integers(1, 10))
        named = draw(st.lists(st.integers(1, 10).filter(lambda x: x != victim),
                              max_size=3, unique=True))
        first_killed = {"seat": victim, "named": named}
    doc = {"id": gid, "stage": stage, "round": round_no, "table": table, "judge": "J",
           "result": result, "first_killed": first_killed, "seats": seats}
    if replay_of:
        doc["replay_of"] = replay_of
    return doc


@st.composite
def tournament_docs(draw, ruleset=None, min_games=1, max_games=10, participants=None):
    ruleset = ruleset or draw(st.sampled_from(["fiim", "mafclub"]))
    n_players = draw(st.integers(10, 16))
    players = [f"p{i:02d}" for i in range(n_players)]
    n_games = draw(st.integers(min_games, max_games))
    games = []
    violators: dict[str, int] = {}
    for i in range(n_games):
        games.append(draw(game_docs(f"G{i}", players, ruleset, round_no=i + 1,
                                    violators=violators)))
    # Lot seeds and nicknames with JSON-unfriendly characters (not NUL, which no text field stores);
    # nicknames are unique and not empty, as bounds.py wants them.
    text = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
    nick = st.text(alphabet=text, max_size=8)
    # the participants are never fewer than the players seated (RULES.md §3): those listed here
    head = {"name": "H", "ruleset": ruleset,
            "participants": participants if participants is not None
            else max(n_players, draw(st.integers(10, 30))),
            "games_before_final": draw(st.integers(0, 12)),
            "lot_seed": draw(st.text(alphabet=text, max_size=6))}
    return {"format": "mafia-tournament/1", "tournament": head,
            "players": [{"id": p, "nickname": f"{p} {draw(nick)}"} for p in players],
            "games": games}


def keep_the_excluded_out(doc: dict) -> dict:
    """RULES.md §4: a player who causes a second replay plays no later game. In every game after
    that one (in playing order) such a player's seat goes to a player who is not at that table
    and not excluded (a new one if need be); the participants follow the players seated."""
    from engines.scoring.standings import in_playing_order

    class _G:  # the attributes in_playing_order reads
        def __init__(self, d):
            self.d, self.id, self.stage, self.round, self.table = d, d["id"], d["stage"], d["round"], d["table"]
            self.replay_of = d.get("replay_of")

    ids = [p["id"] for p in doc["players"]]
    violations: dict[str, int] = {}
    excluded: set[str] = set()
    wrapped = [_G(g) for g in doc["games"]]
    for w in in_playing_order(wrapped, wrapped):
        g = w.d
        for s in g["seats"]:
            if s["player"] in excluded:
                here = {t["player"] for t in g["seats"]}
                free = [p for p in ids if p not in here and p not in excluded]
                if not free:
                    free = [f"x{len(ids):02d}"]
                    ids.append(free[0])
                    doc["players"].append({"id": free[0], "nickname": f"{free[0]} new"})
                s["player"] = free[0]
        if g["result"] == "annulled":
            for s in g["seats"]:
                if s.get("gross_violation"):
                    violations[s["player"]] = violations.get(s["player"], 0) + 1
                    if violations[s["player"]] == 2:
                        excluded.add(s["player"])
    seated = {s["player"] for g in doc["games"] for s in g["seats"]}
    doc["tournament"]["participants"] = max(doc["tournament"]["participants"], len(seated))
    return doc
