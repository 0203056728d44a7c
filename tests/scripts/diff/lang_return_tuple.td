def f():
    return 1, 2
def g():
    return
a = f()
print(a, f()[1], g())
x, y = f()
print(x + y)
