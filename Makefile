# Beacon: `make run` serves the app, `make test` runs every test, `make bench` measures speed.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench lint install

# Local development mode: with SECRET_KEY unset, this checkout makes its own random key and keeps it
# in .secret-key (gitignored). A deployment sets SECRET_KEY and never BEACON_DEV (docs/deploy.md).
export BEACON_DEV ?= 1

# `make run` installs only what the app needs; `make install` (for test, lint and bench) adds the test
# tools. Both lists are pyproject.toml's: [project] dependencies, and its "test" extra. The project
# itself is not installed: everything runs from this folder.
requirements = $(PY) -c "import sys, tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
	print('\n'.join(p['dependencies'] + [d for x in sys.argv[1:] for d in p['optional-dependencies'][x]]))"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-app: pyproject.toml | $(PY)
	$(requirements) > $(VENV)/requirements-app.txt
	$(PY) -m pip install --quiet -r $(VENV)/requirements-app.txt
	touch $@

# The test list holds the app's too: one pip run installs both (a fresh clone's `make test` ran pip
# twice, the second resolving the app's again), and it counts for `make run`.
$(VENV)/.installed: pyproject.toml | $(PY)
	$(requirements) test > $(VENV)/requirements-test.txt
	$(PY) -m pip install --quiet -r $(VENV)/requirements-test.txt
	touch $(VENV)/.installed-app $@

install: $(VENV)/.installed

run: $(VENV)/.installed-app
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo --base-url http://$(HOST):$(PORT)
	@echo
	@echo "  Beacon is running at http://$(HOST):$(PORT)/"
	@echo
	BEACON_BASE_URL=http://$(HOST):$(PORT) $(VENV)/bin/daphne -b $(HOST) -p $(PORT) config.asgi:application

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) -m tests.deadcode
	$(VENV)/bin/deptry .
	$(VENV)/bin/deptry tests --exclude '\.venv' --ignore DEP002,DEP004

# The tests run spread over twice as many workers as cores (at most 8; pytest-xdist, one test at a
# time, in the order tests/conftest.py gives): a worker waiting on a server or a browser leaves its
# core to another. Lint runs beside them and says "make lint: passed" when done, or prints what it
# found; either failing fails `make test`. Python writes its bytecode caches (gitignored) even where
# PYTHONDONTWRITEBYTECODE is set, so each server a test starts reads the code compiled.
# TEST_WORKERS=0 runs the tests in this one process.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n * 2 < 8 ? n * 2 : 8 )))
test: install
	@unset PYTHONDONTWRITEBYTECODE; \
	{ $(MAKE) --no-print-directory lint >$(VENV)/lint.log 2>&1 && echo "make lint: passed" \
	  || { cat $(VENV)/lint.log; echo "make lint: FAILED"; exit 1; }; } & linting=$$!; \
	$(VENV)/bin/pytest -n $(TEST_WORKERS) --maxschedchunk 1; tested=$$?; \
	wait $$linting || { echo "make test: lint failed (its report is above)"; exit 1; }; exit $$tested

bench: install
	$(PY) -m tests.bench.run
