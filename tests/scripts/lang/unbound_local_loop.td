# A local assigned only inside a loop body that never runs is unbound after it.
def g(n):
    for i in range(n):
        last = i
    return last
print(g(3))
print(g(0))
