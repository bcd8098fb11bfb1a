# The two commands: `make run` (the main job) and `make test` (every check).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest docs bench mcts train clean tools screenshots tournament levels bench-search \
	mutation rulemap-coverage cfr

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

# the adapters' extras too, so that their tests run (they skip without them)
$(DEVSTAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[dev,cli,openspiel,pettingzoo,ray,analysis]"
	touch $(DEVSTAMP) $(STAMP)

run: $(STAMP)
	mkdir -p out
	$(VENV)/bin/racebook demo longshot --players 5 --seed 7 --log out/demo-longshot.jsonl
	$(VENV)/bin/racebook replay out/demo-longshot.jsonl
	$(VENV)/bin/racebook simulate longshot --players 5 --games 1000 --seed 1 --bots heuristic,random,random,random,random
	$(VENV)/bin/racebook chart out/demo-longshot.jsonl --out out/demo-longshot
	$(MAKE) --no-print-directory screenshots

# The replay page of one game of each kind, its first and last step as PNG
# (out/screenshots/), taken by headless chromium (make tools installs it).
GAMES := longshot mafia readysetbet trickrace forcehorse
CHROMIUM_FLAGS := --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--hide-scrollbars --window-size=1200,900
screenshots: $(STAMP)
	@mkdir -p out/screenshots
	@browser=$$(command -v chromium || command -v chromium-browser); \
	if [ -z "$$browser" ]; then \
	  echo "make screenshots: no chromium (make tools installs it): no screenshots taken"; exit 0; fi; \
	for g in $(GAMES); do \
	  $(VENV)/bin/racebook demo $$g --seed 7 --log out/watch-$$g.jsonl > /dev/null || exit 1; \
	  $(VENV)/bin/racebook replay out/watch-$$g.jsonl --html out/watch-$$g.html > /dev/null || exit 1; \
	  for step in first last; do \
	    profile=$$(mktemp -d); \
	    "$$browser" $(CHROMIUM_FLAGS) --user-data-dir=$$profile \
	      --screenshot=out/screenshots/$$g-$$step.png "file://$(CURDIR)/out/watch-$$g.html#$$step" \
	      > /dev/null 2>&1; \
	    rm -rf $$profile; \
	    test -s out/screenshots/$$g-$$step.png || { echo "no screenshot $$g-$$step"; exit 1; }; \
	  done; \
	done; \
	echo "screenshots of each game's replay page: out/screenshots/"

# The browser and terminal the tests drive: Debian's chromium, chromedriver and
# tmux, and the PostgreSQL server the log store's tests start a throwaway
# cluster of (Debian's postgresql: initdb and pg_ctl in
# /usr/lib/postgresql/<version>/bin), installed with apt-get where it is (as
# root, or by sudo without a password); elsewhere the tests that need them are
# skipped, saying why.
TOOLS := chromium chromedriver tmux
tools:
	@missing=""; for t in $(TOOLS); do command -v $$t > /dev/null || missing="$$missing $$t"; done; \
	command -v initdb > /dev/null || ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 \
	  || missing="$$missing postgresql"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if ! command -v apt-get > /dev/null; then \
	  echo "make tools: no apt-get; without$$missing their tests are skipped"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=""; \
	elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then sudo="sudo -n"; \
	else echo "make tools: not root and no sudo; without$$missing their tests are skipped"; exit 0; fi; \
	echo "make tools: apt-get install chromium chromium-driver tmux postgresql (for$$missing)"; \
	$$sudo apt-get update -qq > /dev/null && \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	  chromium chromium-driver tmux fonts-dejavu-core postgresql > /dev/null \
	  || echo "make tools: apt-get failed; the browser/terminal/PostgreSQL tests will be skipped"

lint: $(DEVSTAMP)
	$(VENV)/bin/ruff check src tests examples benchmarks docs
	$(VENV)/bin/ruff format --check src tests examples benchmarks docs
	$(VENV)/bin/lint-imports

typecheck: $(DEVSTAMP)
	$(VENV)/bin/mypy
	$(PY) tests/readme_python.py out/typecheck/readme_snippets.py
	$(VENV)/bin/mypy --strict examples out/typecheck/readme_snippets.py

# two workers (a file each at a time: a file's fixtures, a Ray head or a
# tmux server, stay in one process); the whole suite in about half the time
pytest: $(DEVSTAMP) tools
	$(VENV)/bin/pytest -n 2 --dist loadfile

docs: $(DEVSTAMP)
	$(VENV)/bin/sphinx-build -n -W --keep-going -q -b html docs docs/_build/html

test: lint typecheck pytest docs

# The Force of the Horse rule map proves itself (docs/games/forcehorse-rulemap.rst):
# every function an implemented entry cites, mutated (15 mutants at most, a
# function stopped at 2 killed) against the entry's tests; out/rulemap-mutation.txt.
# Long (about 12 minutes on 2 shared cores), not in CI; `make test` runs a
# seeded sample (tests/test_forcehorse_rulemap_proves.py).
mutation: $(DEVSTAMP)
	mkdir -p out
	PYTHONPATH=src $(PY) tests/rulemap_mutation.py --max-mutants 15 --kills 2 \
	  --report out/rulemap-mutation.txt --json out/rulemap-mutation.json

# Each function a map entry cites run by the entry's own tests (coverage with a
# context per test; also in `make test`); out/rulemap-coverage.txt
rulemap-coverage: $(DEVSTAMP)
	mkdir -p out
	PYTHONPATH=src $(PY) tests/rulemap_coverage.py --all --report out/rulemap-coverage.txt

bench: $(STAMP)
	$(PY) benchmarks/run.py

# The search bot ranked (README figures): search:hard, heuristic and random,
# seats rotated, seed 1, one tournament a game with the number of games the
# README's table has (GAME:GAMES); each game's table.  Long: about an hour on
# 2 shared cores.
TOURNAMENTS ?= longshot:100 mafia:60 readysetbet:200 trickrace:40 forcehorse:150
tournament: $(STAMP)
	for t in $(TOURNAMENTS); do \
	  $(VENV)/bin/racebook tournament $${t%%:*} --bots search:hard,heuristic,random \
	    --games $${t##*:} --seed 1 --workers 2 || exit 1; \
	done

# The levels' order (README): easy, normal and hard, one tournament a game
LEVELS ?= longshot:30 mafia:30 readysetbet:150 trickrace:30 forcehorse:90
levels: $(STAMP)
	for t in $(LEVELS); do \
	  $(VENV)/bin/racebook tournament $${t%%:*} --bots search:easy,search:normal,search:hard \
	    --games $${t##*:} --seed 1 --workers 2 || exit 1; \
	done

# The same tournaments as the README's table, a row a game
bench-search: $(STAMP)
	$(PY) benchmarks/search.py --workers 2

# OpenSpiel's ISMCTS (searches only its seat's information) against random
# players, 100 games each (tens of minutes)
mcts: $(DEVSTAMP)
	$(PY) examples/openspiel_mcts.py --game longshot --games 100 --workers 2
	$(PY) examples/openspiel_mcts.py --game trickrace --games 100 --workers 2

# OpenSpiel's tabular CFR on the small trick race (trickrace-mini): its tree
# and the NashConv of CFR's average policy after 1 to 128 iterations, then
# with a whip each after 1 to 32 (about five minutes; not in CI;
# docs/adapters.rst records a run)
cfr: $(DEVSTAMP)
	PYTHONPATH=src $(PY) benchmarks/cfr.py --preset trickrace-mini
	PYTHONPATH=src $(PY) benchmarks/cfr.py --preset trickrace-mini --settings '{"whips": 1}' \
	  --iterations 1,2,4,8,16,32

# a PPO learner (numpy) through the Gymnasium wrapper: the trick race win
# rate against random players before and after 5 CPU minutes, with 95%
# intervals (not in CI; docs/adapters.rst records a run)
train: $(DEVSTAMP)
	OMP_NUM_THREADS=1 $(PY) examples/gymnasium_ppo.py --game trickrace --minutes 5 --eval-games 600

clean:
	rm -rf $(VENV) docs/_build out
