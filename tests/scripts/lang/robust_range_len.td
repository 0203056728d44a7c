# a range longer than 2**63 - 1 indexes, slices, iterates and reverses
# correctly; its len() is CPython's OverflowError (issue 10)
r = range(-2**62, 2**62)
print(r[-1], r[2**62], 2**62 - 1 in r, bool(r))
print(next(reversed(r)), list(r[::2**62]), list(r[-2:]))
w = range(-2**62 - 2**62, 2**62 - 1 + 2**62)
print(w[-1], w[2**62 - 1 + 2**62], len(range(-2**62, 2**62 - 1)))
print(len(r))
