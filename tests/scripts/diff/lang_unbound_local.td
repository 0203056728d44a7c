x = 5
def f():
    print(x)
    x = 3
f()
