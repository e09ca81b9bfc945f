# C types for the search's tree in the compiled build (hatch_build.py): a node's counts
# and reward as C numbers (a double is Python's float; counts never near 2**63), and
# the pass over a node's moves on them. Read by Cython only; ismcts.py is the source.
import cython


cdef class Node:
    cdef public int mover
    cdef public dict children
    cdef public long visits
    cdef public long avail
    cdef public double total
    cdef public object order


@cython.locals(child=Node, fresh=cython.bint, best_value=cython.double, visits=cython.long,
               value=cython.double)
cpdef tuple _scan(dict children, list legal, double c)
