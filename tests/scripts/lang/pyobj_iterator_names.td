# Built-in iterator type names as CPython's; dict() of a mapping object (issue 15).
from collections import defaultdict, OrderedDict, Counter

for it in (iter([1]), iter((1,)), iter(range(3)), iter("ab"), iter("é"), iter({1: 2}),
           iter({1: 2}.keys()), iter({1: 2}.values()), iter({1: 2}.items()), reversed([1, 2]),
           reversed((1, 2)), enumerate([]), zip(), map(abs, []), filter(None, []), (x for x in [])):
    print(type(it).__name__)

dd = defaultdict(list)
dd["a"].append(1)
dd["b"].append(2)
print(dict(dd), sorted(dict(dd).items()))
od = OrderedDict([("x", 1), ("y", 2)])
print(dict(od))
print(dict(Counter("abca")))
d = {"z": 0}
d.update(dd)
print(d)


class Mapping:
    def keys(self):
        return ["k1", "k2"]

    def __getitem__(self, key):
        return key.upper()


print(dict(Mapping()), dict(Mapping(), extra=1))
