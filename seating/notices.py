"""Telling players where they sit: when a stage's seating is stored (SeatingSaved), each player
of it with an account and an e-mail address gets his seats of the stage's games not yet signed
off (round, table, seat), in the tournament's language, once, and by web push on each browser he
asked for it: a swap e-mails only the players
whose seats it moved (SeatNotice keeps a digest of what each was told). Sent by a Celery job
after the commit (tasks.tell_players); without a broker it runs in-process (send_or_run).

His page (/judge/ once logged in) shows the same seats whatever the e-mail did."""
from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _

from protocols.models import GameStatus, Seat
from tournaments import web_push
from tournaments.background import send_or_run
from tournaments.domain_events import SeatingSaved, subscribe
from tournaments.models import Player, PushSubscription, Stage, StageKind

from .models import SeatNotice

log = logging.getLogger(__name__)


def upcoming_seats(stage_id: int) -> dict[int, list[dict]]:
    """player pk -> his seats in the stage's games not signed off, in playing order."""
    out: dict[int, list[dict]] = {}
    for row in (Seat.objects.filter(game__stage_id=stage_id, player__isnull=False).exclude(game__status=GameStatus.SIGNED_OFF)
                .order_by("game__round__number", "game__table__number", "game__number")
                .values("player_id", "number", "game__round__number", "game__table__number")):
        out.setdefault(row["player_id"], []).append(
            {"round": row["game__round__number"], "table": row["game__table__number"], "seat": row["number"]})
    return out


def tell_players(stage_id: int) -> int:
    """Tell each player whose seats in the stage changed since he was last told: by e-mail, and
    by web push on each browser he asked it on (tournaments/web_push.py); returns how many."""
    stage = Stage.objects.select_related("tournament").filter(pk=stage_id).first()
    if stage is None:
        return 0
    seats = upcoming_seats(stage_id)
    people = {p.pk: p for p in Player.objects.filter(pk__in=seats, user__isnull=False).select_related("user")}
    pushed_to = set(PushSubscription.objects.filter(user__player__in=list(people)).values_list("user_id", flat=True)
                    if web_push.enabled() else ())  # no VAPID keys: nobody is pushed to, no query
    told = dict(SeatNotice.objects.filter(stage=stage, player_id__in=people).values_list("player_id", "digest"))
    sent = 0
    with translation.override(stage.tournament.language or settings.LANGUAGE_CODE):
        for pid, player in people.items():
            if not player.user.email and player.user_id not in pushed_to:
                continue
            lines = [_("round %(round)s: table %(table)s, seat %(seat)s") % s for s in seats[pid]]
            digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
            if told.get(pid) == digest:
                continue
            subject = _("%(tournament)s: your seats") % {"tournament": stage.tournament.name}
            heading = _("%(stage)s of %(tournament)s:") % {"stage": StageKind(stage.kind).label,
                                                          "tournament": stage.tournament.name}
            delivered = False
            if player.user.email:
                body = "\n".join([heading, *lines, "", _("Your page: %(url)s") % {"url": f"{settings.SITE_URL}/judge/"}])
                try:
                    send_mail(subject, body, None, [player.user.email])
                    delivered = True
                except Exception:  # a mail server down: this player is told at the next change
                    log.warning("seat notice to player %s not sent", pid, exc_info=True)
            if player.user_id in pushed_to:
                delivered |= web_push.push([player.user_id], title=subject, body="\n".join(lines),
                                           url=f"{settings.SITE_URL}/judge/") > 0
            if not delivered:
                continue
            SeatNotice.objects.update_or_create(player=player, stage=stage, defaults={"digest": digest})
            sent += 1
    return sent


def _seating_saved(event: SeatingSaved) -> None:
    from .tasks import tell_players_job

    send_or_run(tell_players_job, event.stage_id, what="the seat notices")


def connect() -> None:
    subscribe(SeatingSaved, _seating_saved)  # after the commit: the seats told are the stored ones
