# globals(): the module's names as CPython lists them (a script's own
# globals, built-ins left out unless rebound), read from functions too
# (pyperformance's json_dumps looks its cases up by name).
import json

EMPTY = ({}, 2)
SIMPLE = ({"k": 1}, 3)
CASES = ["EMPTY", "SIMPLE"]


def lookup():
    return [globals()[case] for case in CASES]


def shadow():
    len = 5
    return "len" in globals(), len


print(lookup())
print(shadow())
g = globals()
print(type(g).__name__, g["__name__"], "json" in g, "print" in g, "lookup" in g)
print(sorted(k for k in g if not k.startswith("__") and k != "g"))
len = lambda x: 0
print("len" in globals(), globals()["len"]([1, 2]))
late = 1
print("late" in globals())
try:
    globals(1)
except TypeError as e:
    print("TypeError", e)
