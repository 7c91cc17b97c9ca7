"""Writing the action log: every service that decides, approves, amends, signs off or changes a
seating calls `log_action` inside its transaction, so the entry commits with the change."""
from __future__ import annotations

import csv

from django.contrib.contenttypes.models import ContentType
from django.http import HttpResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from .file_cells import cell_values
from .models import ActionLog


def log_action(*, tournament, user, action: str, obj=None, reason: str = "", data: dict | None = None) -> ActionLog:
    """Record `action` (an `ActionType` its app registered, or its code) by `user` on `obj` of `tournament`, with why and what.

    The object's label is kept as it reads at the time, in the tournament's language (that of its
    printed sheets), so that the log reads in one language whoever wrote each entry."""
    with translation.override(tournament.language):
        label = str(obj)[:200] if obj is not None else ""
    return ActionLog.objects.create(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        action=str(action),
        object_type=ContentType.objects.get_for_model(obj) if obj is not None else None,
        object_id=obj.pk if obj is not None else None,
        object_label=label,
        reason=reason,
        data=data or {},
    )


def action_log_csv(entries, *, filename: str) -> HttpResponse:
    """The entries as a CSV download (UTF-8 with a byte-order mark, so spreadsheets read Cyrillic);
    every cell through `file_cells.cell_value`, so a reason or a nickname is never a formula."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow(cell_values([_("When"), _("Tournament"), _("Who"), _("Action"), _("Object"), _("Why"), _("What")]))
    for entry in entries:
        writer.writerow(cell_values([
            timezone.localtime(entry.at).strftime("%Y-%m-%d %H:%M:%S"), entry.tournament.name,
            entry.user.get_username() if entry.user else "", entry.action_label, entry.object_label,
            entry.reason, _describe(entry),
        ]))
    return response


def _describe(entry) -> str:
    """The entry's changes as its type words them; other data as it is stored."""
    lines = entry.change_lines
    if lines:
        return "; ".join(lines)
    return ", ".join(f"{k}={v}" for k, v in entry.data.items() if k != "changes" and v not in (None, "", []))
