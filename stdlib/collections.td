# collections: deque, defaultdict, Counter, OrderedDict and namedtuple as in
# CPython 3.11, written in tdsl (issue 15).
#
# Note [Collections without built-in subclasses]
# tdsl classes cannot derive from dict or tuple, so the dict-like types keep
# a dict in `_d` and forward the mapping protocol to it (_Mapping below), and
# namedtuple classes keep their values in a tuple `_t` and forward the
# sequence protocol. They print, compare, index, iterate and unpack as
# CPython's; `isinstance(x, dict)` / `isinstance(p, tuple)` are False and
# `json.dumps` does not take them.

import _collections_abc as abc


class _Marker:
    """A default no caller can pass (instances compare by identity)."""


_MISSING = _Marker()


def _type_name(v):
    t = type(v)
    if type(t) is str:  # "<class 'slice'>": a type tdsl has no class object for
        return t[8:-2]
    return t.__name__


def _items_of(other):
    """The (key, value) pairs of a mapping or of an iterable of pairs."""
    if isinstance(other, dict):
        return list(other.items())
    if isinstance(other, _Mapping):
        return list(other._d.items())
    return list(other)


class _Mapping:
    """The dict protocol over self._d (Note [Collections without built-in subclasses])."""

    def __init__(self, *args, **kwargs):
        self._d = {}
        self.update(*args, **kwargs)

    def update(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("update expected at most 1 argument, got %d" % len(args))
        if len(args) == 1:
            for k, v in _items_of(args[0]):
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def __getitem__(self, key):
        if key in self._d:
            return self._d[key]
        return self.__missing__(key)

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __contains__(self, key):
        return key in self._d

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __eq__(self, other):
        if isinstance(other, _Mapping):
            return self._d == other._d
        if isinstance(other, dict):
            return self._d == other
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def get(self, key, default=None):
        return self._d.get(key, default)

    def setdefault(self, key, default=None):
        if key not in self._d:
            self[key] = default
        return self._d[key]

    def pop(self, key, default=_MISSING):
        if key in self._d:
            return self._d.pop(key)
        if default is _MISSING:
            raise KeyError(key)
        return default

    def popitem(self):
        if len(self._d) == 0:
            raise KeyError("popitem(): dictionary is empty")
        return self._d.popitem()

    def clear(self):
        self._d.clear()

    def __or__(self, other):
        if not isinstance(other, (dict, _Mapping)):
            return NotImplemented
        out = self.copy()
        out.update(other)
        return out

    def __ior__(self, other):
        self.update(other)
        return self


# ---------------------------------------------------------------------------
# defaultdict


class defaultdict(_Mapping):
    """A dict that calls default_factory() for a missing key and stores the result."""

    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        _Mapping.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._d[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self._d)

    def __repr__(self):
        return "defaultdict(%r, %r)" % (self.default_factory, self._d)


# ---------------------------------------------------------------------------
# OrderedDict


class OrderedDict(_Mapping):
    """A dict that remembers insertion order, with move_to_end and popitem(last=)."""

    def popitem(self, last=True):
        if len(self._d) == 0:
            raise KeyError("dictionary is empty")
        if last:
            return self._d.popitem()
        key = next(iter(self._d))
        return (key, self._d.pop(key))

    def move_to_end(self, key, last=True):
        value = self._d.pop(key)
        if last:
            self._d[key] = value
        else:
            rest = self._d
            self._d = {key: value}
            self._d.update(rest)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._d.items()) == list(other._d.items())
        return _Mapping.__eq__(self, other)

    def __reversed__(self):
        return reversed(list(self._d))

    def copy(self):
        return OrderedDict(self._d)

    def __repr__(self):
        if len(self._d) == 0:
            return "OrderedDict()"
        return "OrderedDict(%r)" % (list(self._d.items()),)


# ---------------------------------------------------------------------------
# Counter


