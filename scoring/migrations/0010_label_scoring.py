"""The app's label is "scoring" (it was "snapshots"): its content types follow, so the
permissions given to groups and users and the admin's log entries keep pointing at the models.

Migrations 0001-0009 replace their namesakes of the old label, so a database that applied
("snapshots", name) counts ("scoring", name) as applied; the tables keep their old names."""

from django.db import migrations

OLD, NEW = "snapshots", "scoring"


def relabel(old, new):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        Permission = apps.get_model("auth", "Permission")
        db = schema_editor.connection.alias
        for stale in ContentType.objects.using(db).filter(app_label=old):
            taken = ContentType.objects.using(db).filter(app_label=new, model=stale.model).first()
            if taken is not None:
                # A content type of the new label was made already (post_migrate of an earlier
                # run): the old one carries the history, so the new one's permissions not on the
                # old one move over, and the new, empty one goes.
                known = set(Permission.objects.using(db).filter(content_type=stale).values_list("codename", flat=True))
                Permission.objects.using(db).filter(content_type=taken).exclude(codename__in=known).update(content_type=stale)
                taken.delete()
            stale.app_label = new
            stale.save(update_fields=["app_label"])
    return move


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0009_explanation_stored_as_json"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(relabel(OLD, NEW), relabel(NEW, OLD))]
