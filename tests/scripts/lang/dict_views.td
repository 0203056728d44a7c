# keys()/values()/items() are live views printed as dict_keys([...]) etc.
d = {"a": 1, "b": 2}
k = d.keys()
v = d.values()
it = d.items()
d["c"] = 3
print(k)
print(v)
print(it)
print(len(k), "c" in k, "z" in k, 3 in v, ("a", 1) in it, ("a", 2) in it)
print(list(k), sorted(v), [p for p in it])
for key, val in d.items():
    print(key, val)
print(bool({}.keys()), list(reversed(d.keys())))
