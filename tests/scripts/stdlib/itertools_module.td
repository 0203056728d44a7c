# itertools: every function of issue 15's list, lazily, with CPython's results.
import itertools
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress, count, cycle,
                       dropwhile, filterfalse, groupby, islice, pairwise, permutations, product, repeat, starmap,
                       takewhile, tee, zip_longest)

print(list(product("ab", [1, 2])))
print(list(product([0, 1], repeat=3)))
print(list(product()), list(product([], [1])), len(list(product(range(3), repeat=2))))
print(list(chain("ab", [1, 2], ())), list(chain.from_iterable(["xy", [3]])))
print(list(islice(count(), 5)), list(islice(count(10, -2.5), 4)))
print(list(repeat("r", 3)), list(islice(repeat(7), 2)), list(repeat(1, 0)))
print(list(islice(cycle("abc"), 8)), list(cycle([])))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)))
print(list(accumulate([1, 2, 3], lambda a, b: a * b, initial=10)), list(accumulate([], initial=0)))
print(list(permutations("abc")), list(permutations(range(4), 2))[:5], list(permutations([1], 2)))
print(list(combinations("abcd", 2)), list(combinations(range(3), 0)), list(combinations([1], 3)))
print(list(combinations_with_replacement("abc", 2)), list(combinations_with_replacement([], 0)))
print(list(islice("ABCDEFG", 2)), list(islice("ABCDEFG", 2, 4)), list(islice("ABCDEFG", 2, None)))
print(list(islice("ABCDEFG", 0, None, 2)), list(islice(range(10), 1, 9, 3)), list(islice([], 3)))
print(list(zip_longest("ABCD", "xy", fillvalue="-")), list(zip_longest([1], [], [2, 3])), list(zip_longest()))
print([(k, list(g)) for k, g in groupby("AAAABBBCCDAABBB")])
print([(k, len(list(g))) for k, g in groupby([1, 3, 2, 4, 5, 7], key=lambda x: x % 2)])
print([k for k, g in groupby("aabbc")], list(groupby([])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, "", "a", None])))
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])), list(pairwise("ABCDE")), list(pairwise("A")))
a, b = tee(iter([1, 2, 3]))
print(next(a), next(a), list(b), list(a), len(tee([1], 3)), tee([1], 0))

# Lazy: infinite inputs and side effects happen only as items are asked for.
seen = []


def noisy(n):
    for i in range(n):
        seen.append(i)
        yield i


m = map(lambda t: t, chain(noisy(3), noisy(2)))
print(seen, next(m), seen)
g = count(1)
print(next(g), next(g), list(zip(range(3), g)))
first = islice(noisy(100), 3)
print(list(first), len(seen))
print(list(takewhile(lambda x: x < 3, count())), next(dropwhile(lambda x: x < 100, count())))

# Errors with CPython's types and messages, raised when the iterator is made.
for make in [lambda: count("a"), lambda: repeat(1, "a"), lambda: permutations([1], -1),
             lambda: combinations([1], -1), lambda: combinations_with_replacement([1], -1),
             lambda: product([1], repeat=-1), lambda: islice([1], -1), lambda: islice([1], -2),
             lambda: islice([1], 0, 5, 0), lambda: islice([1], -1, 5), lambda: islice([1], "a"),
             lambda: islice([1]), lambda: islice([1], 1, 2, 3, 4), lambda: tee([1], -1), lambda: cycle(1),
             lambda: product(1), lambda: compress(1, [1]), lambda: starmap(len, 1), lambda: zip_longest(1),
             lambda: pairwise(1), lambda: accumulate(1), lambda: groupby(1), lambda: chain.from_iterable(1),
             lambda: permutations([1], "a")]:
    try:
        make()
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
lazy = chain(1)
try:
    next(lazy)
except TypeError as e:
    print("chain:", e)
