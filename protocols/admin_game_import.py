"""The games admin's "Import games from another platform" page: upload Polemica's or
mafiaratings' game records, see the preview (the tournaments, the files refused with their game
and field, the players matched and new, and a question for every name that is not sure), answer
the questions by choosing, confirm to store the draft tournaments (protocols/foreign).

The preview carries the uploaded files, signed, so that the confirmation stores what the
organiser saw; the matching is redone then with his answers (a player added in between is found).
Larger histories go through ``manage.py import_games``."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .foreign.importer import NotStored, plan, store

SIGNING_SALT = "protocols.game_import"
PREVIEW_MAX_AGE = 24 * 60 * 60  # seconds a preview may be confirmed in
MAX_UPLOAD_BYTES = 5 * 1024 * 1024  # all files of one upload: they travel back in the preview's form
NEW = "__new__"
STANDARD_QUESTIONS = ("look-alike", "two people", "another account")  # any other "why" is about an answer


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Django's documented way to take several files in one field."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        return [single(d, initial) for d in data] if isinstance(data, (list, tuple)) else [single(data, initial)]


class GameImportForm(forms.Form):
    format = forms.ChoiceField(label=gettext_lazy("platform"), choices=[("polemica", "Polemica"), ("mafiaratings", "mafiaratings")])
    tournament = forms.CharField(
        label=gettext_lazy("tournament's name"), required=False, max_length=200,
        help_text=gettext_lazy("Polemica's records name no tournament: their games become one tournament of this name."))
    files = MultipleFileField(
        label=gettext_lazy("game records"),
        help_text=gettext_lazy("JSON files, each one game record or a list of them, as the platform keeps them "
                               "(at most 5 MB in all; more with manage.py import_games)."))

    def clean(self):
        data = super().clean()
        uploads = data.get("files") or []
        if sum(u.size for u in uploads) > MAX_UPLOAD_BYTES:
            self.add_error("files", _("The files are larger than 5 MB in all."))
            return data
        texts = []
        for u in uploads:
            try:
                texts.append((u.name, u.read().decode("utf-8")))  # a byte order mark: read_file reads past it
            except UnicodeDecodeError:
                self.add_error("files", _("%(file)s is not UTF-8 text.") % {"file": u.name})
        data["texts"] = texts
        return data


def _answers(post, questions) -> tuple[dict[str, str], set[str]]:
    """The organiser's answers, each to the question of the name it was given for (a question
    that is not the one he saw, because a player was added in between, stays open)."""
    same, new = {}, set()
    for i, q in enumerate(questions):
        if post.get(f"question-{i}") != q.name:
            continue
        choice = post.get(f"answer-{i}", "")
        if choice == NEW:
            new.add(q.name)
        elif choice in q.candidates or q.several and choice == q.name:  # the name itself: one person
            same[q.name] = choice
    return same, new


class GameImportAdmin:
    """Mixed into GameAdmin: the import page and its link on the games' list."""

    def get_urls(self):
        name = f"{self.opts.app_label}_{self.opts.model_name}_import_games"
        return [path("import-games/", self.admin_site.admin_view(self.import_games_view), name=name)] + super().get_urls()

    def changelist_view(self, request, extra_context=None):
        extra_context = dict(extra_context or {})
        if request.user.has_perm("tournaments.add_tournament"):
            extra_context["import_games_url"] = reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_import_games",
                                                        current_app=self.admin_site.name)
        return super().changelist_view(request, extra_context)

    def import_games_view(self, request):
        # whoever may start a tournament may bring one (the drafts become his, as in the admin)
        if not request.user.has_perm("tournaments.add_tournament"):
            raise PermissionDenied
        form, p, token, fmt = GameImportForm(), None, None, None
        problems, chosen = [], {}
        if request.method == "POST" and "confirm" in request.POST:
            try:
                fmt, name, texts, made_by = signing.loads(request.POST.get("token", ""), salt=SIGNING_SALT,
                                                          max_age=PREVIEW_MAX_AGE)
                if made_by != request.user.pk:
                    raise signing.BadSignature("another user's preview")
            except (signing.BadSignature, ValueError, TypeError):
                messages.error(request, _("The preview could not be read back; start the import again."))
                return HttpResponseRedirect(request.path)
            first = plan(fmt, [tuple(t) for t in texts], tournament_name=name, user=request.user)
            same, new = _answers(request.POST, first.questions)
            p = plan(fmt, [tuple(t) for t in texts], tournament_name=name, same=same, new=new, user=request.user)
            stored = None
            if not p.questions and p.tournaments:
                try:
                    stored = store(fmt, p, user=request.user)
                except NotStored as e:
                    messages.error(request, _("Nothing was imported: %(why)s") % {"why": "; ".join(e.args[0])})
            if stored is not None:
                messages.success(request, _("Imported %(games)s games into %(n)s draft tournaments: %(names)s.") % {
                    "games": sum(len(g) for g in p.tournaments.values()), "n": len(stored),
                    "names": ", ".join(t.name for t in stored)})
                return HttpResponseRedirect(reverse("admin:tournaments_tournament_changelist", current_app=self.admin_site.name))
            # asked again, every question with the choice already made, and what is wrong with an answer
            problems = [f"{q.name}: {q.why}" for q in p.questions if q.why not in STANDARD_QUESTIONS]
            chosen = {i: request.POST.get(f"answer-{i}", "") for i in range(len(first.questions))
                      if request.POST.get(f"question-{i}") == first.questions[i].name}
            p = first
            token = request.POST.get("token")
        elif request.method == "POST":
            form = GameImportForm(request.POST, request.FILES)
            if form.is_valid():
                fmt = form.cleaned_data["format"]
                name = form.cleaned_data["tournament"].strip()
                texts = form.cleaned_data["texts"]
                p = plan(fmt, texts, tournament_name=name, user=request.user)
                token = signing.dumps([fmt, name, texts, request.user.pk], salt=SIGNING_SALT, compress=True)
        context = {
            **self.admin_site.each_context(request), "opts": self.opts, "title": _("Import games from another platform"),
            "form": form, "plan": p, "token": token, "new": NEW,
            "tournaments": [{"name": p.names[k], "games": len(g), "first": min(x.played_on for x in g),
                             "last": max(x.played_on for x in g)} for k, g in p.tournaments.items()] if p else [],
            "questions": [(i, q, chosen.get(i, "")) for i, q in enumerate(p.questions)] if p else [],
            "answer_problems": problems,
            "renamed": sorted((a, b) for a, b in p.matched.items() if a != b) if p else [],
        }
        return TemplateResponse(request, "admin/protocols/game_import.html", context)
