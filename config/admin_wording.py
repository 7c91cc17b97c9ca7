"""The Django admin's own messages that the project's Russian words differently (locale/ru/).

Django's Russian admin puts a model's name, a nominative, where Russian wants another case or a
gender to agree ("Игра … был успешно добавлен", "Вы уверены, что хотите удалить игрок"). The
project catalogue, which takes precedence over Django's, words each of these so that it reads right
whatever the noun's gender and case ("Добавлено: игра «Игра 5»."); the titles that can name the
model in the accusative do so instead (tournaments/admin_titles.py). Listed here so that
makemessages keeps them in the project catalogue; tests/tournaments/test_admin_russian.py holds
their Russian.
"""
from django.utils.translation import gettext_noop, ngettext_lazy

MESSAGES = (
    # saved, changed, deleted (options.py)
    gettext_noop("The {name} “{obj}” was added successfully."),
    gettext_noop("The {name} “{obj}” was added successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may edit it again below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may add another {name} below."),
    gettext_noop("The %(name)s “%(obj)s” was deleted successfully."),
    gettext_noop("%(name)s with ID “%(key)s” doesn’t exist. Perhaps it was deleted?"),
    gettext_noop("Cannot delete %(name)s"),
    # the history (LogEntry)
    gettext_noop("Added {name} “{object}”."),
    gettext_noop("Changed {fields} for {name} “{object}”."),
    gettext_noop("Deleted {name} “{object}”."),
    # deleting (templates and actions)
    gettext_noop('Are you sure you want to delete the %(object_name)s "%(escaped_object)s"? '
                 "All of the following related items will be deleted:"),
    gettext_noop("Deleting the %(object_name)s '%(escaped_object)s' would result in deleting related objects, "
                 "but your account doesn't have permission to delete the following types of objects:"),
    gettext_noop("Deleting the %(object_name)s '%(escaped_object)s' would require deleting the following "
                 "protected related objects:"),
    gettext_noop("Are you sure you want to delete the selected %(objects_name)s? All of the following objects "
                 "and their related items will be deleted:"),
    gettext_noop("Deleting the selected %(objects_name)s would result in deleting related objects, but your "
                 "account doesn't have permission to delete the following types of objects:"),
    gettext_noop("Deleting the selected %(objects_name)s would require deleting the following protected "
                 "related objects:"),
    gettext_noop("Delete selected %(verbose_name_plural)s"),
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    # lists and inlines
    gettext_noop("Select all %(total_count)s %(module_name)s"),
    gettext_noop("Add another %(verbose_name)s"),
)
# (singular, plural); ngettext_lazy only marks them for makemessages here.
PLURAL_MESSAGES = (
    ("%(count)s %(name)s was changed successfully.", "%(count)s %(name)s were changed successfully."),
)
ngettext_lazy("%(count)s %(name)s was changed successfully.", "%(count)s %(name)s were changed successfully.", "count")
