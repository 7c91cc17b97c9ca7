"""The player's own pages of a tournament's sign-up and check-in (tournaments/signups.py decides):

    /t/<slug>/signup/           sign up (a visitor makes his account on the spot, or logs in first),
                                see where his sign-up stands, withdraw
    /t/<slug>/check-in/         check in from his phone within the window, and his QR code, which
                                the organisers scan at the door (desk/checkin.py)

A refusal is shown beside the field it concerns, and what was typed stays in the form.
"""
from __future__ import annotations

import segno
from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth.password_validation import validate_password
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from rest_framework.throttling import BaseThrottle

from tournaments import signups
from tournaments.models import Player, Registration, SignUp

from . import selectors

# Accounts one address may make by signing up in an hour: a hall's Wi-Fi signs up a few players, a
# script filling a tournament's places with made-up accounts is stopped (the approval setting is
# the organisers' other guard).
ACCOUNTS_PER_HOUR = 5


def _may_make_account(request) -> bool:
    # DRF's reading of the client's address: the one the API's throttles and the login lockout use
    # (config/client_address.py; this app may not import config)
    key = f"signup-accounts:{BaseThrottle().get_ident(request)}"
    cache.add(key, 0, 3600)
    try:
        return cache.incr(key) <= ACCOUNTS_PER_HOUR
    except ValueError:  # the key expired between the two calls
        return True


class DetailsForm(forms.Form):
    nickname = forms.CharField(label=gettext_lazy("Nickname"), max_length=80)
    real_name = forms.CharField(label=gettext_lazy("Name"), max_length=160, required=False)
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False)
    city = forms.CharField(label=gettext_lazy("City"), max_length=120, required=False)
    team = forms.CharField(label=gettext_lazy("Team"), max_length=120, required=False,
                           help_text=gettext_lazy("The team you play for: its name as your teammates write it."))


class AccountForm(DetailsForm):
    """A visitor's sign-up: his account (the e-mail is the login) and his player's details."""

    email = forms.EmailField(label=gettext_lazy("E-mail"), max_length=150,
                             help_text=gettext_lazy("Your login, and where we write about your sign-up."))
    password = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput, max_length=128)

    field_order = ["email", "password", "nickname", "real_name", "club", "city", "team"]

    def clean_email(self):
        email = self.cleaned_data["email"].strip().lower()
        users = get_user_model().objects
        if users.filter(username__iexact=email).exists() or users.filter(email__iexact=email).exists():
            raise ValidationError(_("An account with this e-mail exists: log in with it first."))
        return email

    def clean_password(self):
        password = self.cleaned_data["password"]
        validate_password(password)
        return password


def _signup_of(tournament, user) -> SignUp | None:
    if not user.is_authenticated:
        return None
    return SignUp.objects.filter(tournament=tournament, user=user).select_related("player").first()


def _registration_of(tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return Registration.objects.filter(tournament=tournament, player__user=user, withdrawn=False).first()


def _details(form) -> signups.Details:
    data = form.cleaned_data
    return signups.Details(data["nickname"], data.get("real_name", ""), data.get("club", ""), data.get("city", ""),
                           data.get("team", ""))


def _refused(form, refusal: signups.SignUpRefused) -> None:
    form.add_error(refusal.field if refusal.field in form.fields else None, str(refusal))


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    state = signups.signup_state(tournament)
    mine = _signup_of(tournament, request.user)
    registration = _registration_of(tournament, request.user)
    user = request.user
    own_player = Player.objects.filter(user=user).first() if user.is_authenticated else None
    form_class = DetailsForm if user.is_authenticated else AccountForm
    initial = {}
    if own_player is not None:
        initial = {"nickname": own_player.nickname, "real_name": own_player.real_name, "city": own_player.city,
                   "club": own_player.club.name if own_player.club else ""}
    form = form_class(request.POST if request.method == "POST" else None, initial=initial)
    if tournament.team_size is None:
        del form.fields["team"]
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                if not user.is_authenticated:
                    if not _may_make_account(request):
                        raise signups.SignUpRefused("", _("Too many accounts were made from this address in the last "
                                                          "hour; try again later, or ask the organisers."))
                    email = form.cleaned_data["email"]
                    user = get_user_model().objects.create_user(username=email, email=email,
                                                                password=form.cleaned_data["password"])
                details = _details(form)
                if own_player is not None:  # his player as it is: the admin changes a nickname
                    details = signups.Details(own_player.nickname, team=details.team)
                signups.sign_up(tournament=tournament, user=user, details=details)
        except signups.SignUpRefused as refusal:
            _refused(form, refusal)
        else:
            if not request.user.is_authenticated:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(reverse("public:signup", args=[slug]))
    live = mine is not None and mine.status in signups.LIVE
    return render(request, "public/signup.html", {
        "tournament": tournament, "state": state, "form": form, "mine": mine, "live": live,
        "registration": registration, "own_player": own_player,
        "position": signups.waitlist_position(mine) if mine else None,
        "places_taken": signups.places_taken(tournament), "checkin": signups.checkin_state(tournament),
        "login_url": reverse("protocols:login") + "?next=" + reverse("public:signup", args=[slug]),
    }, status=400 if request.method == "POST" else 200)


@require_POST
def withdraw(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    mine = _signup_of(tournament, request.user)
    if mine is not None:
        signups.withdraw(mine, by=request.user)
    return HttpResponseRedirect(reverse("public:signup", args=[slug]))


def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (segno: no image files, scales on any screen)."""
    return segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff")


@require_http_methods(["GET", "HEAD", "POST"])
def check_in(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    if not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("protocols:login") + "?next=" + reverse("public:check-in", args=[slug]))
    registration = _registration_of(tournament, request.user)
    error = ""
    if request.method == "POST" and registration is not None:
        try:
            signups.check_in(registration, by=request.user)
        except signups.SignUpRefused as refusal:
            error = str(refusal)
        else:
            return HttpResponseRedirect(reverse("public:check-in", args=[slug]))
        registration.refresh_from_db()
    qr = ""
    if registration is not None and tournament.uses_check_in:
        token = signups.checkin_token(registration)
        qr = qr_svg(request.build_absolute_uri(reverse("desk:check-in-scan", args=[slug, token])))
    return render(request, "public/check_in.html", {
        "tournament": tournament, "registration": registration, "state": signups.checkin_state(tournament),
        "qr": qr, "error": error,
    }, status=400 if error else 200)

