# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test install worker migrate demo bench clean debian-packages debian-packages-test console-stdlib

# The Debian packages each step needs (scripts/debian-packages.sh: installed with apt-get when
# missing, as root; a message naming them otherwise). Checked on every run: one dpkg-query each.
debian-packages:
	PYTHON=$(PYTHON) sh scripts/debian-packages.sh run

debian-packages-test:
	PYTHON=$(PYTHON) sh scripts/debian-packages.sh test

# uv installs the pinned packages of pyproject.toml in about 4 s where pip took about 30 s (it
# downloads and unpacks in parallel); the environment is the same, package for package.
UV_VERSION := 0.13.9

$(STAMP): pyproject.toml | debian-packages
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q uv==$(UV_VERSION)
	$(VENV)/bin/uv pip install -q --python $(PY) -e ".[test]"
	rm -f $(VENV)/.installed-* && touch $@

# The console's rules in the browser (static/console/engine.js) run the Python core under Pyodide,
# the npm package pinned in package.json and package-lock.json: `npm ci` installs exactly that into
# node_modules/ (gitignored), which the settings serve at static/pyodide/. The core's own sources
# reach the browser as /judge/console/core.zip, built from engines/console/ by console/offline.py.
NODE_STAMP := node_modules/.installed-$(shell cat package-lock.json | cksum | cut -d' ' -f1)

$(NODE_STAMP): package.json package-lock.json | debian-packages
	npm ci --no-audit --no-fund
	rm -f node_modules/.installed-* && touch $@

install: debian-packages $(STAMP) $(NODE_STAMP)

# The standard library the console's Pyodide needs (console/pyodide_stdlib.txt, committed): traced
# under Pyodide itself on every example log. Run it after a change of the pinned pyodide or of the
# engine's imports; the phone then downloads python_stdlib.zip trimmed to it (console/pyodide_stdlib.py).
console-stdlib: install
	$(PY) manage.py trace_console_stdlib

migrate: install
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo --port $(PORT)$(if $(RESET), --reset)

# Serve on 127.0.0.1:$(PORT) (`make run PORT=8001` when 8000 is taken). Without CELERY_BROKER_URL,
# Celery tasks run in-process.
PORT ?= 8000

run: demo
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# A real worker, for when CELERY_BROKER_URL points at Redis.
worker: install
	$(VENV)/bin/celery -A config worker --beat -l INFO

# Lint (ruff: errors, import order; eslint: the JavaScript under static/ and its tests) and the
# import contract (lint-imports: the apps point one way, the cores import no Django) first: a wrong
# arrow fails the build before any test runs. Then the JavaScript's own tests (node's test runner
# over tests/js/: the console's queue, timer and seat view, the refresh loop), a second or so.
# The browser's modules are ES modules in a package without "type": "module" (engine.js stays a
# classic script that node requires), so node tells them apart by their syntax; its notice about
# that is silenced.
# Two test processes, each taking whole files: a module's shared fixtures (the demo, a generated
# stage) are built once, and the race and fault tests of one file never run beside each other.
#
# Bytecode caches are written even where the environment turns them off (PYTHONDONTWRITEBYTECODE):
# otherwise each test process and each command the tests start (python -m scoring and seating,
# manage.py, a Celery worker) compiles every module it imports again, and pytest rewrites the test
# modules again at every run (collecting the suite: 14 s in each test process, 7.5 s with caches).
test: export PYTHONDONTWRITEBYTECODE :=
test: debian-packages-test install
	$(VENV)/bin/ruff check .
	npx --no-install eslint static tests/js tests/console/js eslint.config.mjs
	$(VENV)/bin/lint-imports
	node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON --test tests/js/
	$(VENV)/bin/pytest -n 2 --dist loadfile --durations=10

bench: install
	$(PY) bench/scoring.py
	$(PY) bench/seating.py
	$(PY) bench/standings.py

clean:
	rm -rf $(VENV) node_modules db.sqlite3 staticfiles .pytest_cache .hypothesis
