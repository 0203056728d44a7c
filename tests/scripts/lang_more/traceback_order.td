def inner(x):
    return x + "a"

def outer(y):
    return inner(y * 2)

print(outer(1))
