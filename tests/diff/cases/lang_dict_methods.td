d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "a" in d, "z" not in d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d, d.pop("zz", -1))
d.update({"x": 10}); print(d)
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, v)
e = dict(d); e.clear(); print(e, d)
print(d.setdefault("q", 5), d)
del d["b"]
print(d, {1: "int key", 2.5: "float", (1, 2): "tuple"})
