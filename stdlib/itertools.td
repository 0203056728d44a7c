# itertools: CPython 3.11's iterator building blocks, written in tdsl (issue 15).
#
# Note [Lazy itertools]
# Every function checks its arguments and calls iter() on its inputs when it
# is called, as CPython's C types do in their constructors (so `cycle(1)`
# raises TypeError at once), then returns a generator that does the work
# lazily. The generators differ from CPython's objects only in their type
# name and repr (`<generator object ...>` instead of `count(0)`).


class _Marker:
    """A value equal to nothing else (instances compare by identity)."""


def _int_arg(value, what):
    if type(value) is not int and type(value) is not bool:
        raise TypeError(what % type(value).__name__ if "%s" in what else what)
    return value


def _count(n, step):
    while True:
        yield n
        n += step


def count(start=0, step=1):
    """count(10) --> 10 11 12 13 14 ..."""
    for v in (start, step):
        if type(v) not in (int, float, bool):
            raise TypeError("a number is required")
    return _count(start, step)


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if len(saved) == 0:
        return
    while True:
        for element in saved:
            yield element


def cycle(iterable):
    """cycle('ABCD') --> A B C D A B C D ..."""
    return _cycle(iter(iterable))


def _repeat_forever(obj):
    while True:
        yield obj


def _repeat_times(obj, times):
    for _ in range(times):
        yield obj


def repeat(object, times=None):
    """repeat(10, 3) --> 10 10 10"""
    if times is None:
        return _repeat_forever(object)
    _int_arg(times, "'%s' object cannot be interpreted as an integer")
    return _repeat_times(object, times)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        for total in it:
            break
        else:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


def accumulate(iterable, func=None, *, initial=None):
    """accumulate([1,2,3,4,5]) --> 1 3 6 10 15"""
    return _accumulate(iter(iterable), func, initial)


def _chain(iterables):
    for it in iterables:
        yield from it


class chain:
    """chain('ABC', 'DEF') --> A B C D E F"""

    def __init__(self, *iterables):
        self._gen = _chain(iterables)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._gen)

    @staticmethod
    def from_iterable(iterables):
        """chain.from_iterable(['ABC', 'DEF']) --> A B C D E F"""
        return _chain(iter(iterables))


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def compress(data, selectors):
    """compress('ABCDEF', [1,0,1,0,1,1]) --> A C E F"""
    return _compress(iter(data), iter(selectors))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def dropwhile(predicate, iterable):
    """dropwhile(lambda x: x<5, [1,4,6,4,1]) --> 6 4 1"""
    return _dropwhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def takewhile(predicate, iterable):
    """takewhile(lambda x: x<5, [1,4,6,4,1]) --> 1 4"""
    return _takewhile(predicate, iter(iterable))


def _filterfalse(predicate, it):
    for x in it:
        if not (bool(x) if predicate is None else predicate(x)):
            yield x


