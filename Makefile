# Beacon: `make run` serves the app, `make test` runs every test, `make bench` measures speed.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench lint install

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo --base-url http://$(HOST):$(PORT)
	@echo
	@echo "  Beacon is running at http://$(HOST):$(PORT)/"
	@echo
	$(VENV)/bin/daphne -b $(HOST) -p $(PORT) config.asgi:application

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test: install lint
	$(VENV)/bin/pytest

bench: install
	$(PY) -m tests.bench.run
