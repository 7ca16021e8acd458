"""The compiled kernel: @njit functions over the arrays of balance.kernel.state.

Every kernel and policy function is compiled with `_nrt=False`: it borrows the arrays it is
handed and never counts references to them. A game's arrays are allocated once per chunk and
outlive every call, so numba's reference counts (an atomic increment and decrement of each
array's count at most calls and views) were pure cost: 28% of a turn when profiled. Only the
functions that allocate (state.allocate) and the entry points that call them keep the runtime.
"""
