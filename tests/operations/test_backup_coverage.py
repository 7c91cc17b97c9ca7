"""The backup covers every model of every app of ours: a model added to any app inside the project
(one of today's or a new one, such as a future `console` or `ratings`) and not listed in
`operations.backups.BACKED_UP` fails here, and so does a third-party model nobody decided about."""
from pathlib import Path
from types import SimpleNamespace

from django.apps import apps
from django.conf import settings

from operations.backups import BACKED_UP, NOT_BACKED_UP


def ours(config) -> bool:
    """An app whose module lives inside the project, not in an installed package."""
    path = Path(config.path).resolve()
    return path.is_relative_to(Path(settings.BASE_DIR).resolve()) and "site-packages" not in path.parts


def uncovered(configs) -> list[str]:
    """Models the backup neither writes nor leaves out on purpose (ours must all be written)."""
    missing = []
    for config in configs:
        for model in config.get_models():
            label = model._meta.label_lower
            if model._meta.proxy:
                continue
            if label not in BACKED_UP and (ours(config) or label not in NOT_BACKED_UP):
                missing.append(label)
    return missing


def test_every_model_of_our_apps_is_backed_up_and_every_other_is_decided():
    assert uncovered(apps.get_app_configs()) == []
    assert {"seating_store.seatingrecord", "seating_store.manualswap", "exports.exportjob"} <= set(BACKED_UP)
    assert not set(BACKED_UP) & set(NOT_BACKED_UP)
    installed = {model._meta.label_lower for model in apps.get_models()}
    assert set(BACKED_UP) <= installed, "BACKED_UP names a model that does not exist"
    assert "sessions.session" in NOT_BACKED_UP


def test_a_new_app_of_ours_with_a_model_not_in_the_list_is_caught():
    model = SimpleNamespace(_meta=SimpleNamespace(label_lower="ratings.rating", proxy=False))
    app = SimpleNamespace(path=str(Path(settings.BASE_DIR) / "ratings"), get_models=lambda: [model])
    assert uncovered([*apps.get_app_configs(), app]) == ["ratings.rating"]
    outside = SimpleNamespace(path="/usr/lib/python3/dist-packages/site-packages/thing", get_models=lambda: [model])
    assert uncovered([outside]) == ["ratings.rating"]  # a third-party model needs a decision too
