"""Telling a player where his sign-up stands: an e-mail at each change (SignUpChanged), in the
tournament's language, sent by a Celery job after the commit (tasks.tell_signup; without a broker
in-process). The account's address is the one he signed up with; an account without one is told
nothing, and his page shows the same."""
from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from .background import send_or_run
from .domain_events import SignUpChanged, subscribe
from .models import SignUp

log = logging.getLogger(__name__)


def _message(signup: SignUp, change: str) -> str:
    from .signups import waitlist_position  # local: that module publishes the event this one hears

    name = signup.tournament.name
    if change in ("confirmed", "approved"):
        return _("You are registered for %(tournament)s.") % {"tournament": name}
    if change == "promoted":
        return _("A place has freed up: you are now registered for %(tournament)s.") % {"tournament": name}
    if change == "waitlisted":
        return _("%(tournament)s is full: you are number %(position)s on the waitlist. We will write when a place "
                 "frees up.") % {"tournament": name, "position": waitlist_position(signup) or "?"}
    if change == "pending":
        return _("Your sign-up for %(tournament)s awaits the organisers' approval.") % {"tournament": name}
    if change == "declined":
        return _("The organisers have declined your sign-up for %(tournament)s.") % {"tournament": name}
    return _("Your sign-up for %(tournament)s is withdrawn.") % {"tournament": name}


def tell_signup(signup_id: int, change: str) -> bool:
    """E-mail the sign-up's player its `change`; False when there is nobody to write to."""
    signup = SignUp.objects.select_related("tournament", "user").filter(pk=signup_id).first()
    if signup is None or not signup.user.email:
        return False
    tournament = signup.tournament
    with translation.override(tournament.language or settings.LANGUAGE_CODE):
        subject = _("%(tournament)s: your sign-up") % {"tournament": tournament.name}
        url = settings.SITE_URL + reverse("public:detail", args=[tournament.slug])
        body = "\n\n".join([_message(signup, change), _("The tournament's page: %(url)s") % {"url": url}])
    send_mail(subject, body, None, [signup.user.email])
    return True


def _changed(event: SignUpChanged) -> None:
    from .tasks import tell_signup_job

    send_or_run(tell_signup_job, event.signup_id, event.change, what="the sign-up's e-mail")


def connect() -> None:
    subscribe(SignUpChanged, _changed)
