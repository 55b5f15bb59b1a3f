# hopgraph: two-command quick start (`make demo`, `make test`) and helpers.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STORE ?= .hopgraph
BENCH ?= ../shared/bench
export HF_HUB_OFFLINE := 1

.PHONY: install demo test test-fast results bench static clean serve

# torch==2.13.0 first: it is the CPU wheel on this disk; an unpinned torch pulls a multi-GB CUDA build.
$(BIN)/hopgraph: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	touch $(BIN)/hopgraph

install: $(BIN)/hopgraph

demo: install
	$(BIN)/hopgraph index data/sample --store $(STORE)
	$(BIN)/hopgraph search "Where was the director of The Glass Harbor born?" --profile graph-hybrid -k 5 --store $(STORE)
	$(BIN)/hopgraph ask "Where was the director of The Glass Harbor born?" --trace --answer -k 5 --store $(STORE)
	$(BIN)/hopgraph ask "Which film was released first, The Glass Harbor or The Glass Orchard?" --answer -k 4 --store $(STORE)
	$(BIN)/hopgraph path "The Glass Harbor" "Tamsel" --store $(STORE)

test: install
	$(BIN)/python -m pytest -q

test-fast: install
	$(BIN)/python -m pytest -q -m "not slow and not browser"

# Dev-split figures for docs/results.md (about 20 minutes on 2 cores).
results: install bench
	for b in 2wiki musique hotpotqa; do \
		rm -rf runs/$$b-dev && $(BIN)/hopgraph eval $(BENCH)/$$b --split dev --systems bm25,dense,hybrid,graph-hybrid,hops --out runs/$$b-dev || exit 1; \
	done
	rm -rf runs/2wiki-notitles-dev && $(BIN)/hopgraph eval $(BENCH)/2wiki --split dev --no-titles --systems bm25,dense,hybrid,graph-hybrid,hops --out runs/2wiki-notitles-dev
	$(BIN)/python -m hopgraph.eval.results_doc runs/2wiki-dev runs/2wiki-notitles-dev runs/musique-dev runs/hotpotqa-dev --bench runs/bench-2wiki --notes docs/results_notes.md --out docs/results.md

bench: install
	rm -rf runs/bench-2wiki && $(BIN)/hopgraph bench $(BENCH)/2wiki --out runs/bench-2wiki

static:
	bash scripts/vendor_static.sh

clean:
	rm -rf $(STORE) runs .pytest_cache

serve: install  ## web explorer + JSON API on http://127.0.0.1:8000 (API docs at /docs)
	$(BIN)/hopgraph serve --store $(STORE)
