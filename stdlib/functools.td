# functools: higher-order helpers, written in tdsl (a subset of Python's module);
# partial, lru_cache and cache are native (src/vm/module_functools.cpp).

from _functools import partial, lru_cache, cache

_MISSING = ["<no initial value>"]


def reduce(function, iterable, initial=_MISSING):
    """Apply function of two arguments cumulatively to the items of iterable."""
    items = list(iterable)
    if initial is _MISSING:
        if len(items) == 0:
            raise TypeError("reduce() of empty iterable with no initial value")
        acc = items[0]
        items = items[1:]
    else:
        acc = initial
    for x in items:
        acc = function(acc, x)
    return acc
