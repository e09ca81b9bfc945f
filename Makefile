# The two commands a new user needs: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
# The compiled build (hatch_build.py, docs/performance.md): the editable install builds
# the rules' extensions in place, beside their sources in src/ (gitignored). A rule's
# source edited since is rebuilt by the next make (the modules that changed only: the
# first make's second install finds all of them built, in build/compiled/);
# HOUSEBUILDERS_PURE=1 make ... installs and tests the pure build instead.
BUILT   = $(VENV)/.compiled
RULES   = hatch_build.py $(shell find src/housebuilders/core src/housebuilders/games src/housebuilders/agents -name '*.py' -o -name '*.pxd')
# the tests check that the compiled build is the one in use, unless the pure one is asked
EXPECT  = HOUSEBUILDERS_EXPECT_COMPILED=$(if $(filter 1 true yes on,$(HOUSEBUILDERS_PURE)),0,1)

.PHONY: play test smoke lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

$(BUILT): $(STAMP) $(RULES)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(BUILT)

## play: set up, then start the web table on the embedded SQLite database
play: $(BUILT)
	$(BIN)/housebuilders serve

## test: set up, then run every test (lint and architecture checks included); the
## browser and PostgreSQL suites use Chromium and a local PostgreSQL server, which
## scripts/test-services.sh installs (as root, from Debian's packages) and starts; the
## tests are spread over the cores (pytest-xdist), each shared resource's one at a time
test: $(BUILT)
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(EXPECT) HOUSEBUILDERS_TEST_POSTGRES_URL="$$(scripts/test-services.sh)" \
		$(BIN)/pytest -n auto --dist loadgroup
	$(EXPECT) $(BIN)/python scripts/smoke_wheel.py

## smoke: the wheel, installed (not editable) in a fresh virtual environment, works
smoke: $(BUILT)
	$(BIN)/python scripts/smoke_wheel.py

bench: $(BUILT)
	$(BIN)/housebuilders bench mr-house-basic

clean:
	rm -rf $(VENV) build src/housebuilders/_compiled.json .pytest_cache .ruff_cache .benchmarks .hypothesis
	find src -name '*.so' -delete
