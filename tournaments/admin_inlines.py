"""Admin inlines that pick a person by autocomplete (nickname or name) and show the rows' current
people without a query per row.

Django's autocomplete and raw-id widgets each look their current value up one row at a time; on a
tournament with 100 registrations that is 100 queries. Here one query per field labels every row
of the inline, and the autocomplete widget uses those labels."""
from django.contrib import admin
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms.models import BaseInlineFormSet, _get_foreign_key

from .admin_choices import SafeAutocompleteSelect


class LabelledAutocompleteSelect(SafeAutocompleteSelect):
    """An autocomplete whose selected option comes from `labels` (pk → label) when it is there."""

    def __init__(self, *args, labels: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.labels = labels

    def optgroups(self, name, value, attr=None):
        selected = [str(v) for v in value if str(v) not in self.choices.field.empty_values]
        keys = [int(v) for v in selected if v.isascii() and v.isdigit()]
        if len(keys) != len(selected) or any(key not in self.labels for key in keys):
            return super().optgroups(name, value, attr)
        options = [] if self.is_required else [self.create_option(name, "", "", False, 0)]
        for key in keys:
            options.append(self.create_option(name, key, self.labels[key], set(selected), len(options)))
        return [(None, options, 0)]


class CheckedInlineFormSet(BaseInlineFormSet):
    """An inline whose new and changed rows are checked against the rows already stored, the
    parent's key included, before anything is saved.

    Django checks an inline row's unique fields and constraints among the rows sent, but leaves
    out those that hold the parent's key: a row duplicating a stored one that the page did not
    send (another organiser's, added since the page was opened; a row sent as new) reached the
    database and its IntegrityError was a server error. Here it is the row's error, as a
    duplicate among the rows sent is."""

    def clean(self):
        super().clean()
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or self._should_delete_form(form):
                continue
            if form.empty_permitted and not form.has_changed():
                continue
            exclude = form._get_validation_exclusions() - {self.fk.name}
            for check in (form.instance.validate_unique, form.instance.validate_constraints):
                try:
                    check(exclude=exclude)
                except ValidationError as problem:
                    for field, messages in problem.update_error_dict({}).items():
                        form.add_error(field if field in form.fields else NON_FIELD_ERRORS, messages)


class PrelabelledInline(admin.TabularInline):
    """A tabular inline whose `autocomplete_labels` fields (name → the related field to show) are
    autocompletes, labelled in bulk."""

    autocomplete_labels: dict[str, str] = {}
    formset = CheckedInlineFormSet

    def get_formset(self, request, obj=None, **kwargs):
        labels = {name: {} for name in self.autocomplete_labels}
        if obj is not None:
            fk = _get_foreign_key(self.parent_model, self.model, fk_name=self.fk_name)
            rows = self.model._default_manager.filter(**{fk.name: obj})
            for name, label in self.autocomplete_labels.items():
                labels[name] = dict(rows.values_list(f"{name}_id", f"{name}__{label}"))
        request.__dict__.setdefault("_autocomplete_labels", {})[type(self)] = labels
        return super().get_formset(request, obj, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in self.autocomplete_labels:
            labels = request.__dict__.get("_autocomplete_labels", {}).get(type(self), {}).get(db_field.name, {})
            kwargs["widget"] = LabelledAutocompleteSelect(db_field, self.admin_site, labels=labels)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)
