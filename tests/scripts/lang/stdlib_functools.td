# stdlib module written in tdsl: functools.reduce
import functools
from functools import reduce
print(functools.reduce(lambda a, b: a + b, [1, 2, 3, 4]))
print(reduce(lambda a, b: a * b, [1, 2, 3, 4], 10))
