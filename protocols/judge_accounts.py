"""A judge with their login, made in one step: the user (staff, in the role's group), the Judge
row and their place in the chosen tournaments.

    create_judge_account(name=..., username=..., password=..., tournaments=..., role=..., by=...)
        -> (judge, password)

Without a password one is generated; either way the caller shows it once, to be handed over
(it is stored only hashed)."""
from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Judge, Tournament, TournamentJudge
from tournaments.permissions import PermissionRefused, is_organiser
from tournaments.tournament_changes import save_tournament

from .groups import CHIEF_JUDGE, JUDGE

TABLE_JUDGE_ROLE, CHIEF_JUDGE_ROLE = "table", "chief"
ROLE_CHOICES = [(TABLE_JUDGE_ROLE, gettext_lazy("table judge")), (CHIEF_JUDGE_ROLE, gettext_lazy("chief judge"))]
# Letters and digits without the look-alikes (0/O, 1/l/I): read off a screen and typed on a phone.
_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def generate_password(length: int = 12) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


@transaction.atomic
def create_judge_account(
    *, name: str, username: str, password: str = "", tournaments: Sequence[Tournament] = (), role: str = TABLE_JUDGE_ROLE,
    by=None,
) -> tuple[Judge, str]:
    """Create the judge and their account; returns the judge and the password to hand over.

    A table judge joins each tournament's judges (numbered after the last); a chief judge becomes
    each tournament's chief judge. `by` must organise every tournament named (a superuser does)."""
    for tournament in tournaments:
        if by is not None and not is_organiser(by, tournament):
            raise PermissionRefused(_("Only the tournament's organisers may do this."))
    password = password or generate_password()
    user = get_user_model().objects.create_user(username=username, password=password, is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=CHIEF_JUDGE if role == CHIEF_JUDGE_ROLE else JUDGE)[0])
    judge = Judge.objects.create(user=user, name=name)
    for tournament in tournaments:
        if role == CHIEF_JUDGE_ROLE:
            tournament.chief_judge = judge
            save_tournament(tournament, update_fields=["chief_judge"])
        else:
            top = TournamentJudge.objects.filter(tournament=tournament).aggregate(top=Max("order"))["top"] or 0
            TournamentJudge.objects.create(tournament=tournament, judge=judge, order=top + 1)
    return judge, password
