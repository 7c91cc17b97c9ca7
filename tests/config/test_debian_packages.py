"""scripts/debian-packages.sh: `make run` and `make test` install the Debian packages they need on a
bare machine (as root), and name them when they cannot (as another user). Run with stand-ins for
dpkg-query, id, sudo and apt-get on PATH, so nothing is installed here."""
from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "debian-packages.sh"


def stand_in(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


@pytest.fixture
def machine(tmp_path):
    """A PATH where dpkg-query knows only the packages listed in tmp_path/installed, and apt-get
    writes what it is asked to tmp_path/apt.log."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (tmp_path / "installed").write_text("", encoding="utf-8")
    stand_in(bin_, "dpkg-query", f'p="$3"; grep -qx "$p" {tmp_path}/installed && echo "install ok installed" || exit 1')
    stand_in(bin_, "apt-get", f'echo "$@" >> {tmp_path}/apt.log')
    stand_in(bin_, "npm", "exit 0")
    stand_in(bin_, "python3", "exit 0")  # "import ensurepip" works
    for tool in ("sh", "grep", "cat", "env"):
        os.symlink(subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True, text=True).stdout.strip(),
                   bin_ / tool)
    return tmp_path


def run(machine: Path, step: str, *, uid: int):
    stand_in(machine / "bin", "id", f"echo {uid}")
    env = {"PATH": str(machine / "bin"), "PYTHON": "python3"}
    return subprocess.run(["sh", str(SCRIPT), step], capture_output=True, text=True, env=env, timeout=60)


def apt_calls(machine: Path) -> list[str]:
    log = machine / "apt.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_it_installs_what_a_bare_machine_lacks_as_root(machine):
    out = run(machine, "test", uid=0)
    assert out.returncode == 0, out.stderr
    install = [line for line in apt_calls(machine) if " install " in f" {line} "]
    assert len(install) == 1
    for package in ("libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0", "fonts-dejavu-core", "chromium"):
        assert package in install[0].split()


def test_it_installs_nothing_when_everything_is_there(machine):
    (machine / "installed").write_text(
        "\n".join(["libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0", "fonts-dejavu-core", "chromium"]) + "\n",
        encoding="utf-8")
    out = run(machine, "test", uid=0)
    assert out.returncode == 0 and apt_calls(machine) == []


def test_make_run_needs_no_browser(machine):
    run(machine, "run", uid=0)
    assert "chromium" not in " ".join(apt_calls(machine))


def test_it_names_the_missing_packages_and_stops_when_not_root(machine):
    (machine / "installed").write_text("libpango-1.0-0\n", encoding="utf-8")
    out = run(machine, "run", uid=1000)
    assert out.returncode == 1 and apt_calls(machine) == []
    assert "libharfbuzz-subset0" in out.stderr and "libpango-1.0-0" not in out.stderr
    assert "apt-get install" in out.stderr
