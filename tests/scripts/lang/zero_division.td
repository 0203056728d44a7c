# ZeroDivisionError messages as CPython
def f(a, b):
    return a // b
print(f(7, 2))
print(f(1, 0))
