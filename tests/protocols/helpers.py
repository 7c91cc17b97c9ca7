"""The cast and a scheduled game for the protocol tests, and a complete valid protocol for it."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import Group

from protocols.models import Game
from tests.factories import (
    GameFactory,
    JudgeFactory,
    RegistrationFactory,
    RoundFactory,
    SeatFactory,
    StageFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
)

# Seat -> role of the complete protocol: blacks 3, 7; don 9; sheriff 2.
ROLES = {1: "red", 2: "sheriff", 3: "black", 4: "red", 5: "red", 6: "red", 7: "black", 8: "red", 9: "don", 10: "red"}


@dataclass
class Cast:
    """The permission cast around `game` (table 1) and `other_game` (table 2, same round)."""

    game: Game
    other_game: Game
    organiser: object
    chief: object
    judge: object
    other_judge: object
    appeals: object = None           # a member of the appeals commission (judges no game)
    foreign_judge: object = None     # the judge of a game of another tournament
    player: object = None            # the player at seat 3 of `game`, with a login
    other_player: object = None      # the player at seat 3 of `other_game`, with a login
    superuser: object = None

    def reloaded(self) -> Cast:
        """The same people and games read again from the database, so that what one test changed
        in memory (a refreshed game, a user's cached permissions) never reaches the next."""
        return Cast(**{
            name: None if value is None else type(value)._default_manager.get(pk=value.pk)
            for name, value in vars(self).items()
        })


# Every persona of the permission tests, in the order they are reported.
PERSONAS = ["organiser", "chief", "appeals", "judge", "other_judge", "foreign_judge", "player", "other_player",
            "anonymous", "superuser"]


def login_as(client, cast: Cast, who: str) -> None:
    if who != "anonymous":
        client.force_login(getattr(cast, who))


def make_cast() -> Cast:
    chief_judge = JudgeFactory(name="Главный")
    tournament = TournamentFactory(chief_judge=chief_judge)
    judge, other_judge = JudgeFactory(name="Судья 1"), JudgeFactory(name="Судья 2")
    stage = StageFactory(tournament=tournament)
    rnd = RoundFactory(stage=stage, number=1)
    game = GameFactory(tournament=tournament, stage=stage, round=rnd, table=TableFactory(tournament=tournament, number=1),
                       judge=judge, number=1)
    other = GameFactory(tournament=tournament, stage=stage, round=rnd, table=TableFactory(tournament=tournament, number=2),
                        judge=other_judge, number=2)
    for g in (game, other):
        for n in range(1, 11):
            reg = RegistrationFactory(tournament=tournament)
            SeatFactory(game=g, number=n, player=reg.player)
    organiser = UserFactory(username="organiser", is_staff=True)
    organiser.groups.add(Group.objects.get_or_create(name="Organiser")[0])
    tournament.organisers.add(organiser)
    appeals = JudgeFactory(name="Апелляция")
    tournament.appeals.add(appeals)
    foreign = JudgeFactory(name="Чужой судья")
    GameFactory(judge=foreign, seats=True)  # a game of another tournament
    for user, group in ((chief_judge.user, "Chief judge"), (judge.user, "Judge"), (other_judge.user, "Judge"),
                        (appeals.user, "Chief judge"), (foreign.user, "Judge")):
        user.is_staff = True
        user.save(update_fields=["is_staff"])
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    players = []
    for g in (game, other):
        seat = g.seats.get(number=3)
        seat.player.user = UserFactory()
        seat.player.save(update_fields=["user"])
        players.append(seat.player.user)
    superuser = UserFactory(username="root", is_staff=True, is_superuser=True)
    return Cast(game, other, organiser, chief_judge.user, judge.user, other_judge.user, appeals.user, foreign.user,
                players[0], players[1], superuser)


def complete_post(game: Game, **overrides) -> dict:
    """A complete, valid protocol as the entry page posts it: red wins.

    Day 1: 1 nominates 3, 4 nominates 5; 3 voted out (6 : 4). Night 1: seat 10 killed (best move
    3, 7, 9). Day 2: 2 nominates 7; voted out. Night 2: seat 8 killed. Day 3: 1 nominates 9;
    voted out -> no black left, red wins."""
    data = {"version": str(game.version), "action": "sign_off", "outcome": "red",
            "first_killed": "10", "named1": "3", "named2": "7", "named3": "9"}
    for seat in game.seats.all():
        n = seat.number
        data[f"s{n}-player"] = str(seat.player_id)
        data[f"s{n}-role"] = ROLES[n]
        data[f"s{n}-fouls"] = "0"
    data.update({
        "s3-left_how": "voted", "s3-left_on": "1", "s10-left_how": "killed", "s10-left_on": "1",
        "s7-left_how": "voted", "s7-left_on": "2", "s8-left_how": "killed", "s8-left_on": "2",
        "s9-left_how": "voted", "s9-left_on": "3",
        "d1-nom1": "3", "d1-nom4": "5", "d1-v1-3": "6", "d1-v1-5": "4",
        "d2-nom2": "7", "d3-nom1": "9",
        "s1-extra": "0.3", "s1-extra_reason": "нашёл обоих чёрных",
        "s2-fouls": "2",
    })
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}
