"""Admin titles that read as Russian: "Добавить игру", "Выберите игрока для изменения".

Django's admin puts a model's verbose name, a nominative, into "Add %s", "Change %s", "Select %s to
change" and the add button; Russian needs the accusative there ("игру", not "игра"; "игрока", not
"игрок"). Every ModelAdmin of ours inherits `AccusativeTitles` first and names its model in the
accusative with `pgettext_lazy("accusative", ...)`; the titles, the add button
(templates/admin/change_list_object_tools.html) and the add page's breadcrumbs
(templates/admin/change_form.html) use it. English has one form: the msgid is the verbose name.

The other messages that name a model ("The game … was added successfully", "Are you sure you want
to delete the game …", "Cannot delete …") are worded in the project catalogue (locale/) so that
they read right whatever the noun's gender and case.
"""
from __future__ import annotations

from django.utils.translation import gettext


class AccusativeTitles:
    """Mix into a ModelAdmin, first among its bases; set `verbose_name_accusative`."""

    verbose_name_accusative = None  # e.g. pgettext_lazy("accusative", "game")

    def accusative_name(self) -> str:
        return str(self.verbose_name_accusative or self.opts.verbose_name)

    def _accusative_context(self, extra_context) -> dict:
        return {"accusative_name": self.accusative_name(), **(extra_context or {})}

    def get_changelist_instance(self, request):
        changelist = super().get_changelist_instance(request)
        if changelist.is_popup:
            title = gettext("Select %s")
        elif self.has_change_permission(request):
            title = gettext("Select %s to change")
        else:
            title = gettext("Select %s to view")
        changelist.title = title % self.accusative_name()
        return changelist

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(request, self._accusative_context(extra_context))

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        # Only Django's own titles are replaced: a view that passes its own title keeps it.
        nominative, accusative = self.opts.verbose_name, self.accusative_name()
        for title in ("Add %s", "Change %s", "View %s"):
            if context.get("title") == gettext(title) % nominative:
                context["title"] = gettext(title) % accusative
        context.setdefault("accusative_name", accusative)
        return super().render_change_form(request, context, add, change, form_url, obj)
