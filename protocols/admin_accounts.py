"""Users and groups in the admin, with the working roles' group names in the page's language
(the group list, its filter in the user list, the user form's group choice)."""
from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group, User
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.admin_titles import AccusativeTitles

from .groups import group_label


class GroupNameFilter(admin.RelatedFieldListFilter):
    def field_choices(self, field, request, model_admin):
        return [(pk, group_label(name)) for pk, name in super().field_choices(field, request, model_admin)]


admin.site.unregister(Group)
admin.site.unregister(User)


@admin.register(Group)
class GroupAdmin(AccusativeTitles, BaseGroupAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "group")
    list_display = ["label"]

    @admin.display(description=_("name"), ordering="name")
    def label(self, obj):
        return group_label(obj.name)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["subtitle"] = group_label(obj.name)
        return super().render_change_form(request, context, add, change, form_url, obj)


@admin.register(User)
class UserAdmin(AccusativeTitles, BaseUserAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "user")
    list_filter = [(name, GroupNameFilter) if name == "groups" else name for name in BaseUserAdmin.list_filter]

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if db_field.name == "groups" and field is not None:
            field.label_from_instance = lambda group: group_label(group.name)
        return field
