# itertools as small programs use it: grids, pairs, running sums, grouping, windows.
import itertools
from itertools import accumulate, chain, combinations, count, groupby, islice, permutations, product, zip_longest

grid = [(r, c) for r, c in product(range(3), repeat=2) if r != c]
print(grid)
best = max(permutations([3, 1, 2]), key=lambda p: p[0] * 100 + p[1] * 10 + p[2])
print(best, sum(1 for _ in combinations(range(10), 3)))
print(list(accumulate([1, 2, 3, 4, 5], lambda a, b: a * b)), list(accumulate(range(6), initial=100)))
words = sorted("apple avocado banana blueberry cherry cranberry date".split())
for letter, group in groupby(words, key=lambda w: w[0]):
    print(letter, list(group))
evens = (n for n in count(0, 2))
print(list(islice(evens, 5)), list(islice(evens, 2)))
print(list(chain.from_iterable(zip_longest("abc", "12", fillvalue="?"))))
primes = []
for n in itertools.count(2):
    if all(n % p for p in primes):
        primes.append(n)
    if len(primes) == 10:
        break
print(primes)
window = list(zip(*(islice(range(8), i, None) for i in range(3))))
print(window, list(itertools.pairwise(range(5))))
print(list(itertools.starmap(lambda a, b: a - b, itertools.zip_longest([5, 6, 7], [1, 2], fillvalue=0))))
a, b = itertools.tee(x * x for x in range(4))
print(list(a), sum(b), list(itertools.compress(range(6), itertools.cycle([1, 0]))))
