"""The organisers' door (/desk/<slug>/check-in/): the registered players with who is checked in,
the fee marks, the no-shows, and the sign-ups waiting for a decision; a player's QR code
(public/signup.py) opens /desk/<slug>/check-in/<token>/, one tap checks him in.

Only the tournament's organisers (tournaments.permissions.can_manage_tournament): the desk's
other users judge games, they do not take the door. tournaments/signups.py decides and logs.
"""
from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import signups
from tournaments.models import Registration, SignUp, SignUpStatus, Tournament
from tournaments.names import name_key
from tournaments.permissions import PermissionRefused, check_manage_tournament, readable_tournaments

ACTIONS = {"check_in", "undo", "paid", "unpaid", "approve", "decline"}


def _tournament(request, slug) -> Tournament:
    tournament = get_object_or_404(readable_tournaments(request.user, Tournament.objects.all()), slug=slug)
    check_manage_tournament(request.user, tournament)
    return tournament


def _denied(request, exc):
    return render(request, "protocols/denied.html", {"message": str(exc)}, status=403)


def _act(request, tournament) -> None:
    action, pk = request.POST.get("action", ""), request.POST.get("id", "")
    if action not in ACTIONS or not pk.isascii() or not pk.isdigit() or len(pk) > 12:
        messages.error(request, _("Nothing was changed: the form was incomplete."))
        return
    try:
        if action in ("approve", "decline"):
            signup = SignUp.objects.filter(tournament=tournament, pk=int(pk)).first()
            if signup is None:
                raise signups.SignUpRefused("", _("No such sign-up."))
            (signups.approve if action == "approve" else signups.decline)(signup, by=request.user)
            return
        registration = Registration.objects.filter(tournament=tournament, pk=int(pk)).select_related("player").first()
        if registration is None:
            raise signups.SignUpRefused("", _("No such registration."))
        if action == "check_in":
            signups.check_in(registration, by=request.user)
        elif action == "undo":
            signups.undo_check_in(registration, by=request.user)
        else:
            signups.set_paid(registration, action == "paid", by=request.user)
    except signups.SignUpRefused as refusal:
        messages.error(request, str(refusal))


@login_required(login_url="protocols:login")
@require_http_methods(["GET", "HEAD", "POST"])
def checkin_list(request, slug):
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    if request.method == "POST":
        _act(request, tournament)
        query = request.POST.get("q", "")
        return HttpResponseRedirect(reverse("desk:check-in", args=[slug]) + ("?" + urlencode({"q": query[:80]}) if query else ""))
    query = request.GET.get("q", "")[:80]
    registrations = list(Registration.objects.filter(tournament=tournament, withdrawn=False)
                         .select_related("player", "player__club").order_by("number", "player__nickname"))
    if query:
        key = name_key(query)
        registrations = [r for r in registrations if key in name_key(r.player.nickname)
                         or key in name_key(r.player.real_name)]
    checked = sum(1 for r in registrations if r.checked_in_at)
    return render(request, "desk/check_in.html", {
        "tournament": tournament, "registrations": registrations, "query": query, "checked": checked,
        "no_shows": list(signups.no_shows(tournament)) if tournament.uses_check_in else [],
        "state": signups.checkin_state(tournament),
        "waiting": SignUp.objects.filter(tournament=tournament, status=SignUpStatus.PENDING)
        .select_related("look_alike", "user"),
        "waitlist": SignUp.objects.filter(tournament=tournament, status=SignUpStatus.WAITLISTED).order_by("created_at", "pk"),
    })


@login_required(login_url="protocols:login")
@require_http_methods(["GET", "HEAD", "POST"])
def checkin_scan(request, slug, token):
    """What the organiser's phone opens from a player's QR code: who it is, and one button."""
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    registration = signups.registration_of_token(tournament, token)
    if registration is None:
        raise Http404("no such code")
    error = ""
    if request.method == "POST":
        try:
            signups.check_in(registration, by=request.user)
        except signups.SignUpRefused as refusal:
            error = str(refusal)
        else:
            messages.success(request, _("%(nickname)s is checked in.") % {"nickname": registration.player.nickname})
            return HttpResponseRedirect(reverse("desk:check-in", args=[slug]))
    registration.refresh_from_db()
    return render(request, "desk/check_in_scan.html", {"tournament": tournament, "registration": registration,
                                                       "error": error}, status=400 if error else 200)
