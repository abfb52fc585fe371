# The two README commands: `make demo` (main job) and `make test` (whole test suite).
# Both set up everything they need on a fresh Debian machine with Python 3.11.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test setup adb chromium postgresql lint typecheck pytest clean constraints prototypes

demo: setup
	$(BIN)/droidgate suite android --report reports/android

test: setup lint typecheck pytest

setup: $(STAMP) adb chromium postgresql

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

# Pin what the current environment resolved to (run after changing dependencies in pyproject.toml).
constraints: $(STAMP)
	{ sed -n '/^#/!q;p' constraints.txt; $(BIN)/pip freeze --exclude-editable | grep -v '^droidgate'; } > constraints.tmp
	mv constraints.tmp constraints.txt

# The semantic model's prototype vectors, shipped so that loading the model does not embed them
# (run after changing a language file's `prototypes`; a test says when it is due).
prototypes: $(STAMP)
	$(BIN)/python -m host_pep.recognition.semantic host_pep/recognition/languages/prototypes.npz

# The virtual device is driven through the real adb server: Debian's `adb` package.
adb:
	@command -v adb >/dev/null 2>&1 || { \
	  echo "installing Debian's adb"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq adb; }

# The console's browser tests drive Debian's Chromium headless (Playwright with the system
# executable: nothing is downloaded at run time).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The farm's control plane is tested against a real PostgreSQL that the tests start themselves
# (host_pep/control/cluster.py): Debian's `postgresql` package provides initdb and pg_ctl.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
	  echo "installing Debian's postgresql"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck:
	$(BIN)/mypy

# pytest exits 5 when it collected no test; that is a failure here too.
pytest:
	$(BIN)/pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
