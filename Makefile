# Boardroom: the two set-up commands are `make run` (the bot) and `make test` (the tests).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install run test test-postgres lint bench local

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/python -m bot

test: install
	$(BIN)/python -m pytest -q

test-postgres: install
	TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgresql+asyncpg://postgres@127.0.0.1:5432/test} \
		$(BIN)/python -m pytest -q -m postgres

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: install
	$(BIN)/python -m bench.engine_speed
	$(BIN)/python -m bench.issue7 --out bench-results

local: install
	$(BIN)/python -m bot.local --title tidewater --humans 1
