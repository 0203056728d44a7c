s = slice(1, 5, 2)
print(s, type(s), type(s) is slice, isinstance(s, slice), s.start, s.stop, s.step)
xs = list(range(10))
print(xs[s], xs[slice(3)], xs[slice(-3, None)], "abcdef"[slice(1, None, 2)])
print(slice(None), slice(1, 2) == slice(1, 2))
try:
    slice()
except TypeError as e:
    print("TypeError:", e)
try:
    slice(1, 2, 3, 4)
except TypeError as e:
    print("TypeError:", e)
