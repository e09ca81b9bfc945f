# The two commands a new user needs: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: play test smoke lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## play: set up, then start the web table on the embedded SQLite database
play: $(STAMP)
	$(BIN)/housebuilders serve

## test: set up, then run every test (lint and architecture checks included); the
## browser and PostgreSQL suites use Chromium and a local PostgreSQL server, which
## scripts/test-services.sh installs (as root, from Debian's packages) and starts; the
## tests are spread over the cores (pytest-xdist), each shared resource's one at a time
test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/lint-imports
	$(BIN)/mypy
	HOUSEBUILDERS_TEST_POSTGRES_URL="$$(scripts/test-services.sh)" $(BIN)/pytest -n auto --dist loadgroup
	$(BIN)/python scripts/smoke_wheel.py

## smoke: the wheel, installed (not editable) in a fresh virtual environment, works
smoke: $(STAMP)
	$(BIN)/python scripts/smoke_wheel.py

bench: $(STAMP)
	$(BIN)/housebuilders bench mr-house-basic

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .benchmarks .hypothesis
