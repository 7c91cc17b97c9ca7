"""Admin inlines that show their related objects without a query per row.

Django's raw-id and autocomplete widgets each look their current value up one row at a time;
on a tournament with 100 registrations that is 100 queries. Here one query per field labels
every row of the inline."""
from django.contrib import admin
from django.contrib.admin.widgets import ForeignKeyRawIdWidget
from django.forms.models import _get_foreign_key


class LabelledRawIdWidget(ForeignKeyRawIdWidget):
    def __init__(self, *args, labels: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.labels = labels

    def label_and_url_for_value(self, value):
        try:
            key = int(value)
        except (TypeError, ValueError):
            key = None
        if key in self.labels:
            return self.labels[key], ""
        return super().label_and_url_for_value(value)


class PrelabelledInline(admin.TabularInline):
    """A tabular inline whose `raw_id_labels` fields (name → related field to show) are labelled in bulk."""

    raw_id_labels: dict[str, str] = {}

    @property
    def raw_id_fields(self):
        return list(self.raw_id_labels)

    def get_formset(self, request, obj=None, **kwargs):
        labels = {name: {} for name in self.raw_id_labels}
        if obj is not None:
            fk = _get_foreign_key(self.parent_model, self.model, fk_name=self.fk_name)
            rows = self.model._default_manager.filter(**{fk.name: obj})
            for name, label in self.raw_id_labels.items():
                labels[name] = dict(rows.values_list(f"{name}_id", f"{name}__{label}"))
        request.__dict__.setdefault("_raw_id_labels", {})[type(self)] = labels
        return super().get_formset(request, obj, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in self.raw_id_labels:
            labels = request.__dict__.get("_raw_id_labels", {}).get(type(self), {}).get(db_field.name, {})
            kwargs["widget"] = LabelledRawIdWidget(db_field.remote_field, self.admin_site, labels=labels)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)
