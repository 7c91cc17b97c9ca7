"""Tournament documents that make the core say every kind of thing it says in English: every
explanation note (``python -m scoring explain``) and every problem (``python -m scoring check``).

``corpus_text()`` prints all of it, as the command line would; data/messages-golden.txt holds what
it printed before the notes and problems became codes with parameters, so the English stays
byte for byte what it was (test_messages.py).
"""
from __future__ import annotations

import copy
from decimal import Decimal

from engines.scoring.fileformat import parse_document, read_document
from engines.scoring.model import FirstKilled, Game, Penalty, Player, Seat, Tournament
from engines.scoring.standings import explain_player, format_explanation
from engines.scoring.validation import check_game, check_tournament

from .builders import document, game

P = [f"p{i:02d}" for i in range(1, 15)]
OTHERS = ["p01", "p02", "p11", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]


def _fiim() -> dict:
    """K (9 red, 3 black wins, 12 games), Ci, best move, removals, extras, penalties, a draw."""
    games = []
    results = ["red"] * 9 + ["black"] * 2 + ["draw"]
    for i, result in enumerate(results, start=1):
        seats = {}
        if i == 1:
            seats = {3: {"fouls": 4, "removed": "fourth_foul"}, 7: {"removed": "disqualifying_foul"},
                     1: {"extra": "0.6", "extra_approved": True}, 2: {"extra": "0.25"}}
        if i == 10:
            seats = {1: {"penalties": [{"clause": "8.5.1", "reason": "ломился в красного"}]},
                     6: {"penalties": [{"clause": "8.5.3", "reason": ""}]}, 4: {"extra": "0.4"}}
        stage = "semifinal" if i > 8 else "qualifying"
        fk = [(1, [4, 5, 9]), (2, [4, 9]), (3, [4, 1]), None, (4, [1, 2, 3]), (6, [4, 5, 1])][i % 6]
        games.append(game(f"G{i}", result, stage=stage, round=i, first_killed=fk, seats=seats))
    games.append(game("G13", "black", stage="final", round=13, first_killed=(1, [4, 5])))
    return document(games, participants=14, games_before_final=5)


def _mafclub() -> dict:
    """Escalating compensation up to the 4th time, replays (a second by the same player), a draw."""
    games = []
    for i in range(1, 15):  # the k-th time up to the 13th: 1st, 2nd, 3rd, 11th, 12th, 13th
        games.append(game(f"M{i:02d}", "black", round=i, first_killed=(1, [4, 5, 9]),
                          seats={2: {"extra": "0.2"}} if i == 2 else None))
    games.append(game("M6", "annulled", round=15, seats={3: {"gross_violation": True, "removed": "disqualifying_foul"}},
                      first_killed=(6, [4, 5])))
    games.append(game("M6R", "red", round=15, table=2, replay_of="M6", players=OTHERS))
    games.append(game("M7", "annulled", round=16, seats={3: {"gross_violation": True}}))
    games.append(game("M7R", "annulled", round=16, table=2, replay_of="M7", players=OTHERS,
                      seats={3: {"gross_violation": True}}))
    games.append(game("M7RR", "draw", round=16, table=3, replay_of="M7R", players=OTHERS))
    return document(games, ruleset="mafclub", participants=30)


def corpus_tournaments() -> list[tuple[str, dict]]:
    return [("fiim", _fiim()), ("mafclub", _mafclub())]


def _explanations() -> list[str]:
    out = []
    for name, doc in corpus_tournaments():
        t = parse_document(doc)
        for stages in (None, ("qualifying",), ("semifinal", "final")):
            for p in t.players:
                try:
                    lines = explain_player(t, p.id, stages)
                except ValueError:
                    continue
                out.append(f"## explain {name} {p.id} {stages}")
                out.append(format_explanation(lines))
    return out


# -- problems -----------------------------------------------------------------------------
def _seat_cases() -> list[dict]:
    """Seat overrides of one game, each a problem of validation.py."""
    return [
        {3: {"fouls": 5}}, {3: {"fouls": -1}}, {3: {"fouls": 3, "removed": "fourth_foul"}},
        {3: {"fouls": 1, "removed": "fourth_foul"}}, {3: {"removed": "kicked"}}, {3: {"role": "mafia"}},
        {3: {"seat": 11}}, {3: {"seat": 2}}, {3: {"player": "p01"}}, {3: {"player": "nobody"}},
        {3: {"extra": "-0.05"}}, {3: {"extra": "0.33"}}, {3: {"extra": "0.333"}}, {3: {"extra": "0.75"}},
        {3: {"extra": "0.55"}}, {4: {"extra": "0.45"}},
        {3: {"penalties": [{"clause": "8.5.9", "reason": "x"}]}},
        {3: {"penalties": [{"clause": "8.5.1", "reason": "x"}]}},
        {4: {"penalties": [{"clause": "8.5.2", "reason": "x"}]}},
        {6: {"penalties": [{"clause": "8.5.3", "reason": "x"}]}},
        {5: {"penalties": [{"clause": "8.5.4", "reason": "x"}]}},
        {3: {"gross_violation": True}},
        {1: {"extra": "0.1"}, 2: {"extra": "0.1"}, 3: {"extra": "0.1"}, 7: {"extra": "0.1"}},
        {1: {"extra": "0.5"}, 2: {"extra": "0.5"}, 3: {"extra": "0.2"}},
        {3: {"role": "red"}, 4: {"role": "red"}},
    ]


