# The compiled build's types for rng.py (Cython reads this beside it; Python never
# does): SplitMix64's arithmetic in 64-bit unsigned C integers, which wrap as rng.py's
# ``& _MASK`` does (``below`` takes an n of at most 2**64 - 1). tests/core/test_rng.py
# holds the two builds to the same numbers.
import cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

cdef unsigned long long _mix64(unsigned long long z)

@cython.locals(m=cython.ulonglong, limit=cython.ulonglong, state=cython.ulonglong,
               z=cython.ulonglong)
cpdef object _below(object rng, object n)

@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef object _shuffle(object rng, object items)
