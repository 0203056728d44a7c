# float arithmetic, repr, mixed int/float
print(0.1 + 0.2, 1 / 3, 10 / 4, 1e-05, 1e16, 1e15, 3.0, -0.0)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 2.0 ** 0.5)
print(1 + 2.5, 3 * 1.5, 2 ** 0.5, 10 // 2.5)
print(float("inf"), -float("inf"), float("nan"))
print(1e308 * 10, round(2.567, 2), round(2.675, 2), round(0.5), round(1.5), round(-2.5))