def _game_cases() -> list[tuple[str, dict]]:
    return [
        ("stage", {"stage": "playoff"}), ("result", {"result": "purple"}), ("annulled", {"result": "annulled"}),
        ("replay", {"replay_of": "X"}), ("fk-range", {"first_killed": {"seat": 12, "named": []}}),
        ("fk-many", {"first_killed": {"seat": 1, "named": [4, 5, 9, 2]}}),
        ("fk-out", {"first_killed": {"seat": 1, "named": [0, 11]}}),
        ("fk-own", {"first_killed": {"seat": 1, "named": [1]}}),
        ("fk-twice", {"first_killed": {"seat": 1, "named": [4, 4]}}),
        ("draw-extra", {"result": "draw", "seats_extra": {3: {"extra": "0.2"}}}),
        ("nine-seats", {"drop_seat": 10}),
    ]


def _shape_cases() -> list[tuple[str, object]]:
    """Broken documents for document_shape.py."""
    base = document([game("G", "red")])
    cases: list[tuple[str, object]] = [("list", []), ("string", "x"), ("no-format", {"x": 1}),
                                       ("format", {"format": "other/1"})]

    def mutate(name, fn):
        doc = copy.deepcopy(base)
        fn(doc)
        cases.append((name, doc))

    mutate("no-tournament", lambda d: d.pop("tournament"))
    mutate("players-type", lambda d: d.update(players={}))
    mutate("name-type", lambda d: d["tournament"].update(name=3))
    mutate("participants-type", lambda d: d["tournament"].update(participants="20"))
    mutate("participants-null", lambda d: d["tournament"].update(participants=None))
    mutate("participants-bool", lambda d: d["tournament"].update(participants=True))
    mutate("participants-float", lambda d: d["tournament"].update(participants=Decimal("2.5")))
    mutate("ruleset", lambda d: d["tournament"].update(ruleset="other"))
    mutate("settings-type", lambda d: d["tournament"].update(settings=[]))
    mutate("settings-unknown", lambda d: d["tournament"].update(settings={"bonus": 1}))
    mutate("settings-k", lambda d: d["tournament"].update(settings={"k_max_participants": -1}))
    mutate("settings-fourth", lambda d: d["tournament"].update(settings={"fourth_foul_removal_counts": 1}))
    mutate("settings-decimal", lambda d: d["tournament"].update(settings={"best_move_two": "x"}))
    mutate("player-type", lambda d: d["players"].append("p99"))
    mutate("player-id", lambda d: d["players"].append({"id": 9, "nickname": "n"}))
    mutate("player-missing", lambda d: d["players"].append({"nickname": "n"}))
    mutate("game-type", lambda d: d["games"].append(7))
    mutate("game-id", lambda d: d["games"][0].update(id=None))
    mutate("game-round", lambda d: d["games"][0].update(round="1"))
    mutate("game-judge", lambda d: d["games"][0].update(judge=5))
    mutate("game-fk-missing", lambda d: d["games"][0].pop("first_killed"))
    mutate("game-fk-type", lambda d: d["games"][0].update(first_killed=[1]))
    mutate("game-fk-seat", lambda d: d["games"][0].update(first_killed={"seat": "1", "named": []}))
    mutate("game-fk-named", lambda d: d["games"][0].update(first_killed={"seat": 1, "named": ["4"]}))
    mutate("game-fk-named-type", lambda d: d["games"][0].update(first_killed={"seat": 1, "named": 4}))
    mutate("game-seats", lambda d: d["games"][0].update(seats={}))
    mutate("seat-type", lambda d: d["games"][0]["seats"].__setitem__(2, "s"))
    mutate("seat-fields", lambda d: d["games"][0]["seats"][2].update(fouls="1", removed=3, extra=True,
                                                                      extra_approved="yes", gross_violation=0))
    mutate("seat-extra", lambda d: d["games"][0]["seats"][2].update(extra="abc"))
    mutate("seat-extra-list", lambda d: d["games"][0]["seats"][2].update(extra=[1]))
    mutate("seat-missing", lambda d: d["games"][0]["seats"][2].pop("player"))
    mutate("seat-no-number", lambda d: d["games"][0]["seats"][2].pop("seat"))
    mutate("penalties-type", lambda d: d["games"][0]["seats"][2].update(penalties={}))
    mutate("penalty-type", lambda d: d["games"][0]["seats"][2].update(penalties=["x"]))
    mutate("penalty-fields", lambda d: d["games"][0]["seats"][2].update(penalties=[{"clause": 1}]))
    mutate("game-repeated", lambda d: d["games"].append(copy.deepcopy(d["games"][0])))
    mutate("replay-unknown", lambda d: d["games"][0].update(replay_of="NOPE"))
    # bounds.py: what the tournament system cannot store
    mutate("bounds-head", lambda d: d["tournament"].update(name="n" * 201, lot_seed="a\x00b", participants=-5,
                                                            games_before_final=100_000))
    mutate("bounds-settings", lambda d: d["tournament"].update(settings={"best_move_three": "100", "best_move_two": "0.255",
                                                                        "k_max_participants": 10**30}))
    mutate("bounds-players", lambda d: d["players"].extend([{"id": "", "nickname": d["players"][0]["nickname"]},
                                                            {"id": "x" * 41, "nickname": "\ud800"}]))
    mutate("bounds-too-many", lambda d: d["players"].extend({"id": f"q{i}", "nickname": f"q{i}"} for i in range(30_000)))
    mutate("bounds-game", lambda d: d["games"][0].update(round=0, table=10**30, judge="j" * 161))
    mutate("bounds-reason", lambda d: d["games"][0]["seats"][3].update(penalties=[{"clause": "8.5.4", "reason": "r" * 2001}]))
    mutate("bounds-table", lambda d: d["games"].append({**copy.deepcopy(d["games"][0]), "id": "G2"}))
    mutate("bounds-digits", lambda d: (d["games"][0]["seats"][3].update(extra="1" + "0" * 5000),
                                       d["tournament"].update(settings={"best_move_two": "0." + "0" * 50 + "1"})))
    return cases


