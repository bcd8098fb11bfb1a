# The two commands: `make run` (the main job) and `make test` (every check).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest docs bench mcts clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

# the adapters' extras too, so that their tests run (they skip without them)
$(DEVSTAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[dev,cli,openspiel,pettingzoo,ray]"
	touch $(DEVSTAMP) $(STAMP)

run: $(STAMP)
	mkdir -p out
	$(VENV)/bin/racebook demo longshot --players 5 --seed 7 --log out/demo-longshot.jsonl
	$(VENV)/bin/racebook replay out/demo-longshot.jsonl
	$(VENV)/bin/racebook simulate longshot --players 5 --games 1000 --seed 1 --bots heuristic,random,random,random,random

lint: $(DEVSTAMP)
	$(VENV)/bin/ruff check src tests examples benchmarks docs
	$(VENV)/bin/ruff format --check src tests examples benchmarks docs
	$(VENV)/bin/lint-imports

typecheck: $(DEVSTAMP)
	$(VENV)/bin/mypy
	$(PY) tests/readme_python.py out/typecheck/readme_snippets.py
	$(VENV)/bin/mypy --strict examples out/typecheck/readme_snippets.py

pytest: $(DEVSTAMP)
	$(VENV)/bin/pytest

docs: $(DEVSTAMP)
	$(VENV)/bin/sphinx-build -n -W --keep-going -q -b html docs docs/_build/html

test: lint typecheck pytest docs

bench: $(STAMP)
	$(PY) benchmarks/run.py

# OpenSpiel's MCTS against random players, 200 games each (several minutes)
mcts: $(DEVSTAMP)
	$(PY) examples/openspiel_mcts.py --game longshot --games 200 --workers 2
	$(PY) examples/openspiel_mcts.py --game trickrace --games 200 --workers 2

clean:
	rm -rf $(VENV) docs/_build out
