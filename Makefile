# Boardroom: the two set-up commands are `make run` (the bot) and `make test` (the tests).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install lock run test test-postgres lint bench local

# requirements.lock is the tested set of every dependency (dev tools included); `make install`
# uses it as constraints so a fresh machine gets the same versions. `make lock` re-resolves it
# from pyproject.toml after a dependency changes there, keeping the other pins;
# `make lock LOCK_FLAGS=--upgrade` moves everything to the newest versions inside the bounds.
# Run the tests before committing a new lock.
LOCK_FLAGS ?=

$(BIN)/.installed: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c requirements.lock -e '.[dev]'
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/python -m bot

# The tests run in parallel (pytest-xdist): two workers per CPU (tests/conftest.py), each with
# its own PostgreSQL database and loopback ports; an idle worker takes tests queued for another
# (worksteal). `.venv/bin/python -m pytest -q` alone runs them one at a time.
PYTEST_PARALLEL := -n auto --dist worksteal

test: install
	$(BIN)/python -m pytest -q $(PYTEST_PARALLEL)

test-postgres: install
	TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgresql+asyncpg://postgres@127.0.0.1:5432/test} \
		$(BIN)/python -m pytest -q $(PYTEST_PARALLEL) -m postgres

lock:
	test -x $(BIN)/pip-compile || { $(PYTHON) -m venv $(VENV) && $(BIN)/pip install --quiet pip-tools; }
	$(BIN)/pip-compile --quiet $(LOCK_FLAGS) --extra dev --strip-extras --no-emit-index-url \
		--no-emit-find-links --output-file requirements.lock pyproject.toml

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	$(BIN)/python -m bench.engine_speed
	$(BIN)/python -m bench.issue7 --out bench-results

local: install
	$(BIN)/python -m bot.local --title tidewater --humans 1
