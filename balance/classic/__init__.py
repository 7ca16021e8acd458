"""The classic ruleset (the edition "The Thing: Nemesis" grew from; rule IDs CL-*): its codes,
state, observation and compiled kernel, played through balance.rulesets with `--ruleset
classic`. Its numbers are declared in balance/catalogue/classic.py."""