class Counter(_Mapping):
    """A dict of counts: Counter('abca')['a'] == 2, missing keys count 0."""

    def __init__(self, iterable=None, **kwargs):
        self._d = {}
        self.update(iterable, **kwargs)

    def __missing__(self, key):
        return 0

    def update(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, (dict, _Mapping)):
                for k, v in _items_of(iterable):
                    self._d[k] = self._d.get(k, 0) + v
            else:
                for k in iterable:
                    self._d[k] = self._d.get(k, 0) + 1
        for k, v in kwargs.items():
            self._d[k] = self._d.get(k, 0) + v

    def subtract(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, (dict, _Mapping)):
                for k, v in _items_of(iterable):
                    self._d[k] = self._d.get(k, 0) - v
            else:
                for k in iterable:
                    self._d[k] = self._d.get(k, 0) - 1
        for k, v in kwargs.items():
            self._d[k] = self._d.get(k, 0) - v

    def total(self):
        return sum(self._d.values())

    def most_common(self, n=None):
        pairs = sorted(self._d.items(), key=lambda kv: kv[1], reverse=True)
        return pairs if n is None else pairs[:n]

    def elements(self):
        return iter([k for k, v in self._d.items() for _ in range(v)])

    def copy(self):
        return Counter(self._d)

    def __repr__(self):
        if len(self._d) == 0:
            return "Counter()"
        return "Counter({%s})" % ", ".join(["%r: %r" % kv for kv in self.most_common()])

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        out = Counter()
        for k, v in self._d.items():
            n = v + other[k]
            if n > 0:
                out._d[k] = n
        for k, v in other._d.items():
            if k not in self._d and v > 0:
                out._d[k] = v
        return out

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        out = Counter()
        for k, v in self._d.items():
            n = v - other[k]
            if n > 0:
                out._d[k] = n
        for k, v in other._d.items():
            if k not in self._d and v < 0:
                out._d[k] = 0 - v
        return out

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        out = Counter()
        for k, v in self._d.items():
            n = max(v, other[k])
            if n > 0:
                out._d[k] = n
        for k, v in other._d.items():
            if k not in self._d and v > 0:
                out._d[k] = v
        return out

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        out = Counter()
        for k, v in self._d.items():
            n = min(v, other[k])
            if n > 0:
                out._d[k] = n
        return out

    def __pos__(self):
        out = Counter()
        for k, v in self._d.items():
            if v > 0:
                out._d[k] = v
        return out

    def __neg__(self):
        out = Counter()
        for k, v in self._d.items():
            if v < 0:
                out._d[k] = 0 - v
        return out


# ---------------------------------------------------------------------------
# deque
#
# Note [Deque layout]
# The items are self._a[self._h:]: popleft moves the head index instead of
# shifting the list, and the dead prefix is dropped once it is over half the
# list, so append/pop/popleft are amortised O(1) as in CPython.


