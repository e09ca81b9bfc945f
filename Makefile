# The two commands a new user needs: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## play: set up, then start a game of Mr House in the terminal (you are seat 0)
play: $(STAMP)
	$(BIN)/housebuilders play mr-house-basic --players 3 --seat 0 --bots greedy

## test: set up, then run every test (lint and architecture checks included)
test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/housebuilders bench mr-house-basic

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .benchmarks .hypothesis
