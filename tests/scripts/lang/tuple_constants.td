# Note [Constant tuples]: a display of constants is one object per code
# object (CPython folds it the same way); its items keep their types.
import torch


def leaf():
    return (None, None)


print(leaf() is leaf(), leaf())
t = (1, 1.0, True, -0.0, 0.0, -5, 'a', ..., None)
print(t, [type(x) for x in t])
print((1,) == (True,), (1,) == (1.0,), (0.0,) == (-0.0,))
nested = ((1, 2), ('x', (3.5, -2)), ())
print(nested, len(nested), nested[1][1][1])
def two():
    return (1, 2), (1.0, 2.0)
a, b = two()
print(a, b, type(a[0]).__name__, type(b[0]).__name__)
print((-9223372036854775807, 9223372036854775807))
not_constant = (1, [2])
not_constant[1].append(3)
print(not_constant)


@torch.compile
def shifted(x):
    sizes = (2, 3)
    return x.view(sizes) + 1, (4, 5)


r, k = shifted(torch.arange(6.0))
print(r, k)
print(type(None)(), type(None) is type(None), type(...).__name__, type(leaf).__name__)
