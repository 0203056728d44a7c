def outer(n):
    def inner(k=n * 2):
        return k + 1
    return inner
print(outer(3)(), outer(3)(0))
