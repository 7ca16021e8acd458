"""How balance's compiled code is built and cached: the `compiled` decorator every kernel and
policy function is declared with (jit), a cold compile split between two processes (warm), and
the build folders of the compile cache on disk (cache)."""
