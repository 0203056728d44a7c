print(1 in [1, 2], [1] in [[1]], "ab" in "cabd", 3 in range(5), 5 in range(5), (1, 2) in [(1, 2)])
print(1 in {1: 2}, "x" in {"y": 1})
