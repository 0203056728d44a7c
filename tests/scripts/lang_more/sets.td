# set and frozenset: literals, methods, operators, CPython's iteration order.
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s, 5 not in s)
print(set(), set([5, 3, 5, 1]), set("aab") == {"a", "b"}, set(range(10)))
e = set()
for i in [10, 3, 7, 3, 100, 1]:
    e.add(i)
print(e)
e.discard(7)
e.discard(12345)
e.remove(3)
print(e, sorted(e))
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union([9, 8]), a.intersection(range(3)), a.difference([1]), a.symmetric_difference([1, 10]))
print({1, 2} <= a, {1, 2} < a, a <= a, a < a, a >= {1}, a > a, {7}.isdisjoint(a), {1}.issubset([1, 2]), a.issuperset([1, 2]))
print(a == {4, 3, 2, 1}, a != b, {1, 2} == frozenset([2, 1]))
c = set(a)
c |= {10}
c &= {1, 2, 10, 11}
c -= {2}
c ^= {1, 99}
print(c, a)
c.update([5, 6], (7,))
print(c)
c.clear()
print(c, bool(c), bool({0}))
p = {1, 2, 3}
print(p.pop(), p.pop(), p)
f = frozenset([3, 2, 1])
print(f, f | {4}, {4} | f, type(f | {4}) == frozenset, hash(f) == hash(frozenset([1, 2, 3])))
print({frozenset([1]): "one"}[frozenset([1])])
print({-1, -2, 0, 8, 16, 5}, {1.5, 2, 0.5}, {(1, 2), (0, 0)}, {True, 1, 1.0, 0, False})
print(list({100, 5, 33, 64}), sorted({"b", "a", "c"}))
big = set(range(0, 200, 7))
print(big)
print(len({x % 5 for x in range(100)}), {x * x for x in range(-3, 4)})
print({k: v for k, v in zip("abc", range(3))}, {x: x * x for x in range(5) if x % 2})
words = ["apple", "bob", "cat", "apple", "bob"]
print(sorted(set(words)), {w: len(w) for w in words})
print(isinstance(s, set), isinstance(f, frozenset), isinstance(f, set))
print(sum({1, 2, 3}), max({4, 9, 2}), sorted({3, 1, 2}, reverse=True))
print(set([1, 2]).copy(), {1, 2}.copy() is not None)
print(sorted(set({"x": 1, "y": 2})), frozenset())
