d = {}
for i in [5, 3, 9, 1]:
    d[str(i)] = i
print(d, list(d))
d.pop("3")
d["3"] = 0
print(d)
print(sorted(d), sorted(d.values()))
