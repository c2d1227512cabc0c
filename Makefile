# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000

.PHONY: run test shots install install-test bench bench-server bench-load bench-bots bench-pages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Stamp files re-run the install whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/castaways --host $(HOST) --port $(PORT) $(ARGS)

# Two parts: what mostly waits on pages and servers runs on two workers (one test file per
# worker, so a file's server and browser are made once; the slowest files first, in the order
# tests/conftest.py collects them); then the tests that time real
# processes run alone. Both parts always run; `make test` fails if either failed (a part
# that selects nothing, e.g. with PYTEST_ARGS=tests/engine_core, is not a failure).
# `make test JOBS=0` runs everything in one process; CASTAWAYS_SHOTS=1 also saves screenshots.
# Each part ends with its slowest tests, to see where the 25-minute budget goes.
JOBS ?= 2
test: install-test
	@status=0; \
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder -m "not serial" --durations=25 $(PYTEST_ARGS) || { rc=$$?; [ $$rc -eq 5 ] || status=$$rc; }; \
	$(BIN)/python -m pytest -p no:xdist -m serial --durations=10 $(PYTEST_ARGS) || { rc=$$?; [ $$rc -eq 5 ] || status=$$rc; }; \
	exit $$status

# The tests' screenshots, for people to look at (test-artifacts/).
shots: install-test
	CASTAWAYS_SHOTS=1 $(BIN)/python -m pytest -m browser $(PYTEST_ARGS)

bench: install
	$(BIN)/python benchmarks/engine_playout.py

# CPU per action on the server path and room memory (in-process), then the time from an action
# to every screen against a bare echo server, per async mode (needs the test extras).
bench-server: install-test
	$(BIN)/python benchmarks/server_cpu.py
	$(BIN)/python benchmarks/page_weight.py
	$(BIN)/python benchmarks/server_latency.py

# Many rooms of 1 table + 6 phones playing Lifeboats, in each async mode (a few minutes per mode).
bench-load: install-test
	$(BIN)/python benchmarks/server_load.py $(BENCH_ARGS)

# How well each game's bot plays against random players, and how fast it decides.
bench-bots: install
	$(BIN)/python benchmarks/bots.py

# What a `game` update costs the TV and the phone in Chromium at 1x and 4x CPU throttling, and
# their nodes and listeners over rematches (needs the test extras and /usr/bin/chromium).
bench-pages: install-test
	nice -n 10 $(BIN)/python benchmarks/pages.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info
