# array: typed arrays of numbers, as CPython's module (typecodes b B h H i I l
# L q Q f d; 'u' and the bytes methods are out: tdsl has no bytes). Items are
# checked and converted on the way in as CPython does; 'f' items are rounded
# to float32.

typecodes = "bBhHiIlLqQfd"

_LIMITS = {
    "b": (-128, 127, "signed char"),
    "B": (0, 255, "unsigned byte integer"),
    "h": (-32768, 32767, "signed short integer"),
    "H": (0, 65535, "unsigned short"),
    "i": (-2147483648, 2147483647, "signed integer"),
    "I": (0, 4294967295, "unsigned int"),
}
_SIZES = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8, "q": 8, "Q": 8, "f": 4, "d": 8}


def _float32(x):
    import torch
    return torch.tensor(x, dtype=torch.float32).item()


def _convert(typecode, x):
    if typecode == "d" or typecode == "f":
        if not isinstance(x, (int, float)):
            raise TypeError("must be real number, not %s" % type(x).__name__)
        return _float32(float(x)) if typecode == "f" else float(x)
    if isinstance(x, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if not isinstance(x, int):
        raise TypeError("an integer is required (got type %s)" % type(x).__name__)
    x = int(x)
    if typecode in _LIMITS:
        low, high, name = _LIMITS[typecode]
        if typecode == "I" and x < 0:
            raise OverflowError("can't convert negative value to unsigned int")
        if x > high:
            raise OverflowError(name + " is greater than maximum")
        if x < low:
            raise OverflowError(name + " is less than minimum")
    elif x < 0 and typecode == "L":
        raise OverflowError("can't convert negative value to unsigned int")
    elif x < 0 and typecode == "Q":
        raise OverflowError("can't convert negative int to unsigned")
    return x


class array:
    """array(typecode[, initializer]): a list of numbers of one C type."""

    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError("array() argument 1 must be a unicode character, not %s" % type(typecode).__name__)
        if typecode not in typecodes:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self.typecode = typecode
        self.itemsize = _SIZES[typecode]
        self._items = []
        if initializer is not None:
            if isinstance(initializer, str):
                raise TypeError("cannot use a str to initialize an array with typecode '%s'" % typecode)
            self.extend(initializer)

    def _same_kind(self, other):
        if not isinstance(other, array) or other.typecode != self.typecode:
            raise TypeError("bad argument type for built-in operation")

    def _wrap(self, items):
        out = array(self.typecode)
        out._items = items
        return out

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, index):
        if not isinstance(index, int):  # a slice
            return self._wrap(self._items[index])
        if index >= len(self._items) or index < -len(self._items):
            raise IndexError("array index out of range")
        return self._items[index]

    def __setitem__(self, index, value):
        if not isinstance(index, int):  # a slice
            if not isinstance(value, array):
                raise TypeError('can only assign array (not "%s") to array slice' % type(value).__name__)
            self._same_kind(value)
            self._items[index] = list(value._items)
            return
        if index >= len(self._items) or index < -len(self._items):
            raise IndexError("array assignment index out of range")
        self._items[index] = _convert(self.typecode, value)

    def __delitem__(self, index):
        del self._items[index]

    def __contains__(self, value):
        return value in self._items

    def __add__(self, other):
        self._same_kind(other)
        return self._wrap(self._items + other._items)

    def __iadd__(self, other):
        self._same_kind(other)
        self._items.extend(other._items)
        return self

    def __mul__(self, n):
        return self._wrap(self._items * n)

    def __rmul__(self, n):
        return self._wrap(self._items * n)

    def __imul__(self, n):
        self._items = self._items * n
        return self

    def __eq__(self, other):
        return isinstance(other, array) and self._items == other._items

    def __ne__(self, other):
        return not self.__eq__(other)

    def __lt__(self, other):
        return self._items < other._items

    def __le__(self, other):
        return self._items <= other._items

    def __gt__(self, other):
        return self._items > other._items

    def __ge__(self, other):
        return self._items >= other._items

    def __repr__(self):
        if not self._items:
            return "array('%s')" % self.typecode
        return "array('%s', %r)" % (self.typecode, self._items)

    def __copy__(self):
        return self._wrap(list(self._items))

    def append(self, value):
        self._items.append(_convert(self.typecode, value))

    def extend(self, iterable):
        if isinstance(iterable, array):
            self._same_kind(iterable)
            self._items.extend(iterable._items)
            return
        for x in iterable:
            self._items.append(_convert(self.typecode, x))

    def fromlist(self, items):
        if not isinstance(items, list):
            raise TypeError("arg must be list")
        converted = [_convert(self.typecode, x) for x in items]
        self._items.extend(converted)

    def insert(self, index, value):
        self._items.insert(index, _convert(self.typecode, value))

    def pop(self, index=-1):
        if not self._items:
            raise IndexError("pop from empty array")
        if index >= len(self._items) or index < -len(self._items):
            raise IndexError("pop index out of range")
        return self._items.pop(index)

    def remove(self, value):
        if value not in self._items:
            raise ValueError("array.remove(x): x not in array")
        self._items.remove(value)

    def index(self, value, start=0, stop=None):
        end = len(self._items) if stop is None else stop
        for i in range(start, min(end, len(self._items))):
            if self._items[i] == value:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, value):
        return self._items.count(value)

    def reverse(self):
        self._items.reverse()

    def tolist(self):
        return list(self._items)

    def buffer_info(self):
        return (id(self), len(self._items))
