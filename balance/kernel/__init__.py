"""The compiled kernel: numba-compiled functions (kernel.jit.compiled) over the arrays of
kernel.state, one module per part of the rules."""
