# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000

.PHONY: run test install install-test bench bench-server bench-bots clean

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

test: install-test
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python benchmarks/engine_playout.py

# Time from an action to every screen receiving it, on a real server (needs the test extras).
bench-server: install-test
	$(BIN)/python benchmarks/server_latency.py

# How well each game's bot plays against random players, and how fast it decides.
bench-bots: install
	$(BIN)/python benchmarks/bots.py

clean:
	rm -rf $(VENV) build *.egg-info
