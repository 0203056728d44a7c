# dict methods and iteration order
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, len(d), "a" in d, "z" not in d)
print(d.get("a"), d.get("z"), d.get("z", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("b"), d)
d.update({"e": 5})
print(d.setdefault("f", 6), d.setdefault("a", 100), d)
for k in d:
    print(k, end=" ")
print()
print({1: "x", 1.0: "y"}, {(1, 2): 3})
