# Reading a local before its assignment is UnboundLocalError, not None.
x = 5
def ok(flag):
    if flag:
        y = 1
    else:
        y = 2
    for i in range(3):
        z = i
    return y + z
print(ok(True))
def f():
    print(x)
    x = 3
f()
