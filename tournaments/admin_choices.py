"""The admin's choices of related rows (autocompletes, multiple choices), made safe for values that
cannot be a row's key.

Django looks posted values up as they came: a form sent back with "abc", a NUL or a number beyond
any integer column in an autocomplete field crashed while the page was drawn again (the widget
labels its selected options with a query: ValueError, OverflowError on SQLite, DataError on
PostgreSQL), and a number beyond any integer column in a multiple choice (a tournament's
organisers, a user's groups) crashed the field's own check. Here such a value is the field's
"Select a valid choice" error and no selected option: the form shows its error, nothing else."""
from __future__ import annotations

from django import forms
from django.contrib.admin.widgets import AutocompleteSelect, AutocompleteSelectMultiple
from django.core.exceptions import ValidationError
from django.db import connections


def can_be_key(field, value, using: str | None) -> bool:
    """Whether `value` converts to `field`'s type and, for an integer column, fits in it."""
    if "\x00" in str(value):
        return False
    try:
        key = field.to_python(value)
    except (ValidationError, TypeError, ValueError, OverflowError):
        return False
    kind = field.get_internal_type()
    if isinstance(key, int) and kind.endswith(("IntegerField", "AutoField")):
        low, high = connections[using or "default"].ops.integer_field_range(kind)
        return (low is None or key >= low) and (high is None or key <= high)
    return True


class StorableChoicesMixin:
    """An autocomplete that looks up only the values the related row's key can be."""

    def optgroups(self, name, value, attr=None):
        remote = self.field.remote_field
        opts = remote.model._meta
        target = opts.get_field(getattr(remote, "field_name", None) or opts.pk.name)
        return super().optgroups(name, [v for v in value if can_be_key(target, v, self.db)], attr)


class SafeAutocompleteSelect(StorableChoicesMixin, AutocompleteSelect):
    pass


class SafeAutocompleteSelectMultiple(StorableChoicesMixin, AutocompleteSelectMultiple):
    pass


class StorableModelMultipleChoiceField(forms.ModelMultipleChoiceField):
    """A multiple choice whose value that cannot be a row's key is "not a valid value" (a NUL is
    left to Django's own message)."""

    def _check_values(self, value):
        if isinstance(value, (list, tuple, set, frozenset)):
            opts = self.queryset.model._meta
            target = opts.get_field(self.to_field_name) if self.to_field_name else opts.pk
            for item in value:
                if "\x00" not in str(item) and not can_be_key(target, item, self.queryset.db):
                    raise ValidationError(self.error_messages["invalid_pk_value"], code="invalid_pk_value",
                                          params={"pk": item})
        return super()._check_values(value)
