"""Settings: base.py reads the environment (development and test defaults, SQLite, tasks in-process);
production.py is what a deployment runs (DJANGO_SETTINGS_MODULE=config.settings.production)."""
from .base import *  # noqa: F403
