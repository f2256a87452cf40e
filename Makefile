# Two commands on a fresh machine with Python 3.11+:
#   make app   - set everything up and serve the web app (Voila) on http://127.0.0.1:8866
#                (make app HOST=0.0.0.0: for the other computers on the network too;
#                 make app HOST=0.0.0.0 CLASS=30: kernels preheated for a class of 30)
#   make test  - set everything up and run every test (the browser tests included)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# The versions Binder installs are the versions we run and test.
PIN    := -c binder/requirements.txt
# Installed copies depend on these: change one and the next make reinstalls.
SETUP  := pyproject.toml binder/requirements.txt $(wildcard share/jupyter/voila/templates/uno_nb/* share/jupyter/voila/templates/uno_nb/static/*)

.PHONY: app test bench lab handouts hub clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "uno_nb needs Python 3.11 or newer, this is " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV) || { echo "could not create a virtual environment: install Python's venv module (Debian: apt-get install python3-venv)"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.app-installed: $(SETUP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[web]'
	@touch $@

$(VENV)/.test-installed: $(SETUP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[test]'
	@touch $@ $(VENV)/.app-installed

$(VENV)/.lab-installed: $(SETUP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[lab]'
	@touch $@

# The hub's proxy, configurable-http-proxy, comes from npm (Node.js): into
# .venv/chp, where deploy/jupyterhub/jupyterhub_config.py finds it.
CHP := configurable-http-proxy@5.3.0
$(VENV)/.hub-installed: $(SETUP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[hub]'
	@command -v npm >/dev/null || { echo "the hub's proxy is installed with npm: install Node.js and npm (Debian: apt-get install -y npm)"; exit 1; }
	npm install --prefix $(VENV)/chp --no-audit --no-fund --save-exact $(CHP)
	@touch $@

$(VENV)/.bench-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[bench,fast]'
	@touch $@

# `make app HOST=0.0.0.0` lets the other computers on the network open the app
# (start-up prints the addresses to give out). Only a HOST given on make's
# command line counts: some shells (tcsh) export HOST as the computer's name.
APP_HOST := $(if $(filter command line,$(origin HOST)),$(HOST))
# `make app CLASS=30` keeps 30 preheated kernels for the page the class is on
# (start-up says when they are ready, and the app's memory).  From the command
# line only, as HOST.
APP_CLASS := $(if $(filter command line,$(origin CLASS)),$(CLASS))

# The app starts at once: when the lab's compiled simulator is not compiled
# yet (one to two minutes once after an install), the launcher compiles it in
# the background at low priority and the lab plays on the engine until then.
# Under make test, pytest (conftest.py) compiles it on the second core while
# the engine's tests run.
app: $(VENV)/.app-installed
	$(BIN)/python -m uno_nb.serving.webapp$(if $(APP_HOST), --host=$(APP_HOST))$(if $(APP_CLASS), --class-size=$(APP_CLASS))

# mypy --strict (its settings are in pyproject.toml) first: a type error stops
# the run before the tests do.
test: $(VENV)/.test-installed
	$(BIN)/python -m mypy uno_nb
	$(BIN)/python -m pytest

# JupyterLab has no launcher to compile the simulator in the background: it is
# compiled first (one to two minutes once after an install, a second after that).
lab: $(VENV)/.lab-installed
	$(BIN)/python -m uno_nb.kernel
	$(BIN)/jupyter lab notebooks/00_index.ipynb

# The teacher's pack (docs/teacher/, docs/teacher/ru/) printed to PDF in
# handouts/ and handouts/ru/, with the Chromium the browser tests drive.
handouts: $(VENV)/.test-installed
	$(BIN)/python -m uno_nb.handouts handouts

# One school server from this clone: the kit's JupyterHub (deploy/jupyterhub):
# pupils sign in with the class password, the names in UNO_NB_TEACHERS with
# the teachers' password (both made once and kept in the hub's data folder
# unless given: UNO_NB_CLASS_PASSWORD, UNO_NB_TEACHER_PASSWORD); the class
# board is the hub's service.  UNO_NB_HUB_URL=http://0.0.0.0:8000 for the
# other computers on the network.  docs/school.md says more.
hub: $(VENV)/.hub-installed
	$(BIN)/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

bench: $(VENV)/.bench-installed
	$(BIN)/python -m uno_nb.kernel
	$(BIN)/python benchmarks/engine_speed.py --games 5000
	$(BIN)/python benchmarks/lab_speed.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info artifacts handouts

# The pupils' image for Zero to JupyterHub (deploy/z2jh/values.yaml names it,
# deploy/z2jh/board-service.yaml runs the class board in it): Binder's set-up
# (binder/) built by repo2docker (pip install jupyter-repo2docker; it needs
# Docker).  For a cluster, name it in your registry and push it:
# `make image IMAGE=<your registry>/uno-nb:0.1.0`, then `docker push` it.
IMAGE ?= uno-nb:$(shell sed -n 's/^version = "\(.*\)"$$/\1/p' pyproject.toml)

.PHONY: image print-image
image:
	repo2docker --no-run --image-name $(IMAGE) .

# The image's name, for deploy/z2jh's files and their test.
print-image:
	@echo $(IMAGE)
