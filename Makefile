# The two commands of the quick start: `make play` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck contracts pytest browser bench bench-quick bench-web clean

# A fresh virtual environment with cribkit (editable) and the development tools.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cribkit serve $(SERVE_ARGS)

test: lint typecheck contracts pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP) browser
	$(BIN)/pytest

# The browser tests drive Debian's Chromium (never a downloaded browser): installed here when it
# is missing and apt-get is ours to use; elsewhere those tests skip, saying why (and fail in CI).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "note: no /usr/bin/chromium, so the browser tests skip (apt-get install chromium)"; \
	  fi; \
	fi

# Benchmarks run in their own environment: it adds the peer package we compare against.
.venv-bench/bin/python: bench/requirements.txt pyproject.toml
	$(PYTHON) -m venv .venv-bench
	.venv-bench/bin/python -m pip install --quiet -e . -r bench/requirements.txt
	touch $@

bench: .venv-bench/bin/python
	.venv-bench/bin/python bench/bench_core.py $(BENCH_ARGS)

bench-quick: .venv-bench/bin/python
	.venv-bench/bin/python bench/bench_core.py --quick

# The web server's load test needs the development environment (httpx, websockets).
bench-web: $(STAMP)
	$(BIN)/python bench/bench_web.py --games 200 $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .venv-bench .pytest_cache .mypy_cache .ruff_cache
