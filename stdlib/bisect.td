# bisect: binary search in sorted lists, as CPython's module (key= included).


def bisect_left(a, x, lo=0, hi=None, key=None):
    """Index where x would be inserted in sorted a, before any equal items."""
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if item < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, key=None):
    """Index where x would be inserted in sorted a, after any equal items."""
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if x < item:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, key=None):
    """Insert x into sorted a, before any equal items."""
    a.insert(bisect_left(a, x if key is None else key(x), lo, hi, key), x)


def insort_right(a, x, lo=0, hi=None, key=None):
    """Insert x into sorted a, after any equal items."""
    a.insert(bisect_right(a, x if key is None else key(x), lo, hi, key), x)


bisect = bisect_right
insort = insort_right
