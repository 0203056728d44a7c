for i, c in enumerate("abc"):
    print(i, c)
for i, c in enumerate(["x", "y"], 1):
    print(i, c)
print(list(zip([1, 2, 3], "ab")), list(enumerate([5, 6])))
for a, b in zip(range(3), range(10, 13)):
    print(a + b)
print(list(reversed([1, 2, 3])), list(reversed(range(4))))
