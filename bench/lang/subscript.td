# Tuple and list subscripting with constant and variable indices.
def subscript(n):
    t = (1, 2, 3, 4, 5, 6, 7, 8)
    xs = [1, 2, 3, 4, 5, 6, 7, 8]
    acc = 0
    for i in range(n):
        k = i & 7
        acc += t[k] + xs[k] + t[3] + xs[-1]
        xs[k] = t[7 - k]
    return acc


print(subscript(3000000))
