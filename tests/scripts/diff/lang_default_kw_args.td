def f(a, b=2, c=3):
    return a * 100 + b * 10 + c
print(f(1), f(1, 5), f(1, c=9), f(a=4, b=0, c=0), f(1, 2, 3))
def g(x, y=[]):
    y.append(x)
    return y
print(g(1), g(2))
