# lambda with defaults, keyword calls, __name__
f = lambda a, b=2: a * b
print(f(3), f(3, 4), f(a=2, b=5), f.__name__)
def g():
    pass
print(g.__name__, g())
