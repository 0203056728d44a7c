# Tuple packing and unpacking of ten names, 2 million times.
def unpack(n):
    t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    acc = 0
    for i in range(n):
        a, b, c, d, e, f, g, h, k, j = t
        acc += a + j
        a, b = b, a
    return acc


print(unpack(2000000))
