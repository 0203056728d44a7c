d = {"a": 1, "b": 2}
print(d.keys())
print(d.values())
print(d.items())
k = d.keys()
d["c"] = 3
print(k, len(k), "c" in k)
