"""Users and groups in the admin, with the working roles' group names in the page's language
(the group list, its filter in the user list, the user form's group choice); and the judge's add
form, which makes the judge's login with them (judge_accounts.py). `config/admin.py` registers them,
in place of Django's own user and group admins."""
from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.password_validation import validate_password
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.admin_access import AdminDoorsMixin
from tournaments.admin_titles import AccusativeTitles
from tournaments.models import Judge, Tournament
from tournaments.permissions import is_superuser, managed_tournaments

from .groups import group_label
from .judge_accounts import ROLE_CHOICES, TABLE_JUDGE_ROLE, create_judge_account


class GroupNameFilter(admin.RelatedFieldListFilter):
    def field_choices(self, field, request, model_admin):
        return [(pk, group_label(name)) for pk, name in super().field_choices(field, request, model_admin)]


class GroupAdmin(AccusativeTitles, AdminDoorsMixin, BaseGroupAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "group")
    list_display = ["label"]

    @admin.display(description=_("name"), ordering="name")
    def label(self, obj):
        return group_label(obj.name)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["subtitle"] = group_label(obj.name)
        return super().render_change_form(request, context, add, change, form_url, obj)


class UserAdmin(AccusativeTitles, AdminDoorsMixin, BaseUserAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "user")
    list_filter = [(name, GroupNameFilter) if name == "groups" else name for name in BaseUserAdmin.list_filter]

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if db_field.name == "groups" and field is not None:
            field.label_from_instance = lambda group: group_label(group.name)
        return field


class JudgeAccountForm(forms.ModelForm):
    """A new judge and their login in one form. Its own fields' labels are capitalised here, as
    Django does for the labels it takes from a model's fields."""

    username = forms.CharField(label=capfirst(_("username")), max_length=150,
                               help_text=_("What the judge types to log in at /judge/."))
    password = forms.CharField(
        label=capfirst(_("password")), required=False, strip=False, widget=forms.PasswordInput(render_value=False),
        help_text=_("Leave empty to have one generated; it is shown once after saving, to hand over."),
    )
    tournaments = forms.ModelMultipleChoiceField(label=capfirst(_("tournaments")), queryset=Tournament.objects.none(), required=False)
    role = forms.ChoiceField(label=capfirst(_("role")), choices=ROLE_CHOICES, initial=TABLE_JUDGE_ROLE)

    class Meta:
        model = Judge
        fields = ["name"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["tournaments"].queryset = managed_tournaments(user, Tournament.objects.all())

    def clean_username(self):
        username = self.cleaned_data["username"]
        field = get_user_model()._meta.get_field("username")
        for validator in field.validators:
            validator(username)
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(gettext("This username is taken."))
        return username

    def clean_password(self):
        password = self.cleaned_data.get("password", "")
        if password:
            validate_password(password)
        return password

    def clean_tournaments(self):
        tournaments = self.cleaned_data.get("tournaments")
        if not tournaments and not is_superuser(self.user):
            raise forms.ValidationError(gettext("Choose the tournament(s) the judge works at."))
        return tournaments


class JudgeAccountMixin:
    """For the judge's admin (`tournaments.admin.JudgeAdmin`, put together in `config/admin.py`):
    the judge's add page creates the user, the Judge row, the group and the staff status together."""

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            return super().get_form(request, obj, change=change, **kwargs)
        user = request.user

        class Form(JudgeAccountForm):
            def __init__(self, *args, **kw):
                super().__init__(*args, user=user, **kw)

        return Form

    def get_fieldsets(self, request, obj=None):
        if obj is not None:
            return super().get_fieldsets(request, obj)
        return [(None, {"fields": ["name", "username", "password", "tournaments", "role"]})]

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        data = form.cleaned_data
        judge, password = create_judge_account(
            name=data["name"], username=data["username"], password=data["password"], tournaments=list(data["tournaments"]),
            role=data["role"], by=request.user,
        )
        obj.pk, obj.user = judge.pk, judge.user
        obj._state.adding = False
        request._judge_password = password  # shown on the next page only, never stored in clear

    def response_add(self, request, obj, post_url_continue=None):
        password = getattr(request, "_judge_password", None)
        if password is None:
            return super().response_add(request, obj, post_url_continue)
        return TemplateResponse(request, "admin/protocols/judge_account_created.html", {
            **self.admin_site.each_context(request), "opts": self.opts, "title": gettext("The judge's login"),
            "judge": obj, "username": obj.user.username, "password": password,
            "change_url": reverse("admin:tournaments_judge_change", args=[obj.pk], current_app=self.admin_site.name),
        })
