# The two commands of the quick start: `make play` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
# The client's development tools' stamp: defined here, before the rules that need it (a variable
# of := is empty in a rule read before it: `make test` would not install them).
NODE_STAMP := node_modules/.installed
NODE_BIN := node_modules/.bin

.PHONY: play test checks lint typecheck contracts pytest browser postgresql cluster-packages cluster cluster-down cluster-status node jslint jstest jsformat bench bench-quick bench-web bench-people bench-cluster clean

# A fresh virtual environment with cribkit (editable) and the development tools.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cribkit serve $(SERVE_ARGS)

# The static checks (ruff, mypy --strict, the import contracts, the client's linter, formatter
# and unit tests) run beside pytest, not before it: on a clean clone mypy alone is most of a
# minute of one core. Their output follows pytest's summary; `make test` fails if either fails.
# `make checks` runs them alone, `make pytest` the tests alone.
test: $(STAMP) $(NODE_STAMP) browser postgresql cluster-packages
	@log=$$(mktemp); \
	$(MAKE) --no-print-directory checks >"$$log" 2>&1 & checks=$$!; \
	$(BIN)/pytest -n $(PYTEST_WORKERS); tests=$$?; \
	wait $$checks; static=$$?; \
	echo "== the static checks (ruff, mypy, import contracts, eslint, prettier, node --test):"; \
	cat "$$log"; rm -f "$$log"; \
	if [ $$static != 0 ]; then echo "error: the static checks failed (above)"; fi; \
	[ $$static = 0 ] && [ $$tests = 0 ]

checks: lint typecheck contracts jslint jstest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

# The suite in PYTEST_WORKERS processes (pytest-xdist; 0: all in one). Each worker starts its
# own servers, browser and PostgreSQL, on free ports, in folders and a CRIBKIT_HOME of its own.
PYTEST_WORKERS ?= 2

pytest: $(STAMP) browser postgresql cluster-packages
	$(BIN)/pytest -n $(PYTEST_WORKERS)

# The browser client (plain ES modules, no build step) has development tools only: prettier,
# eslint and axe-core (the browser tests' accessibility scan), pinned in package-lock.json and
# installed by `npm ci` again when the lock file changes.
JS_SOURCES := 'src/cribkit/web/static/**/*.{js,css,html}' 'tests/js/**/*.js' eslint.config.js

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --ignore-scripts --no-audit --no-fund
	touch $(NODE_STAMP)

# Node.js and npm from Debian, installed here when they are missing and apt-get is ours to use.
node:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm; \
	  else \
	    echo "error: the client's checks need Node.js and npm (apt-get install nodejs npm)"; exit 1; \
	  fi; \
	fi

# The accessibility scan (tests/web/test_browser_a11y.py) runs axe-core from node_modules.
pytest: $(NODE_STAMP)

jslint: $(NODE_STAMP)
	$(NODE_BIN)/eslint
	$(NODE_BIN)/prettier --check $(JS_SOURCES)

jsformat: $(NODE_STAMP)
	$(NODE_BIN)/prettier --write $(JS_SOURCES)

# The client's pure logic (static/logic/), unit-tested in node: no DOM, no dependencies.
jstest: | node
	node --test tests/js/

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

# The store suite runs against SQLite and a real PostgreSQL (Debian's package; its tests start a
# throwaway cluster of their own): installed here when missing and apt-get is ours to use;
# elsewhere the PostgreSQL half skips, saying why (and fails in CI).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && ! command -v pg_ctl >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; \
	  else \
	    echo "note: no PostgreSQL, so the store suite's PostgreSQL half skips (apt-get install postgresql)"; \
	  fi; \
	fi

# A cluster on this machine (docs/scaling.md, "Running a cluster on one machine"): PostgreSQL,
# Redis, two `cribkit serve` and two `cribkit worker` processes on loopback behind HAProxy at
# http://127.0.0.1:8080/, run by supervisord (which starts again a part that ends), its
# launcher in the foreground until Ctrl+C (or `make cluster-down` in another shell);
# `make cluster-status` shows each part's state, uptime and restarts. Its files (the games too)
# stay in CLUSTER_FOLDER; CLUSTER_ARGS are `up`'s options: `make cluster CLUSTER_ARGS="--port
# 9000 --servers 3 --workers 0 --no-redis"`, `--redis-password-file PATH`.
CLUSTER_FOLDER ?= .cluster
CLUSTER_ARGS ?=

cluster: $(STAMP) cluster-packages
	$(BIN)/python -m cribkit.deploy.cluster up --folder $(CLUSTER_FOLDER) $(CLUSTER_ARGS)

cluster-down: $(STAMP)
	$(BIN)/python -m cribkit.deploy.cluster down --folder $(CLUSTER_FOLDER)

cluster-status: $(STAMP)
	$(BIN)/python -m cribkit.deploy.cluster status --folder $(CLUSTER_FOLDER)

# Debian's postgresql, redis-server and haproxy (the cluster and its tests; and systemd, whose
# systemd-analyze checks the unit files of deploy/systemd), installed here when
# missing and apt-get is ours to use; elsewhere the cluster tests skip, saying why (and fail in
# CI), and `make cluster` says what to install.
cluster-packages:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null || missing="$$missing postgresql"; \
	[ -x /usr/bin/redis-server ] || command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null || missing="$$missing haproxy"; \
	command -v systemd-analyze >/dev/null || missing="$$missing systemd"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else \
	    echo "note: no$$missing, so the cluster tests skip and make cluster cannot start (apt-get install$$missing)"; \
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

# The same with tables of two people: host and invited friend, a session and a socket each.
bench-people: $(STAMP)
	$(BIN)/python bench/bench_web.py --games 200 --people $(BENCH_ARGS)

# A thousand tables of two people against make cluster's layout (two servers, two workers,
# PostgreSQL, Redis, HAProxy), and the same against one process, side by side.
bench-cluster: $(STAMP) cluster-packages
	$(BIN)/python bench/bench_web.py --games 1000 --people --cluster 2 $(BENCH_ARGS)
	$(BIN)/python bench/bench_web.py --games 1000 --people $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .venv-bench .pytest_cache .mypy_cache .ruff_cache node_modules