def filterfalse(predicate, iterable):
    """filterfalse(lambda x: x%2, range(10)) --> 0 2 4 6 8"""
    return _filterfalse(predicate, iter(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def starmap(function, iterable):
    """starmap(pow, [(2,5), (3,2), (10,3)]) --> 32 9 1000"""
    return _starmap(function, iter(iterable))


def _pairwise(it):
    for a in it:
        break
    else:
        return
    for b in it:
        yield (a, b)
        a = b


def pairwise(iterable):
    """pairwise('ABCDEFG') --> AB BC CD DE EF FG"""
    return _pairwise(iter(iterable))


def _zip_longest(iterators, fillvalue):
    active = len(iterators)
    if active == 0:
        return
    while True:
        values = []
        for i in range(len(iterators)):
            it = iterators[i]
            if it is None:
                values.append(fillvalue)
                continue
            try:
                values.append(next(it))
            except StopIteration:
                active -= 1
                if active == 0:
                    return
                iterators[i] = None
                values.append(fillvalue)
        yield tuple(values)


def zip_longest(*iterables, fillvalue=None):
    """zip_longest('ABCD', 'xy', fillvalue='-') --> Ax By C- D-"""
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _islice(it, start, stop, step):
    nexti = start
    i = 0
    for element in it:
        if stop is not None and i >= stop:
            return
        if i == nexti:
            yield element
            nexti += step
        i += 1
        if stop is not None and i >= stop:
            return


def _islice_index(value, message):
    if value is None:
        return None
    if type(value) is not int and type(value) is not bool:
        raise ValueError(message)
    return value


_ISLICE_STOP = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
_ISLICE_INDICES = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."


def islice(iterable, *args):
    """islice('ABCDEFG', 2, None) --> C D E F G"""
    if len(args) == 0:
        raise TypeError("islice expected at least 2 arguments, got 1")
    if len(args) > 3:
        raise TypeError("islice expected at most 4 arguments, got %d" % (len(args) + 1))
    it = iter(iterable)
    start = 0
    step = 1
    if len(args) == 1:
        stop = _islice_index(args[0], _ISLICE_STOP)
        if stop == -1:
            raise ValueError(_ISLICE_STOP)
    else:
        if args[0] is not None:
            if type(args[0]) is not int and type(args[0]) is not bool:
                start = -1
            else:
                start = args[0]
        stop = _islice_index(args[1], _ISLICE_STOP)
        if stop == -1:
            raise ValueError(_ISLICE_STOP)
    if start < 0 or (stop is not None and stop < -1):
        raise ValueError(_ISLICE_INDICES)
    if len(args) == 3 and args[2] is not None:
        step = args[2] if type(args[2]) is int or type(args[2]) is bool else -1
    if step < 1:
        raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(it, start, stop, step)


def _product(pools):
    n = len(pools)
    for pool in pools:
        if len(pool) == 0:
            return
    indices = [0] * n
    while True:
        yield tuple([pools[i][indices[i]] for i in range(n)])
        i = n - 1
        while i >= 0:
            indices[i] += 1
            if indices[i] < len(pools[i]):
                break
            indices[i] = 0
            i -= 1
        if i < 0:
            return


def product(*iterables, repeat=1):
    """product('ABCD', 'xy') --> Ax Ay Bx By Cx Cy Dx Dy"""
    _int_arg(repeat, "'%s' object cannot be interpreted as an integer")
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _r_arg(r, n):
    if r is None:
        return n
    _int_arg(r, "Expected int as r")
    if r < 0:
        raise ValueError("r must be non-negative")
    return r


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple([pool[i] for i in indices[:r]])
    while n:
        i = r - 1
        while i >= 0:
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple([pool[k] for k in indices[:r]])
                break
            i -= 1
        if i < 0:
            return
    return


def permutations(iterable, r=None):
    """permutations(range(3), 2) --> 01 02 10 12 20 21"""
    pool = tuple(iterable)
    return _permutations(pool, _r_arg(r, len(pool)))


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0:
            if indices[i] != i + n - r:
                break
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple([pool[k] for k in indices])


def combinations(iterable, r):
    """combinations(range(4), 3) --> 012 013 023 123"""
    pool = tuple(iterable)
    return _combinations(pool, _r_arg(r, len(pool)))


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if n == 0 and r > 0:
        return
    indices = [0] * r
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0:
            if indices[i] != n - 1:
                break
            i -= 1
        if i < 0:
            return
        v = indices[i] + 1
        for j in range(i, r):
            indices[j] = v
        yield tuple([pool[k] for k in indices])


def combinations_with_replacement(iterable, r):
    """combinations_with_replacement('ABC', 2) --> AA AB AC BB BC CC"""
    pool = tuple(iterable)
    return _combinations_with_replacement(pool, _r_arg(r, len(pool)))


class groupby:
    """[k for k, g in groupby('AAAABBBCCDAABBB')] --> A B C D A B"""

    def __init__(self, iterable, key=None):
        self._keyfunc = key
        self._it = iter(iterable)
        marker = _Marker()
        self._tgtkey = marker
        self._currkey = marker
        self._currvalue = marker
        self._id = None

    def __iter__(self):
        return self

    def _key(self, value):
        return value if self._keyfunc is None else self._keyfunc(value)

    def __next__(self):
        self._id = _Marker()
        while self._currkey is self._tgtkey or self._currkey == self._tgtkey:
            self._currvalue = next(self._it)
            self._currkey = self._key(self._currvalue)
        self._tgtkey = self._currkey
        return (self._currkey, self._grouper(self._tgtkey, self._id))

    def _grouper(self, tgtkey, group_id):
        while self._id is group_id and self._currkey == tgtkey:
            yield self._currvalue
            try:
                self._currvalue = next(self._it)
            except StopIteration:
                return
            self._currkey = self._key(self._currvalue)


def _tee_branch(it, buffers, mine):
    while True:
        if len(mine) == 0:
            try:
                value = next(it)
            except StopIteration:
                return
            for b in buffers:
                b.append(value)
        yield mine.pop(0)


def tee(iterable, n=2):
    """tee(it, n) --> n independent iterators over it"""
    _int_arg(n, "'%s' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError("n must be >= 0")
    it = iter(iterable)
    buffers = [[] for _ in range(n)]
    return tuple([_tee_branch(it, buffers, b) for b in buffers])
