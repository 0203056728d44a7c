# collections.abc: isinstance by the methods a value has, as CPython's
# ABCMeta answers it (pyperformance's generators imports Iterator).
from collections.abc import Iterator, Iterable, Generator, Sized, Hashable, Callable
import collections.abc
from collections import abc


class Tree:
    def __init__(self, value):
        self.value = value

    def __iter__(self):
        yield self.value


class Counter3:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n

    def __len__(self):
        return 3


class NotIterable:
    __iter__ = None


class Unhashable:
    def __eq__(self, other):
        return True


class MyIterator(Iterator):
    def __next__(self):
        raise StopIteration


def gen():
    yield 1


values = [("list", [1]), ("tuple", (1,)), ("str", "s"), ("dict", {1: 2}), ("set", {1}),
          ("range", range(3)), ("int", 5), ("float", 2.5), ("None", None),
          ("list iterator", iter([1])), ("str iterator", iter("ab")), ("generator", gen()),
          ("Tree", Tree(1)), ("Tree iterator", iter(Tree(1))), ("Counter3", Counter3()),
          ("NotIterable", NotIterable()), ("MyIterator", MyIterator()), ("Unhashable", Unhashable()),
          ("len", len), ("class", Tree)]
for name, v in values:
    print(name, [isinstance(v, c) for c in (Iterable, Iterator, Generator, Sized, Hashable, Callable)])
print(abc.Iterator is Iterator, collections.abc.Iterable is Iterable)
print(list(MyIterator()), list(iter(MyIterator())))
print(isinstance([1], (int, Iterator)), isinstance(iter([1]), (int, Iterator)))
print(list(Counter3()), list(Tree(7)))
