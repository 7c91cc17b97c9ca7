"""Settings stored beyond their column's precision (an old import or a hand edit: SQLite keeps 100
in a DECIMAL(4, 2)) are brought to the column's limit, 99.99 or -99.99. Django failed reading
such a row, so every page of that tournament was a server error. The value stays out of range,
so the admin shows the fault on the field, as for any stored setting out of range, and the
organiser puts it right. PostgreSQL cannot hold such values: there nothing changes."""
from django.db import migrations

FIELDS = ("best_move_three", "best_move_two")
LIMIT = "99.99"  # max_digits=4, decimal_places=2


def bring_within_columns(connection) -> None:
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for field in FIELDS:
            cursor.execute(f'UPDATE tournaments_tournament SET "{field}" = {LIMIT} WHERE "{field}" > {LIMIT}')
            cursor.execute(f'UPDATE tournaments_tournament SET "{field}" = -{LIMIT} WHERE "{field}" < -{LIMIT}')


def forwards(apps, schema_editor):
    bring_within_columns(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0008_merged_bounds")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
