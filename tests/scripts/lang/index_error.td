# list index out of range
xs = [1, 2, 3]
print(xs[-1], xs[0])
print(xs[3])
