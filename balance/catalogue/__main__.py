"""`python -m balance.catalogue [--check]`: rewrite (or check) the generated constant modules."""

import sys

from balance.catalogue.generate import COMMAND, stale, write

if "--check" in sys.argv[1:]:
    files = stale()
    if files:
        print(f"stale generated code: {', '.join(files)}; run `{COMMAND}`", file=sys.stderr)
        sys.exit(1)
else:
    for path in write():
        print(f"wrote balance/{path}")
