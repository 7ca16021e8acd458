# Fresh machine: `make run` or `make test`; each creates .venv and installs the package first.
PYTHON := $(shell command -v python3.11 || command -v python3)
VENV := .venv
# Reinstall whenever pyproject.toml (dependencies, entry points) or the extras installed below
# change. The dask extra is installed too, for the tests of `balance sweep --scheduler`.
STAMP := $(VENV)/.installed

.PHONY: venv run report test bench

venv: $(STAMP)

$(STAMP): pyproject.toml Makefile
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -e '.[test,dask]'
	touch $(STAMP)

# The report of the current rules: a fuel-burn x Thing-count sweep at 9, 12 and 15 players, with
# the equilibrium stored in configs/strategies (`balance equilibrium --store`, about 70 minutes),
# the ranking of the unwritten rules (`balance sensitivity`, expert against expert and at that
# equilibrium) and the classic edition beside it (`balance compare`, with the equilibrium stored
# in configs/classic/strategies). The folders are named by the digest of the compiled sources, so a rerun with
# unchanged code reuses every game and a changed kernel starts afresh.
DIGEST = $(shell test -x $(VENV)/bin/python && $(VENV)/bin/python -c "import balance; print(balance.SOURCE_DIGEST)")
SWEEP = out/fuel-things-sweep-$(DIGEST)
SENSITIVITY = out/sensitivity-$(DIGEST)
RULESETS = out/rulesets-$(DIGEST).json

run: venv
	for players in 9 12 15; do $(VENV)/bin/balance run --players $$players || exit 1; done
	$(MAKE) report

report: venv
	$(VENV)/bin/balance sweep --players 9,12,15 --grid generator.burn_per_turn=1/6,1/5,1/4,1/3 \
		--grid things.start=1,2,3 --games 20000 --seed 0 --jobs 2 \
		--out $(SWEEP)
	$(VENV)/bin/balance sensitivity --players 9,12,15 --precision 0.02 --seed 0 \
		--out $(SENSITIVITY)-expert
	$(VENV)/bin/balance sensitivity --players 9,12,15 --precision 0.02 --seed 0 \
		--strategies configs/strategies --out $(SENSITIVITY)-equilibrium
	$(VENV)/bin/balance compare --ruleset nemesis --ruleset classic --players 9,12,15 \
		--games 20000 --seed 0 --out $(RULESETS)
	$(VENV)/bin/balance report $(SWEEP) --out reports --equilibrium configs/strategies \
		--sensitivity $(SENSITIVITY)-expert --sensitivity $(SENSITIVITY)-equilibrium \
		--rulesets $(RULESETS)

test: venv
	$(VENV)/bin/ruff check balance policies tests scripts
	$(VENV)/bin/ruff format --check balance policies tests scripts
	$(VENV)/bin/python -m pytest -q --durations=15

bench: venv
	$(VENV)/bin/balance bench