class deque:
    """A double-ended queue with an optional maxlen."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if type(maxlen) is not int:
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self.maxlen = maxlen
        self._a = []
        self._h = 0
        self.extend(iterable)

    def _compact(self):
        if self._h:
            del self._a[:self._h]
            self._h = 0

    def __len__(self):
        return len(self._a) - self._h

    def __bool__(self):
        return len(self._a) > self._h

    def __iter__(self):
        return iter(self._a[self._h:])

    def __reversed__(self):
        return reversed(self._a[self._h:])

    def __contains__(self, x):
        return x in self._a[self._h:]

    def append(self, x):
        if self.maxlen == 0:
            return
        self._a.append(x)
        if self.maxlen is not None and len(self._a) - self._h > self.maxlen:
            self.popleft()

    def appendleft(self, x):
        if self.maxlen == 0:
            return
        if self._h > 0:
            self._h -= 1
            self._a[self._h] = x
        else:
            self._a.insert(0, x)
        if self.maxlen is not None and len(self._a) - self._h > self.maxlen:
            self._a.pop()

    def pop(self):
        if len(self._a) == self._h:
            raise IndexError("pop from an empty deque")
        x = self._a.pop()
        if len(self._a) == self._h:
            self._a = []
            self._h = 0
        return x

    def popleft(self):
        if len(self._a) == self._h:
            raise IndexError("pop from an empty deque")
        x = self._a[self._h]
        self._a[self._h] = None
        self._h += 1
        if self._h * 2 > len(self._a):
            self._compact()
        return x

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._a = []
        self._h = 0

    def copy(self):
        return deque(self._a[self._h:], self.maxlen)

    def __copy__(self):
        return self.copy()

    def count(self, x):
        return self._a[self._h:].count(x)

    def index(self, x, start=0, stop=None):
        items = self._a[self._h:]
        end = len(items) if stop is None else stop
        for i in range(len(items))[start:end]:
            if items[i] == x:
                return i
        raise ValueError("%r is not in deque" % (x,))

    def insert(self, i, x):
        if self.maxlen is not None and len(self) >= self.maxlen:
            raise IndexError("deque already at its maximum size")
        self._compact()
        self._a.insert(i, x)

    def remove(self, value):
        self._compact()
        for i in range(len(self._a)):
            if self._a[i] == value:
                del self._a[i]
                return
        raise ValueError("%r is not in deque" % (value,))

    def reverse(self):
        self._compact()
        self._a.reverse()

    def rotate(self, n=1):
        size = len(self)
        if size <= 1:
            return
        self._compact()
        n = n % size
        if n:
            self._a = self._a[size - n:] + self._a[:size - n]

    def _slot(self, i):
        if type(i) is not int and type(i) is not bool:
            raise TypeError("sequence index must be integer, not '%s'" % _type_name(i))
        size = len(self._a) - self._h
        if i < 0:
            i += size
        if i < 0 or i >= size:
            raise IndexError("deque index out of range")
        return self._h + i

    def __getitem__(self, i):
        return self._a[self._slot(i)]

    def __setitem__(self, i, x):
        self._a[self._slot(i)] = x

    def __delitem__(self, i):
        slot = self._slot(i)
        del self._a[slot]

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] == other._a[other._h:]

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] != other._a[other._h:]

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] < other._a[other._h:]

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] <= other._a[other._h:]

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] > other._a[other._h:]

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._a[self._h:] >= other._a[other._h:]

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' % type(other).__name__)
        out = self.copy()
        out.extend(other)
        return out

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return deque(self._a[self._h:] * n, self.maxlen)

    def __repr__(self):
        items = self._a[self._h:]
        if self.maxlen is None:
            return "deque(%r)" % (items,)
        return "deque(%r, maxlen=%d)" % (items, self.maxlen)


# ---------------------------------------------------------------------------
# namedtuple

_KEYWORDS = frozenset(["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
                       "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
                       "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
                       "return", "try", "while", "with", "yield"])


def _name_list(names):
    if len(names) == 1:
        return "'%s'" % names[0]
    if len(names) == 2:
        return "'%s' and '%s'" % (names[0], names[1])
    return ", ".join(["'%s'" % n for n in names[:-1]]) + ", and '%s'" % names[-1]


class _NamedTuple:
    """The tuple protocol over self._t (Note [Collections without built-in subclasses])."""

    _fields = ()
    _field_defaults = {}

    def __init__(self, *args, **kwargs):
        cls = type(self)
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError("%s.__new__() takes %d positional arguments but %d were given"
                            % (cls.__name__, len(fields) + 1, len(args) + 1))
        for name in kwargs:
            if name not in fields:
                raise TypeError("%s.__new__() got an unexpected keyword argument '%s'" % (cls.__name__, name))
            if fields.index(name) < len(args):
                raise TypeError("%s.__new__() got multiple values for argument '%s'" % (cls.__name__, name))
        values = list(args)
        missing = []
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs[name])
            elif name in cls._field_defaults:
                values.append(cls._field_defaults[name])
            else:
                missing.append(name)
        if missing:
            raise TypeError("%s.__new__() missing %d required positional argument%s: %s"
                            % (cls.__name__, len(missing), "" if len(missing) == 1 else "s", _name_list(missing)))
        self._t = tuple(values)

    def __getattr__(self, name):
        fields = type(self)._fields
        if name in fields:
            return self._t[fields.index(name)]
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)

    def _replace(self, **kwargs):
        fields = type(self)._fields
        unexpected = [k for k in kwargs if k not in fields]
        if unexpected:
            raise ValueError("Got unexpected field names: %r" % (unexpected,))
        return type(self)(*[kwargs[f] if f in kwargs else v for f, v in zip(fields, self._t)])

    def _asdict(self):
        return dict(zip(type(self)._fields, self._t))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join(["%s=%r" % (f, v) for f, v in zip(type(self)._fields, self._t)]))

    def __len__(self):
        return len(self._t)

    def __iter__(self):
        return iter(self._t)

    def __getitem__(self, i):
        return self._t[i]

    def __contains__(self, x):
        return x in self._t

    def __hash__(self):
        return hash(self._t)

    def count(self, x):
        return self._t.count(x)

    def index(self, x):
        return self._t.index(x)

    def __eq__(self, other):
        return self._t == _as_tuple(other)

    def __ne__(self, other):
        return self._t != _as_tuple(other)

    def __lt__(self, other):
        return self._t < _as_tuple(other)

    def __le__(self, other):
        return self._t <= _as_tuple(other)

    def __gt__(self, other):
        return self._t > _as_tuple(other)

    def __ge__(self, other):
        return self._t >= _as_tuple(other)

    def __add__(self, other):
        return self._t + _as_tuple(other)

    def __radd__(self, other):
        return _as_tuple(other) + self._t

    def __mul__(self, n):
        return self._t * n


def _as_tuple(v):
    return v._t if isinstance(v, _NamedTuple) else v


def _check_identifier(name):
    if type(name) is not str:
        raise TypeError("Type names and field names must be strings")
    if not name.isidentifier():
        raise ValueError("Type names and field names must be valid identifiers: %r" % (name,))
    if name in _KEYWORDS:
        raise ValueError("Type names and field names cannot be a keyword: %r" % (name,))


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A tuple class whose items are also attributes: namedtuple('Point', 'x y')."""
    if type(field_names) is str:
        field_names = field_names.replace(",", " ").split()
    field_names = [str(f) for f in field_names]
    typename = str(typename)
    if rename:
        seen = set()
        for i in range(len(field_names)):
            name = field_names[i]
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith("_") or name in seen):
                field_names[i] = "_%d" % i
            seen.add(field_names[i])
    for name in [typename] + field_names:
        _check_identifier(name)
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError("Field names cannot start with an underscore: %r" % (name,))
        if name in seen:
            raise ValueError("Encountered duplicate field name: %r" % (name,))
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError("Got more default values than field names")
        for name, value in zip(field_names[len(field_names) - len(defaults):], defaults):
            field_defaults[name] = value

    class _Made(_NamedTuple):
        pass

    _Made.__name__ = typename
    _Made.__qualname__ = typename
    _Made._fields = tuple(field_names)
    _Made._field_defaults = field_defaults
    return _Made
