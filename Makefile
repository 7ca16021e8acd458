# Fresh machine: `make run` or `make test`; each creates .venv and installs the package first.
PYTHON := $(shell command -v python3.11 || command -v python3)
VENV := .venv
# Reinstall whenever pyproject.toml changes (dependencies, entry points).
STAMP := $(VENV)/.installed

.PHONY: venv run test bench

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -e '.[test]'
	touch $(STAMP)

run: venv
	for players in 9 12 15; do $(VENV)/bin/balance run --players $$players || exit 1; done

test: venv
	$(VENV)/bin/ruff check balance policies tests
	$(VENV)/bin/python -m pytest -q

bench: venv
	$(VENV)/bin/balance bench
