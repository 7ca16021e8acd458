"""The compiled kernel: numba-compiled functions (balance.compile.jit.compiled) over the arrays
of kernel.state, one module per part of the rules."""