def corpus_problems() -> list[tuple[str, list]]:
    """(heading, problems) of every case."""
    out: list[tuple[str, list]] = []

    def read(heading, doc):
        out.append((heading, read_document(doc)[1]))

    for i, overrides in enumerate(_seat_cases()):
        for result in ("red", "black", "draw"):
            read(f"seat case {i} {result}", document([game("G", result, seats=overrides)]))
    for name, change in _game_cases():
        for ruleset in ("fiim", "mafclub"):
            doc = document([game("G", "red")], ruleset=ruleset)
            g = doc["games"][0]
            change = dict(change)
            for n, fields in change.pop("seats_extra", {}).items():
                g["seats"][n - 1].update(fields)
            drop = change.pop("drop_seat", None)
            if drop:
                g["seats"] = [s for s in g["seats"] if s["seat"] != drop]
            g.update(change)
            read(f"game case {name} {ruleset}", doc)
    for name, doc in _shape_cases():
        read(f"shape case {name}", doc)
    # mafclub: an annulled game without its violator, replays of a game that is not annulled
    read("links", document([game("A", "annulled"), game("B", "red", replay_of="C", round=2), game("C", "red", round=3)],
                           ruleset="mafclub"))
    # mafclub: a player excluded after a second replay seated again (RULES.md §4)
    read("excluded player", document([game("A", "annulled", seats={3: {"gross_violation": True}}),
                                      game("B", "annulled", round=2, seats={3: {"gross_violation": True}}),
                                      game("C", "red", round=3)], ruleset="mafclub"))
    read("unknown player", document([game("A", "red", seats={3: {"player": "nobody"}})], players=P[:10]))
    read("gross violation not annulled",
         document([game("A", "red", seats={3: {"gross_violation": True}})], ruleset="mafclub"))
    # Objects built in code (the Django side's path): types the file reader never lets through.
    seats = tuple(Seat(n, P[n - 1], r) for n, r in zip(range(1, 11), ["red"] * 6 + ["sheriff", "black", "black", "don"]))
    g = Game("X", "qualifying", 1, 1, result="red", first_killed=FirstKilled(1, (4,)), seats=seats)
    bad = Tournament("T", "fiim", "20", None, "s", tuple(Player(p, p) for p in P[:10]), (g,))
    seat = Seat(3, "p03", "red", extra=Decimal("0.6"), penalties=(Penalty("8.5.4", "r"),))
    g2 = Game("Y", "final", 1, 1, result="annulled", seats=seats[:2] + (seat,) + seats[3:])
    out.append(("code-built", check_tournament(bad) + check_game(g2, "mafclub")))
    return out


def _problems() -> list[str]:
    out = []
    for heading, problems in corpus_problems():
        out.append(f"## {heading}")
        out += [str(p) for p in problems]
    return out


def corpus_text() -> str:
    return "\n".join(_explanations() + _problems()) + "\n"
