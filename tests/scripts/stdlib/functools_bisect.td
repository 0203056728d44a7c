# functools.partial / lru_cache / cache / reduce and the bisect module.
import functools
from functools import lru_cache, partial, reduce
import bisect


def power(base, exponent):
    return base ** exponent


square = partial(power, exponent=2)
two_to = partial(power, 2)
print(square(7), two_to(10), square(3, exponent=3), partial(max, 5)(3, 9))

calls = [0]


@lru_cache(maxsize=None)
def fib(n):
    calls[0] += 1
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), calls[0])


@functools.cache
def double(x):
    calls[0] += 1
    return 2 * x


print(double(4), double(4), calls[0])


@lru_cache
def ident(x):
    return x


print(ident(3), reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 10))
small = lru_cache(maxsize=2)(power)
print(small(2, 3), small(2, 4), small(2, 3))
fib.cache_clear()
print(fib(10))

xs = [1, 2, 4, 4, 4, 7, 9]
print(bisect.bisect_left(xs, 4), bisect.bisect_right(xs, 4), bisect.bisect(xs, 0), bisect.bisect(xs, 10))
print(bisect.bisect_left(xs, 4, 4), bisect.bisect_right(xs, 4, 0, 3))
bisect.insort(xs, 5)
bisect.insort_left(xs, 4)
print(xs)
words = ["apple", "fig", "banana"]
words.sort(key=len)
print(bisect.bisect_left(words, 5, key=len), words)
