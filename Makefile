# The two commands of the quick start: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck contracts pytest bench bench-quick clean

# A fresh virtual environment with cribkit (editable) and the development tools.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cribkit play classic $(PLAY_ARGS)

test: lint typecheck contracts pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP)
	$(BIN)/pytest

# Benchmarks run in their own environment: it adds the peer package we compare against.
.venv-bench/bin/python: bench/requirements.txt pyproject.toml
	$(PYTHON) -m venv .venv-bench
	.venv-bench/bin/python -m pip install --quiet -e . -r bench/requirements.txt
	touch $@

bench: .venv-bench/bin/python
	.venv-bench/bin/python bench/bench_core.py $(BENCH_ARGS)

bench-quick: .venv-bench/bin/python
	.venv-bench/bin/python bench/bench_core.py --quick

clean:
	rm -rf $(VENV) .venv-bench .pytest_cache .mypy_cache .ruff_cache
