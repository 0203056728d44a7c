# collections.abc: the one-trick abstract base classes of CPython 3.11 that
# scripts import for isinstance checks and annotations (issue 15), written in
# tdsl. `collections.abc` is this module (collections.td imports it as abc).
#
# Note [Abstract base classes]
# isinstance(v, Iterable) is True when v has the methods the ABC names, as
# CPython's ABCMeta finds them through __subclasshook__: a user class by its
# class attributes (one set to None opts out, as CPython's _check_methods),
# a built-in value by what it supports (iter() works on it, len() works, it
# hashes...). Classes that derive from an ABC answer by inheritance only, as
# CPython's hooks return NotImplemented for cls other than the ABC itself.
# The hook is the classmethod __abc_instancecheck__, called by isinstance
# (src/vm/builtins.cpp) since tdsl classes have no metaclass. Not here:
# register(), issubclass() by methods, the collection ABCs (Sequence,
# Mapping...) and their mixin methods, ABC[...] subscripts.


def _is_user_instance(v):
    return hasattr(type(v), "__mro__")


def _has_methods(v, names):
    t = type(v)
    for name in names:
        if not hasattr(t, name) or getattr(t, name) is None:
            return False
    return True


def _builtin_iterable(v):
    try:
        iter(v)
    except TypeError:
        return False
    return True


def _builtin_iterator(v):
    try:
        return iter(v) is v
    except TypeError:
        return False


def _builtin_sized(v):
    try:
        len(v)
    except TypeError:
        return False
    return True


def _builtin_hashable(v):
    try:
        hash(v)
    except TypeError:
        return False
    return True


def _sample_generator():
    yield None


_GENERATOR = type(_sample_generator())


class Hashable:
    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Hashable:
            return NotImplemented
        return _builtin_hashable(v)


class Iterable:
    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Iterable:
            return NotImplemented
        if _is_user_instance(v):
            return _has_methods(v, ("__iter__",))
        return _builtin_iterable(v)


class Iterator(Iterable):
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Iterator:
            return NotImplemented
        if _is_user_instance(v):
            return _has_methods(v, ("__iter__", "__next__"))
        return _builtin_iterator(v)


class Generator(Iterator):
    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Generator:
            return NotImplemented
        if _is_user_instance(v):
            return _has_methods(v, ("__iter__", "__next__", "send", "throw", "close"))
        return isinstance(v, _GENERATOR)


class Sized:
    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Sized:
            return NotImplemented
        if _is_user_instance(v):
            return _has_methods(v, ("__len__",))
        return _builtin_sized(v)


class Callable:
    @classmethod
    def __abc_instancecheck__(cls, v):
        if cls is not Callable:
            return NotImplemented
        return callable(v)
