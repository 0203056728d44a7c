d = {"a": 1, "b": 2}
keys = list(d)
for k in keys:
    d[k + k] = 0
print(d)
