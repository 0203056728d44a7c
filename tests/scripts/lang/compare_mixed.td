# comparisons: chained, mixed int/float exact, sequences, is / in
print(1 < 2 < 3, 3 > 2 > 5, 1 < 2 > 1, 10 == 10.0, 2 ** 53 + 1 == float(2 ** 53 + 1))
print(9007199254740993 > 9007199254740992.0, 9007199254740993 == 9007199254740992.0)
print("abc" < "abd", [1, 2] < [1, 2, 0], (1, "a") == (1, "a"), [1] != [1])
x = [1]
y = x
print(x is y, x is [1], x is not None, None is None)
print(2 in [1, 2], 3 not in (1, 2), "ell" in "hello", "k" in {"k": 1}, 4 in range(0, 10, 2))
