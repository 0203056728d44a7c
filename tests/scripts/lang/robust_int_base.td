# int(s, base): CPython's literal rules, and a base outside 2..36 (not 0) is
# a ValueError, not a crash (issue 10)
print(int("0x1f", 0), int("0x_1f", 16), int("0b101", 0), int("0o17", 0), int("0_0", 0))
print(int(" -1_000 "), int("z", 36), int("10", True + 1))
print(float("1_0.5"), float("-Infinity"), float(" nan "), float("1e400"))
int("10", 37)
