# Two commands on a fresh machine with Python 3.11+:
#   make app   - set everything up and run the main job (for now: a demo game on the command line)
#   make test  - set everything up and run every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: app test bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "uno_nb needs Python 3.11 or newer, this is " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV) || { echo "could not create a virtual environment: install Python's venv module (Debian: apt-get install python3-venv)"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

$(VENV)/.bench-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	@touch $@

app: $(VENV)/.app-installed
	$(BIN)/python -m uno_nb play --preset cnuno --players 4 --seed 7

test: $(VENV)/.test-installed
	$(BIN)/python -m pytest

bench: $(VENV)/.bench-installed
	$(BIN)/python benchmarks/engine_speed.py --games 5000

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
