"""A machine without WeasyPrint's native libraries is told which Debian packages to install, by
the system check that `runserver` and `migrate` run, not by a warning at the first PDF."""
import ctypes

from django.core.management import call_command
from django.core.management.base import SystemCheckError

from exports import checks


def test_a_missing_harfbuzz_subset_names_its_debian_package(monkeypatch):
    real = ctypes.CDLL

    def without_subset(name, *args, **kwargs):
        if "harfbuzz-subset" in name:
            raise OSError(f"{name}: cannot open shared object file")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(checks.ctypes, "CDLL", without_subset)
    [warning] = checks.pdf_libraries()
    assert warning.id == "exports.W001"
    assert "apt-get install libharfbuzz-subset0" in warning.msg
    # `check --fail-level WARNING` shows it (runserver prints the same at start)
    try:
        call_command("check", "--fail-level", "WARNING")
    except SystemCheckError as exc:
        assert "libharfbuzz-subset0" in str(exc)
    else:
        raise AssertionError("the check was not run")


def test_a_machine_with_the_libraries_is_not_warned():
    assert checks.pdf_libraries() == []
