#!/bin/sh
# Installs the Debian packages a step of the Makefile needs, when one is missing.
#
#   scripts/debian-packages.sh run    what `make run` needs: the native libraries WeasyPrint draws
#                                     PDFs with (Pango, HarfBuzz's subsetter), a font with Cyrillic,
#                                     npm (Pyodide's package) and Python's venv module
#   scripts/debian-packages.sh test   the same, and Debian's chromium for the browser tests
#   scripts/debian-packages.sh ci     the same as test, and PostgreSQL and Redis for .ci/run
#
# As root it installs with apt-get (after one `apt-get update`); otherwise with `sudo -n` when
# that needs no password; otherwise it names the packages to install and fails, so nothing runs
# half set up. A package already installed costs one dpkg-query.
set -eu

step=${1:-run}
packages="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core"
command -v npm >/dev/null 2>&1 || packages="$packages npm"
# Debian's own python3.11 lacks ensurepip until python3.11-venv is installed (pyenv's has it).
python=${PYTHON:-python3}
"$python" -c "import ensurepip" >/dev/null 2>&1 || packages="$packages python3-venv"
case "$step" in
  run) ;;
  test) packages="$packages chromium" ;;
  ci) packages="$packages chromium postgresql redis-server" ;;
  *) echo "usage: $0 run|test|ci" >&2; exit 2 ;;
esac

missing=""
for p in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  case "$status" in
    *"ok installed"*) ;;
    *) missing="$missing $p" ;;
  esac
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "make: these Debian packages are missing and this system has no apt-get:$missing" >&2
  echo "      install their equivalents, then run make again." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo="sudo -n"
else
  echo "make: these Debian packages are missing:$missing" >&2
  echo "      install them as root (sudo apt-get install$missing), then run make again." >&2
  exit 1
fi
echo "make: installing the Debian packages$missing" >&2
# shellcheck disable=SC2086 # the package names are words
$sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing >/dev/null
