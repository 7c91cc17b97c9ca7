"""The tournament admin's "Import registrations" page: paste a list or upload a CSV/XLSX file, see
the preview (new, existing, already registered, ambiguous players), confirm to save them all.

The preview page carries the rows it showed, signed, so that the confirmation saves what the
organiser saw; the matching is redone at that moment (a player added in between is found)."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .permissions import can_manage_tournament
from .registration_import import (
    MAX_FILE_BYTES,
    ImportProblem,
    SourceRow,
    preview_registrations,
    read_table,
    save_registrations,
    status_labels,
)

SIGNING_SALT = "tournaments.registration_import"


class RegistrationImportForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Paste a list"), required=False, widget=forms.Textarea(attrs={"rows": 12, "cols": 80}),
        help_text=gettext_lazy("One player a line: nickname, name, club, city, separated by tabs (copied from a "
                               "spreadsheet), semicolons or commas. A header row is optional."),
    )
    file = forms.FileField(
        label=gettext_lazy("or upload a file"), required=False,
        help_text=gettext_lazy("CSV or XLSX with the columns nickname, name, club, city (header row optional)."),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None and upload.size > MAX_FILE_BYTES:
            self.add_error("file", _("The file is larger than 5 MB."))
            return data
        if upload is None and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste a list or choose a file."))
        try:
            if upload is not None:
                data["rows"] = read_table(filename=upload.name, content=upload.read())
            else:
                data["rows"] = read_table(text=data["text"])
        except ImportProblem as problem:
            self.add_error("file" if upload is not None else "text", str(problem))
        return data



def _sign(rows: list[SourceRow]) -> str:
    return signing.dumps([[r.line, r.nickname, r.name, r.club, r.city] for r in rows], salt=SIGNING_SALT, compress=True)


def _unsign(token: str) -> list[SourceRow]:
    return [SourceRow(*values) for values in signing.loads(token, salt=SIGNING_SALT)]


class RegistrationImportAdmin:
    """Mixed into TournamentAdmin: the import page and the link on the tournament's page."""

    def get_urls(self):
        name = f"{self.opts.app_label}_{self.opts.model_name}_import_registrations"
        return [
            path("<path:object_id>/registrations/import/", self.admin_site.admin_view(self.import_registrations_view), name=name),
        ] + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        extra_context["import_registrations_url"] = reverse(
            f"admin:{self.opts.app_label}_{self.opts.model_name}_import_registrations", args=[object_id],
            current_app=self.admin_site.name)
        return super().change_view(request, object_id, form_url, extra_context)

    def import_registrations_view(self, request, object_id):
        tournament = self.get_object(request, unquote(object_id))
        if tournament is None:
            raise Http404(_("No such tournament."))
        if not can_manage_tournament(request.user, tournament):
            raise PermissionDenied
        back = reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_change", args=[tournament.pk],
                       current_app=self.admin_site.name)
        form = RegistrationImportForm()
        preview = token = None
        if request.method == "POST" and "confirm" in request.POST:
            try:
                rows = _unsign(request.POST.get("token", ""))
            except signing.BadSignature:
                messages.error(request, _("The preview could not be read back; start the import again."))
                return HttpResponseRedirect(request.path)
            preview = preview_registrations(tournament=tournament, rows=rows)
            if preview.ok:
                made = save_registrations(tournament=tournament, preview=preview)
                messages.success(request, _("Registered %(n)s players.") % {"n": made})
                return HttpResponseRedirect(back)
            token = _sign(rows)
        elif request.method == "POST":
            form = RegistrationImportForm(request.POST, request.FILES)
            if form.is_valid() and "rows" in form.cleaned_data:
                rows = form.cleaned_data["rows"]
                preview = preview_registrations(tournament=tournament, rows=rows)
                token = _sign(rows)
        labels = status_labels()
        context = {
            **self.admin_site.each_context(request), "opts": self.opts, "tournament": tournament, "back": back,
            "title": _("Import registrations"), "subtitle": str(tournament), "form": form, "preview": preview,
            "token": token,
            "rows": [(row, labels[row.status]) for row in preview.rows] if preview else [],
            "counts": {label: preview.count(status) for status, label in labels.items()} if preview else {},
        }
        return TemplateResponse(request, "admin/tournaments/registration_import.html", context)
